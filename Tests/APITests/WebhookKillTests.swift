import Domain
import Foundation
import Persistence
import Storage
import TestSupport
import Testing

/// `kill -9` of the real executable while guests book and webhooks are being delivered:
/// every committed booking has its event, and a second server on the same database file
/// delivers every event, the ones the killed server held included (after its claims'
/// lease), each signed; duplicates only of deliveries that were in flight at the kill.
@Suite struct WebhookKillTests {
    @Test func killedMidDeliveryLosesNoEvent() throws {
        #expect(FileManager.default.isExecutableFile(atPath: DurabilityTests.executable.path), "build the stays executable first")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try CatalogFixture.make(in: directory)
        let path = pool.path
        let arguments = ["--allow-private-addresses", "--webhook-timeout", "5", "--webhook-retry-for", "600",
                         "--mail-dir", directory.appendingPathComponent("mail").path]
        let victim = try DurabilityTests.RunningStays(database: path, arguments: arguments)

        // A guest, and a host owning the ten listings 201...210, with a receiver that takes its time.
        let anonymous = BookingClient(port: victim.port, token: nil)
        func signUp(_ email: String, _ roles: [String]) throws -> BookingClient {
            let response = try anonymous.send("POST", "/accounts", body: anonymous.json([
                "email": email, "password": EventsEndToEndTests.password, "name": "Kim", "roles": roles]))
            return BookingClient(port: victim.port, token: try #require(response.object["accessToken"] as? String))
        }
        let guest = try signUp("guest@example.com", ["guest"])
        let host = try signUp("host@example.com", ["guest", "host"])
        let hostID = try #require(Int64((try host.send("GET", "/me").object)["id"] as? String ?? ""))
        try pool.write { try $0.execute(sql: "UPDATE listings SET host_account_id = \(hostID) WHERE id BETWEEN 201 AND 210") }
        let receiver = try WebhookReceiver(delaySeconds: 0.3)
        let created = try host.send("POST", "/host/webhooks", body: host.json(["url": receiver.url, "events": ["*"]]))
        receiver.use(secret: try #require(created.object["secret"] as? String))

        // Book on one thread until the kill; the kill comes once deliveries are under way.
        let acknowledged = UnsafeSendableBox<[String]>([])
        let stop = UnsafeSendableBox(false)
        let booking = DispatchGroup()
        DispatchQueue.global().async(group: booking) {
            var index = 0
            while !stop.lock.withLock({ stop.value }) && index < 1000 {
                let listing = String(201 + index % 10)
                let night = CalendarDay(2028, 3, 1).adding(index / 10)
                index += 1
                let query = "listingId=\(listing)&checkin=\(night)&checkout=\(night.adding(1))&adults=1"
                guard let quote = try? TestClient(port: guest.port).get("/quote?\(query)"),
                      let total = int64(quote.object["total"]),
                      let response = try? guest.book(["listingId": listing, "checkin": "\(night)",
                                                      "checkout": "\(night.adding(1))", "adults": 1, "expectedTotal": total]),
                      response.status == 201, let id = response.object["id"] as? String else { continue }
                acknowledged.lock.withLock { acknowledged.value.append(id) }
            }
        }
        // Killed while guests are still booking and deliveries are in flight.
        let deadline = Date().addingTimeInterval(30)
        while receiver.deliveries.count < 6 && acknowledged.lock.withLock({ acknowledged.value.count }) < 100
                && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        victim.kill()
        stop.lock.withLock { stop.value = true }
        booking.wait()
        let booked = acknowledged.lock.withLock { acknowledged.value }
        #expect(booked.count >= 6, "too few bookings before the kill to mean anything: \(booked.count)")

        // Every committed reservation has exactly its one event, acknowledged or not.
        let (reservations, confirmed, orphans) = try pool.read { db in
            (try db.prepare("SELECT count(*) FROM reservations").fetchOne { $0.int(0) } ?? -1,
             try db.prepare("SELECT count(*) FROM events WHERE type = 'reservation.confirmed'").fetchOne { $0.int(0) } ?? -1,
             try db.prepare("""
                SELECT count(*) FROM reservations r WHERE NOT EXISTS \
                (SELECT 1 FROM events e WHERE e.reservation_id = r.id AND e.type = 'reservation.confirmed')
                """).fetchOne { $0.int(0) } ?? -1)
        }
        #expect(reservations >= booked.count && confirmed == reservations && orphans == 0)

        // Another server on the same file delivers everything, the killed server's claims after their lease.
        let survivor = try DurabilityTests.RunningStays(database: path, arguments: arguments)
        defer { survivor.stop() }
        let events = try pool.read { db in try db.prepare("SELECT id FROM events").fetchAll { String($0.int64(0)) } }
        #expect(receiver.wait(seconds: 60) { Set($0.map(\.eventID)).isSuperset(of: events) },
                "\(Set(events).subtracting(receiver.deliveries.map(\.eventID)).count) of \(events.count) events never delivered")
        let delivered = receiver.deliveries
        #expect(delivered.allSatisfy { $0.signatureValid })
        // A duplicate only of what was in flight when the server died: at most one per worker.
        #expect(delivered.count - Set(delivered.map(\.eventID)).count <= 4, "\(delivered.count) for \(events.count) events")
    }
}
