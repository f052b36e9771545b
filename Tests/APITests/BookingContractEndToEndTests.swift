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

    @Test func anInvalidStayInABookingIsTheProblemQuoteAnswers() throws {
        let server = try APITestServer()
        let guest = try BookingClient.newGuest(port: server.port)
        let cases: [(checkin: String, checkout: String, adults: Int)] = [
            ("2028-01-13", "2028-01-10", 2),   // checkout before checkin
            ("2028-01-10", "2029-02-10", 2),   // too many nights
            ("2028-02-30", "2028-03-02", 2),   // not a real date
            ("2028-01-10", "2028-01-13", 0),   // nobody
        ]
        for stay in cases {
            let quote = try server.get("/quote?listingId=101&checkin=\(stay.checkin)&checkout=\(stay.checkout)&adults=\(stay.adults)")
            #expect(quote.status == 400)
            let booking = try guest.book(["listingId": "101", "checkin": stay.checkin, "checkout": stay.checkout,
                                          "adults": stay.adults, "expectedTotal": 1])
            #expect(booking.status == 400, "\(stay)")
            let quoted = quote.object, booked = booking.object
            #expect(booked["type"] as? String == "/problems/invalid-parameters", "\(stay): \(booking.text)")
            #expect(booked["type"] as? String == quoted["type"] as? String, "\(stay)")
            let names = { (problem: [String: Any]) in
                (problem["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted()
            }
            #expect(!names(booked).isEmpty)
            #expect(names(booked) == names(quoted), "\(stay): \(booking.text) vs \(quote.text)")
        }
        // A body of the wrong shape stays invalid-body.
        let shapeless = try guest.book(["listingId": 101, "checkin": "2028-01-10", "checkout": "2028-01-13", "adults": 2,
                                        "expectedTotal": 1])
        #expect(shapeless.object["type"] as? String == "/problems/invalid-body")
    }
}
