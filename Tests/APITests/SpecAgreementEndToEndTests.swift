import Foundation
import TestSupport
import Testing

/// What docs/openapi.yaml promises about ids and empty query values, which schemathesis
/// (.ci/schemathesis.sh) generates requests from: the `Id` pattern is exactly 1...2^63 - 1,
/// and a query parameter with an empty value counts as absent.
@Suite struct SpecAgreementEndToEndTests {
    let server = APITestServer.shared

    static let largestID = "9223372036854775807"
    static let pastLargestIDs = ["9223372036854775808", "9999999999999999999", "18446744073709551616"]

    @Test func theLargestIDIsAnIDAndOneMoreIsNot() throws {
        let stay = "checkin=2028-01-10&checkout=2028-01-13&adults=2"
        let missing = try server.json("/listings/\(Self.largestID)", status: 404)
        #expect(missing["type"] as? String == "/problems/listing-not-found")
        #expect(try server.json("/quote?listingId=\(Self.largestID)&\(stay)", status: 404)["type"] as? String
            == "/problems/listing-not-found")
        #expect(try server.json("/locations/\(Self.largestID)", status: 404)["type"] as? String
            == "/problems/location-not-found")
        for id in Self.pastLargestIDs {
            #expect(try server.get("/listings/\(id)").status == 400, "\(id)")
            #expect(try server.get("/locations/\(id)").status == 400, "\(id)")
            let quote = try server.json("/quote?listingId=\(id)&\(stay)", status: 400)
            let params = quote["invalidParams"] as? [[String: Any]] ?? []
            #expect(params.contains { $0["name"] as? String == "listingId" }, "\(id): \(quote)")
        }
    }

    /// `?adults=` is no `adults`: the same answer, byte for byte, as leaving it out.
    @Test func anEmptyOptionalValueTakesItsDefault() throws {
        let pairs = [
            ("/listings?adults=&limit=&sort=&roomType=&minPrice=", "/listings"),
            ("/price-histogram?adults=&bins=", "/price-histogram"),
            ("/locations/popular?limit=", "/locations/popular"),
            ("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&children=&infants=",
             "/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13"),
        ]
        for (empty, absent) in pairs {
            let withEmpty = try server.get(empty)
            let without = try server.get(absent)
            #expect(withEmpty.status == 200, "\(empty): \(withEmpty.status) \(withEmpty.text)")
            #expect(withEmpty.body == without.body, "\(empty) differs from \(absent)")
        }
    }

    /// `?listingId=` is no `listingId`: a required parameter left empty is "is required".
    @Test func anEmptyRequiredValueIsMissing() throws {
        let quote = try server.json("/quote?listingId=&checkin=2028-01-10&checkout=2028-01-13", status: 400)
        let params = quote["invalidParams"] as? [[String: Any]] ?? []
        #expect(params.contains { $0["name"] as? String == "listingId" && $0["reason"] as? String == "is required" },
                "\(quote)")
    }
}
