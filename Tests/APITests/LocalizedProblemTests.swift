import Domain
import Foundation
import HTTPServer
import Testing
import TestSupport
@testable import API

/// Problems in the client's language: `title` and `detail` in Korean when asked for, the
/// rest of the body unchanged.
@Suite struct LocalizedProblemTests {
    /// One of each case; the switch has no default, so a new case fails to compile here
    /// until it is added (and then checked for its Korean).
    static let everyCase: [StaysError] = {
        let date = CatalogFixture.date("2028-01-10")
        let listing = CatalogFixture.listing(ListingID(1), in: LocationID(1), base: 100_000, at: (37.5, 127.0),
                                             pricing: PricingRules(basePrice: 100_000), maxGuests: 2, score: 1)
        let quote = Quote(listing: listing, stay: Stay(checkin: date, checkout: date.adding(days: 2))!,
                          guests: GuestCount(), entries: [])
        let cases: [StaysError] = [
            .invalidParameter("limit", "must be between 1 and 50"), .listingNotFound(ListingID(7)),
            .locationNotFound(LocationID(7)), .unavailableDates([date]),
            .datesNotOpen(availableUntil: date, dates: [date]), .unauthenticated("no Authorization header"),
            .reservationNotFound(ReservationID(7)), .priceChanged(quote), .stayEnded(ReservationID(7)),
            .invalidIdempotencyKey, .idempotencyKeyReused,
        ] + [StayRule.minNights(required: 2), .maxNights(allowed: 6), .capacity(maxGuests: 2),
             .closedToArrival(date), .closedToDeparture(date)].map { StaysError.stayRuleViolated($0) }
        for error in cases {
            switch error {
            case .invalidParameters, .listingNotFound, .locationNotFound, .unavailableDates, .datesNotOpen,
                 .stayRuleViolated, .unauthenticated, .reservationNotFound, .priceChanged, .stayEnded,
                 .invalidIdempotencyKey, .idempotencyKeyReused: break
            }
        }
        return cases
    }()

    static func isHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    @Test(arguments: everyCase) func koreanTitleAndDetailTheRestUnchanged(error: StaysError) {
        let english = error.problem(in: .en), korean = error.problem(in: .ko)
        #expect(error.problem == english)
        #expect(Self.isHangul(korean.title) && Self.isHangul(korean.detail ?? ""), "\(korean.title) \(korean.detail ?? "")")
        #expect(!Self.isHangul(english.title) && !Self.isHangul(english.detail ?? ""))
        #expect(korean.type == english.type && korean.status == english.status)
        #expect(korean.invalidParams == english.invalidParams && korean.extra == english.extra
                && korean.jsonMembers == english.jsonMembers)
    }

    @Test func problemLanguageIsKoreanOnlyWhenAskedFor() {
        #expect(Language(negotiating: "ko") == .ko)
        #expect(Language(negotiating: "ko-KR,en;q=0.5") == .ko)
        #expect(Language(negotiating: "en") == .en)
        #expect(Language(negotiating: "fr") == nil)
        #expect(Language(negotiating: "*") == nil)
    }
}

/// The same over a real socket: a handler's problem, a route middleware's (authentication)
/// and the query reader's, in each language.
@Suite struct LocalizedProblemEndToEndTests {
    let server = APITestServer.shared

    func problem(_ target: String, status: Int, language: String?) throws -> [String: Any] {
        try server.json(target, status: status, headers: language.map { [("Accept-Language", $0)] } ?? [])
    }

    @Test func aKoreanClientReadsKoreanProblems() throws {
        let korean = try problem("/listings/999999", status: 404, language: "ko-KR,ko;q=0.9")
        #expect(korean["type"] as? String == "/problems/listing-not-found")
        #expect(korean["title"] as? String == "숙소를 찾을 수 없습니다")
        #expect(korean["detail"] as? String == "ID가 999999인 숙소가 없습니다.")
        #expect(korean["status"] as? Int == 404)
        for language in [nil, "en", "fr"] as [String?] {
            let english = try problem("/listings/999999", status: 404, language: language)
            #expect(english["title"] as? String == "Listing not found", "\(language ?? "no header")")
        }
        let parameters = try problem("/listings?limit=0&minPirce=1", status: 400, language: "ko")
        #expect(parameters["title"] as? String == "요청 값이 올바르지 않습니다")
        #expect((parameters["invalidParams"] as? [[String: Any]])?.count == 2)
        let unauthenticated = try problem("/reservations", status: 401, language: "ko")
        #expect(unauthenticated["type"] as? String == "/problems/unauthenticated")
        #expect(unauthenticated["title"] as? String == "인증이 필요합니다")
    }
}
