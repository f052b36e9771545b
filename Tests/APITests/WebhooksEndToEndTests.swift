import Application
import Domain
import Foundation
import TestSupport
import Testing

/// Webhooks over real sockets, on both engines: the host's endpoints (secret shown once),
/// signed deliveries of every event to a receiver in the test that verifies each signature,
/// retries after failures, 410 and a whole retry period of failures disabling an endpoint,
/// the delivery log and redelivery; and on PostgreSQL, two servers delivering one queue
/// without sending anything twice.
@Suite struct WebhooksEndToEndTests {
    static func configure(retryFor: Int64 = 60) -> (inout ApplicationConfiguration) -> Void {
        { configuration in
            configuration.allowPrivateAddresses = true
            configuration.webhooks.pollInterval = .milliseconds(50)
            configuration.webhooks.retryForSeconds = retryFor
        }
    }

    /// Creates a webhook of `host` to `receiver` and has the receiver verify with its secret.
    static func subscribe(_ host: EventsEndToEndTests.Party, _ receiver: WebhookReceiver,
                          events: [String] = ["reservation.*"]) throws -> String {
        let created = try host.client.send("POST", "/host/webhooks", body: host.client.json(["url": receiver.url, "events": events]))
        guard created.status == 201, let id = created.object["id"] as? String, let secret = created.object["secret"] as? String else {
            throw ClientError(description: "POST /host/webhooks: \(created.status) \(created.text)")
        }
        receiver.use(secret: secret)
        return id
    }

    static func deliveries(_ host: EventsEndToEndTests.Party, _ webhook: String) throws -> [[String: Any]] {
        EventsEndToEndTests.items(try host.client.send("GET", "/host/webhooks/\(webhook)/deliveries?limit=100"))
    }

    @Test(arguments: APITestServer.Engine.available)
    func endpointsAreTheHostsOwnAndTheSecretIsShownOnce(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: Self.configure())
        let (guest, host) = try EventsEndToEndTests.parties(server)
        let receiver = try WebhookReceiver()
        let body = try host.client.json(["url": receiver.url, "events": ["reservation.*", "listing.published"]])
        let created = try host.client.send("POST", "/host/webhooks", body: body)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.object["id"] as? String)
        let secret = try #require(created.object["secret"] as? String)
        #expect(secret.hasPrefix("whsec_") && secret.count > 40)
        #expect(created.header("Location") == "/host/webhooks/\(id)")
        #expect(created.object["events"] as? [String] == ["reservation.*", "listing.published"])
        // Never again: not in the list, not in the endpoint.
        let list = try host.client.send("GET", "/host/webhooks")
        #expect(list.status == 200 && !list.text.contains(secret) && EventsEndToEndTests.items(list).count == 1)
        #expect(!(try host.client.send("GET", "/host/webhooks/\(id)")).text.contains(secret))
        // Rotation issues a new one, shown in that answer only.
        let rotated = try host.client.send("POST", "/host/webhooks/\(id)/rotate-secret")
        let newSecret = try #require(rotated.object["secret"] as? String)
        #expect(rotated.status == 200 && newSecret != secret && newSecret.hasPrefix("whsec_"))

        // A guest-only account may not; another host sees nothing of it; bad bodies name their fields.
        let notHost = try guest.client.send("POST", "/host/webhooks", body: body)
        #expect(notHost.status == 403 && notHost.object["type"] as? String == "/problems/host-role-required")
        let other = try EventsEndToEndTests.signUp(server, "other@example.com", roles: ["host"], locale: "en")
        #expect(try other.client.send("GET", "/host/webhooks/\(id)").status == 404)
        #expect(try other.client.send("DELETE", "/host/webhooks/\(id)").status == 404)
        #expect(try other.client.send("POST", "/host/webhooks/\(id)/rotate-secret").status == 404)
        #expect(EventsEndToEndTests.items(try other.client.send("GET", "/host/webhooks")).isEmpty)
        let bad = try host.client.send("POST", "/host/webhooks",
                                       body: host.client.json(["url": "ftp://x.example/", "events": ["reservation.confirmd"]]))
        #expect(bad.status == 400)
        let names = ((bad.object["invalidParams"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["url", "events"], "\(bad.text)")

        #expect(try host.client.send("DELETE", "/host/webhooks/\(id)").status == 204)
        #expect(try host.client.send("GET", "/host/webhooks/\(id)").status == 404)
    }

    @Test(arguments: APITestServer.Engine.available)
    func everyBookingAndCancellationIsDeliveredSigned(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: Self.configure())
        let (guest, host) = try EventsEndToEndTests.parties(server)
        let receiver = try WebhookReceiver()
        let webhook = try Self.subscribe(host, receiver)
        // Another host hears nothing of listings not theirs, even subscribed to everything.
        let otherHost = try EventsEndToEndTests.signUp(server, "other@example.com", roles: ["host"], locale: "en")
        let otherReceiver = try WebhookReceiver()
        _ = try Self.subscribe(otherHost, otherReceiver, events: ["*"])
        // 500 bookings over ten listings, each then cancelled: 1,000 events.
        var reservations: [String] = []
        for index in 0..<500 {
            let listing = String(201 + index % 10)
            let night = CalendarDay(2028, 2, 1).adding(index / 10 * 2)
            reservations.append(try EventsEndToEndTests.book(server, guest, listing: listing, "\(night)", "\(night.adding(1))"))
        }
        for reservation in reservations {
            #expect(try guest.client.send("POST", "/reservations/\(reservation)/cancel").status == 200)
        }
        let all = receiver.wait { Set($0.map(\.eventID)).count >= 1000 }
        #expect(all, "\(Set(receiver.deliveries.map(\.eventID)).count) of 1,000 events delivered")
        let delivered = receiver.deliveries
        #expect(delivered.allSatisfy { $0.signatureValid })
        // Nothing failed, so nothing was sent twice.
        #expect(delivered.count == 1000 && Set(delivered.map(\.eventID)).count == 1000)
        #expect(delivered.filter { $0.type == "reservation.confirmed" }.count == 500)
        #expect(delivered.filter { $0.type == "reservation.cancelled" }.count == 500)
        let cancellation = try #require(delivered.first { $0.type == "reservation.cancelled" })
        let data = try #require(cancellation.body["data"] as? [String: Any])
        #expect(data["cancelledBy"] as? String == "guest" && data["refundTotal"] is NSNumber && data["reservationId"] is String)
        #expect(cancellation.body["id"] as? String == cancellation.eventID)

        // The delivery log: every one delivered at the first attempt with a 200.
        var log: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try host.client.send("GET", "/host/webhooks/\(webhook)/deliveries?limit=100" + (cursor.map { "&cursor=\($0)" } ?? ""))
            log += EventsEndToEndTests.items(page)
            cursor = page.object["nextCursor"] as? String
        } while cursor != nil
        #expect(log.count == 1000 && Set(log.compactMap { $0["id"] as? String }).count == 1000)
        #expect(log.allSatisfy { $0["status"] as? String == "delivered" && $0["responseCode"] as? Int == 200
                                 && $0["attempts"] as? Int == 1 && $0["latencyMs"] is Int })
        // Redelivery on request: the same event, again, signed.
        let one = try #require(log.first?["id"] as? String)
        let eventID = try #require(log.first?["eventId"] as? String)
        let redeliver = try host.client.send("POST", "/host/webhooks/\(webhook)/deliveries/\(one)/redeliver")
        #expect(redeliver.status == 202, "\(redeliver.text)")
        #expect(receiver.wait { $0.filter { $0.eventID == eventID }.count == 2 })
        #expect(receiver.deliveries.allSatisfy { $0.signatureValid })
        #expect(try host.client.send("POST", "/host/webhooks/\(webhook)/deliveries/999999/redeliver").status == 404)
        #expect(otherReceiver.deliveries.isEmpty)
        #expect(EventsEndToEndTests.items(try otherHost.client.send("GET", "/notifications")).isEmpty)
        // Metrics: events written, attempts by outcome, no backlog.
        let metrics = try server.get("/metrics").text
        #expect(metrics.contains("stays_events_written_total 1000"), "\(metrics)")
        #expect(metrics.contains("stays_webhook_attempts_total{outcome=\"delivered\"} 1001"))
    }

    @Test(arguments: APITestServer.Engine.available)
    func aReceiverFailingThreeTimesGetsTheEventOnTheFourth(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: Self.configure())
        let (guest, host) = try EventsEndToEndTests.parties(server)
        let receiver = try WebhookReceiver { $0 <= 3 ? 500 : 200 }
        let webhook = try Self.subscribe(host, receiver)
        _ = try EventsEndToEndTests.book(server, guest, listing: "101", "2028-01-10", "2028-01-13")
        #expect(receiver.wait { $0.count >= 4 })
        let attempts = receiver.deliveries
        #expect(attempts.count == 4 && Set(attempts.map(\.eventID)).count == 1 && attempts.allSatisfy { $0.signatureValid })
        #expect(try #require(try Self.deliveries(host, webhook).first).let { log in
            log["status"] as? String == "delivered" && log["attempts"] as? Int == 4 && log["responseCode"] as? Int == 200
        })
    }

    @Test(arguments: APITestServer.Engine.available)
    func a410DisablesTheEndpointAtOnce(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: Self.configure())
        let (guest, host) = try EventsEndToEndTests.parties(server)
        let receiver = try WebhookReceiver { _ in 410 }
        let webhook = try Self.subscribe(host, receiver)
        _ = try EventsEndToEndTests.book(server, guest, listing: "101", "2028-01-10", "2028-01-13")
        #expect(receiver.wait { $0.count >= 1 })
        let deadline = Date().addingTimeInterval(10)
        var endpoint: [String: Any] = [:]
        repeat {
            endpoint = try host.client.send("GET", "/host/webhooks/\(webhook)").object
        } while endpoint["enabled"] as? Bool != false && Date() < deadline
        #expect(endpoint["enabled"] as? Bool == false && (endpoint["disabledReason"] as? String)?.contains("410") == true)
        // The host is told, in Korean (the host's locale).
        let told = EventsEndToEndTests.items(try host.client.send("GET", "/notifications?limit=1")).first
        #expect(told?["type"] as? String == "webhook.disabled" && told?["title"] as? String == "웹훅 전송이 중지되었습니다")
        // A disabled endpoint gets nothing more.
        _ = try EventsEndToEndTests.book(server, guest, listing: "101", "2028-01-20", "2028-01-22")
        #expect(try Self.deliveries(host, webhook).map { $0["status"] as? String } == ["failed"])
        #expect(receiver.deliveries.count == 1)
    }

    @Test(arguments: APITestServer.Engine.available)
    func failuresForTheWholeRetryPeriodGiveUpAndDisable(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: Self.configure(retryFor: 1))
        let (guest, host) = try EventsEndToEndTests.parties(server)
        let receiver = try WebhookReceiver { _ in 503 }
        let webhook = try Self.subscribe(host, receiver)
        _ = try EventsEndToEndTests.book(server, guest, listing: "101", "2028-01-10", "2028-01-13")
        let deadline = Date().addingTimeInterval(15)
        var log: [[String: Any]] = []
        repeat {
            log = try Self.deliveries(host, webhook)
        } while log.first?["status"] as? String != "failed" && Date() < deadline
        #expect(log.first?["status"] as? String == "failed" && log.first?["responseCode"] as? Int == 503)
        let attempts = try #require(log.first?["attempts"] as? Int)
        #expect(attempts >= 2 && receiver.deliveries.count == attempts, "exponential backoff inside one second")
        let endpoint = try host.client.send("GET", "/host/webhooks/\(webhook)").object
        #expect(endpoint["enabled"] as? Bool == false)
        #expect(EventsEndToEndTests.items(try host.client.send("GET", "/notifications")).contains {
            $0["type"] as? String == "webhook.disabled"
        })
    }
}

extension Dictionary {
    /// `body(self)`: lets a test state a condition of a value it just required.
    func `let`(_ body: (Self) -> Bool) -> Bool { body(self) }
}
