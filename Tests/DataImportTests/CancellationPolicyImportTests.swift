import Domain
import Testing
@testable import DataImport

/// Imports take a listing's cancellation policy from the file when it has one.
@Suite struct CancellationPolicyImportTests {
    @Test func policiesFromOlderFilesMapToTheNearestOfOurs() {
        let cases: [(String, CancellationPolicy)] = [
            ("flexible", .flexible), ("moderate", .moderate), ("strict", .strict), (" Strict ", .strict),
            ("strict_14_with_grace_period", .strict), ("super_strict_30", .strict), ("super_strict_60", .strict),
            ("", .moderate), ("luxury_moderate", .moderate), ("long_term", .moderate),
        ]
        for (text, policy) in cases {
            #expect(InsideAirbnbListingRow.cancellationPolicy(text) == policy, "\(text)")
        }
    }
}
