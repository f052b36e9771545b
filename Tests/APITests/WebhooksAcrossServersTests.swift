import Application
import Foundation
import TestSupport
import Testing

/// Two servers on one PostgreSQL database share one webhook queue: each delivery is
/// claimed by one server at a time (`FOR UPDATE SKIP LOCKED` and a lease), so with a
/// receiver that never fails every event arrives exactly once.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct WebhooksAcrossServersTests {
    @Test func twoServersDeliverEveryEventExactlyOnce() throws {
        let first = try APITestServer(engine: .postgres, configure: WebhooksEndToEndTests.configure())
        // The second server: the same configuration (database, webhooks) on its own port.
        let second = try buildApplication(first.application.configuration)
        let secondPort = try second.start()
        defer {
            second.shutdown()
            second.waitUntilStopped()
        }
        let (guest, host) = try EventsEndToEndTests.parties(first)
        let receiver = try WebhookReceiver()
        _ = try WebhooksEndToEndTests.subscribe(host, receiver)
        let guestOnSecond = EventsEndToEndTests.Party(client: BookingClient(port: secondPort, token: guest.client.token),
                                                      id: guest.id)
        // 60 bookings, alternating servers, booked from four threads at once.
        let failures = UnsafeSendableBox<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<15 {
                let night = CalendarDay(2028, 2, 1).adding(index * 2)
                let party = index.isMultiple(of: 2) ? guest : guestOnSecond
                do {
                    _ = try EventsEndToEndTests.book(first, party, listing: String(201 + worker), "\(night)", "\(night.adding(1))")
                } catch {
                    failures.lock.withLock { failures.value.append("\(error)") }
                }
            }
        }
        #expect(failures.lock.withLock { failures.value }.isEmpty)
        #expect(receiver.wait { Set($0.map(\.eventID)).count >= 60 })
        let delivered = receiver.deliveries
        #expect(delivered.count == 60, "duplicates: \(delivered.count - Set(delivered.map(\.eventID)).count)")
        #expect(delivered.allSatisfy { $0.signatureValid })
        // Both servers took part (each claims whatever is due when it polls).
        let attempts = [first.application.metrics, second.metrics].map { metrics -> Int in
            let text = String(decoding: metrics.response().body, as: UTF8.self)
            let line = text.split(separator: "\n").first { $0.hasPrefix("stays_webhook_attempts_total{outcome=\"delivered\"}") }
            return Int(line?.split(separator: " ").last ?? "0") ?? 0
        }
        #expect(attempts.reduce(0, +) == 60, "\(attempts)")
    }
}
