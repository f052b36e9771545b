import Application
import Foundation
import TestSupport
import Testing

/// Webhook order per listing over real sockets, on both engines, with four delivery
/// workers: a burst of one listing's events reaches the receiver one at a time and in
/// event order, its first event's failures holding the rest back, while another listing's
/// events go on meanwhile (docs/API.md, "Webhooks": the order of deliveries).
@Suite struct WebhookOrderEndToEndTests {
    @Test(arguments: APITestServer.Engine.available)
    func aListingsBurstArrivesInOrderWhileAnotherListingGoesOn(engine: APITestServer.Engine) throws {
        let base = WebhooksEndToEndTests.configure()
        let server = try APITestServer(engine: engine, configure: { configuration in
            base(&configuration)
            configuration.webhooks.workers = 4
        })
        let (guest, host) = try EventsEndToEndTests.parties(server)
        // Listing 201's deliveries fail until every event of listing 202 (four) was acknowledged:
        // were 202's held behind 201's, neither would ever arrive.
        let receiver = try WebhookReceiver(delaySeconds: 0.02) { delivery, earlier in
            guard delivery.listingID == "201" else { return 200 }
            let acknowledged = Set(earlier.filter { $0.listingID == "202" && $0.status == 200 }.map(\.eventID))
            return acknowledged.count >= 4 ? 200 : 503
        }
        let webhook = try WebhooksEndToEndTests.subscribe(host, receiver)

        // The burst: six bookings of 201, three of them cancelled at once (nine events); then
        // two bookings of 202, both cancelled (four events).
        var burst: [String] = []
        for index in 0..<6 {
            let night = CalendarDay(2028, 2, 1).adding(index * 2)
            burst.append(try EventsEndToEndTests.book(server, guest, listing: "201", "\(night)", "\(night.adding(1))"))
        }
        for reservation in burst.prefix(3) {
            #expect(try guest.client.send("POST", "/reservations/\(reservation)/cancel").status == 200)
        }
        for index in 0..<2 {
            let night = CalendarDay(2028, 2, 1).adding(index * 2)
            let reservation = try EventsEndToEndTests.book(server, guest, listing: "202", "\(night)", "\(night.adding(1))")
            #expect(try guest.client.send("POST", "/reservations/\(reservation)/cancel").status == 200)
        }

        let arrived = receiver.wait(seconds: 60) { deliveries in
            Set(deliveries.filter { $0.status == 200 }.map(\.eventID)).count >= 13
        }
        let deliveries = receiver.deliveries
        #expect(arrived, "\(deliveries.map { "\($0.listingID ?? "-"):\($0.eventID):\($0.status)" })")
        #expect(deliveries.allSatisfy { $0.signatureValid })
        let first = deliveries.filter { $0.listingID == "201" }
        let second = deliveries.filter { $0.listingID == "202" }
        // Each listing's deliveries, retries included, in event order; each event acknowledged once.
        for listing in [first, second] {
            let ids = listing.compactMap { Int64($0.eventID) }
            #expect(ids == ids.sorted(), "\(ids)")
            let acknowledged = listing.filter { $0.status == 200 }.map(\.eventID)
            #expect(Set(acknowledged).count == acknowledged.count)
        }
        #expect(first.filter { $0.status == 200 }.count == 9 && second.filter { $0.status == 200 }.count == 4)
        #expect(first.map(\.type).filter { $0 == "reservation.cancelled" }.count == 3)
        // 201's first event failed while 202's went through; nothing behind it was tried meanwhile.
        let failed = first.filter { $0.status != 200 }
        #expect(!failed.isEmpty && Set(failed.map(\.eventID)) == [first[0].eventID])
        let lastOfSecond = try #require(deliveries.lastIndex { $0.listingID == "202" })
        let firstAcknowledged = try #require(deliveries.firstIndex { $0.listingID == "201" && $0.status == 200 })
        #expect(lastOfSecond < firstAcknowledged)
        // One at a time per listing, with four workers.
        #expect(receiver.mostAtOnceForAListing == 1)
        // The host's log agrees (once the last acknowledgement is recorded): all delivered, the
        // first after its retries.
        let deadline = Date().addingTimeInterval(10)
        var log: [[String: Any]] = []
        repeat {
            log = try WebhooksEndToEndTests.deliveries(host, webhook)
        } while !log.allSatisfy({ $0["status"] as? String == "delivered" }) && Date() < deadline
        #expect(log.count == 13 && log.allSatisfy { $0["status"] as? String == "delivered" })
        #expect(log.first { $0["eventId"] as? String == first[0].eventID }?["attempts"] as? Int == failed.count + 1)
    }
}
