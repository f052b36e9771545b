import Domain
import Foundation
import TestSupport
import Testing

/// What the contract promises about a booking's answers (fixture catalog: today is
/// 2027-12-20; listing 101 is free 2028-01-10 to 13).
@Suite struct BookingContractEndToEndTests {
    static let stay = ["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13"]

    /// The header fields that differ between two answers by nature: each request's own id,
    /// the clock, and the replay's mark.
    static let ownFields: Set<String> = ["x-request-id", "date", "idempotent-replayed"]

    func fields(_ response: ClientResponse) -> [String] {
        response.headers.filter { !Self.ownFields.contains($0.0.lowercased()) }
            .map { "\($0.0.lowercased()): \($0.1)" }.sorted()
    }

    @Test func aReplayAnswersTheFirst201Whole() throws {
        let server = try APITestServer()
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")["total"]))
        var body: [String: Any] = Self.stay
        body["adults"] = 2
        body["expectedTotal"] = total
        let first = try guest.book(body, key: "whole-1")
        #expect(first.status == 201)
        let id = try #require(first.object["id"] as? String)
        #expect(first.header("Location") == "/reservations/\(id)")
        let replay = try guest.book(body, key: "whole-1")
        #expect(replay.status == 201)
        #expect(replay.body == first.body)
        #expect(replay.header("Idempotent-Replayed") == "true")
        #expect(replay.header("Location") == "/reservations/\(id)")
        #expect(fields(replay) == fields(first))
    }
}
