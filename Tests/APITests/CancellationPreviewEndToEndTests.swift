import Foundation
import Testing
import TestSupport

/// `GET /reservations/{id}/cancellation` over a real socket: what cancelling now would
/// refund, without cancelling, and exactly what the cancel then answers.
@Suite struct CancellationPreviewEndToEndTests {
    /// A stay 2 days after "today" (2027-12-20) of the moderate listing 101: a partial refund.
    static let stay = ["listingId": "101", "checkin": "2027-12-22", "checkout": "2027-12-25"]

    func book(_ server: APITestServer, _ guest: BookingClient) throws -> String {
        let quote = try server.json("/quote?listingId=101&checkin=2027-12-22&checkout=2027-12-25&adults=2")
        var body: [String: Any] = Self.stay
        body["adults"] = 2
        body["expectedTotal"] = quote["total"]
        let created = try guest.book(body)
        #expect(created.status == 201, "\(created.text)")
        return try #require(created.object["id"] as? String)
    }

    @Test(arguments: APITestServer.Engine.available)
    func thePreviewIsWhatTheCancelRefunds(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let id = try book(server, guest)

        let preview = try guest.send("GET", "/reservations/\(id)/cancellation")
        #expect(preview.status == 200, "\(preview.text)")
        let refund = try #require(preview.object["refund"] as? [String: Any])
        #expect(preview.object["status"] as? String == "confirmed")
        #expect(preview.object["cancellationPolicy"] as? String == "moderate")
        #expect(preview.object["daysBeforeCheckin"] as? Int == 2)
        let total = try #require(int64(refund["total"])), retained = try #require(int64(refund["retained"]))
        #expect(total > 0 && retained > 0, "moderate, 2 days before: a partial refund")
        #expect(total + retained == int64(preview.object["paid"]))
        let lines = (refund["lines"] as? [[String: Any]] ?? []).compactMap { int64($0["amount"]) }
        #expect(lines.reduce(0, +) == total)
        // Nothing was cancelled.
        #expect(try guest.send("GET", "/reservations/\(id)").object["status"] as? String == "confirmed")

        let cancel = try guest.send("POST", "/reservations/\(id)/cancel")
        #expect(cancel.status == 200, "\(cancel.text)")
        let cancelled = try #require(cancel.object["refund"] as? [String: Any])
        #expect(NSDictionary(dictionary: cancelled).isEqual(to: refund), "\(cancelled) vs \(refund)")
        // Afterwards the preview shows the refund the cancel recorded.
        let after = try guest.send("GET", "/reservations/\(id)/cancellation")
        #expect(after.object["status"] as? String == "cancelled")
        #expect(NSDictionary(dictionary: after.object["refund"] as? [String: Any] ?? [:]).isEqual(to: refund))
    }

    @Test func onlyTheGuestsOwnReservation() throws {
        let server = try APITestServer(engine: .sqlite)
        let guest = try BookingClient.newGuest(port: server.port)
        let id = try book(server, guest)
        let other = try BookingClient.newGuest(port: server.port)
        #expect(try other.send("GET", "/reservations/\(id)/cancellation").status == 404)
        #expect(try BookingClient(port: server.port, token: nil).send("GET", "/reservations/\(id)/cancellation").status == 401)
        #expect(try guest.send("GET", "/reservations/987654/cancellation").status == 404)
        #expect(try guest.send("GET", "/reservations/\(id)/cancellation?now=1").status == 400)
    }
}
