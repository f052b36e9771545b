import Foundation
import Glibc
import Storage
import TestSupport
import Testing

/// A 201 is sent only after COMMIT: the real `stays` executable is killed with SIGKILL
/// under booking load and restarted on the same file; every acknowledged reservation must
/// be there, no night held twice, and the file must pass `PRAGMA integrity_check`.
@Suite struct DurabilityTests {
    /// The `stays` executable built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stays")
    }

    final class RunningStays {
        let process = Process()
        let port: Int

        init(database: String, arguments: [String] = []) throws {
            process.executableURL = DurabilityTests.executable
            process.arguments = ["serve", "--port", "0", "--database", database, "--no-seed", "--quiet",
                                 "--today", "2027-12-20", "--guest-rate-limit", "0"] + arguments
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            // The server prints `listening on http://127.0.0.1:PORT` once it accepts.
            var text = ""
            let handle = errors.fileHandleForReading
            // The whole line: the port may arrive in a later chunk than "listening on".
            func complete() -> Bool {
                guard let start = text.range(of: "listening on") else { return false }
                return text[start.upperBound...].contains("\n")
            }
            while !complete() {
                let chunk = handle.availableData
                guard !chunk.isEmpty else { throw ClientError(description: "stays exited: \(text)") }
                text += String(decoding: chunk, as: UTF8.self)
            }
            // After "listening on": earlier lines may name other addresses (a PostgreSQL URL).
            let listening = text.range(of: "listening on")!.upperBound
            guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression, range: listening..<text.endIndex),
                  let port = Int(text[range].split(separator: ":").last ?? "") else {
                throw ClientError(description: "no port in: \(text)")
            }
            self.port = port
        }

        func kill() {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        // A test that fails half-way must not leave a server running.
        deinit {
            if process.isRunning { kill() }
        }
    }

    @Test func everyAcknowledgedBookingSurvivesSIGKILL() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build the stays executable first")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try CatalogFixture.make(in: directory).path

        let first = try RunningStays(database: path)
        let port = first.port
        let guests = try (0..<8).map { _ in try BookingClient.newGuest(port: port) }
        // Each worker books one-night stays of its own listing on successive nights, so
        // every request should succeed until the kill.
        let listings = ["201", "202", "203", "204", "205", "206", "207", "208"]
        let acknowledged = UnsafeSendableBox<[(guest: Int, id: String)]>([])
        let stop = UnsafeSendableBox(false)
        let group = DispatchGroup()
        for worker in 0..<8 {
            DispatchQueue.global().async(group: group) {
                var night = CalendarDay(2028, 1, 1)
                while !stop.lock.withLock({ stop.value }) {
                    let checkout = night.adding(1)
                    let query = "listingId=\(listings[worker])&checkin=\(night)&checkout=\(checkout)&adults=1"
                    guard let quote = try? TestClient(port: port).get("/quote?\(query)"),
                          let total = int64(quote.object["total"]) else { return }
                    let body: [String: Any] = ["listingId": listings[worker], "checkin": "\(night)",
                                               "checkout": "\(checkout)", "adults": 1, "expectedTotal": total]
                    guard let response = try? guests[worker].book(body) else { return }
                    if response.status == 201, let id = response.object["id"] as? String {
                        acknowledged.lock.withLock { acknowledged.value.append((worker, id)) }
                    }
                    night = checkout
                }
            }
        }
        // Kill once some bookings are acknowledged, with requests still in flight.
        let deadline = Date().addingTimeInterval(20)
        while acknowledged.lock.withLock({ acknowledged.value.count }) < 40 && Date() < deadline { usleep(5_000) }
        first.kill()
        stop.lock.withLock { stop.value = true }
        group.wait()
        let acked = acknowledged.value
        #expect(acked.count >= 40)

        let database = try Database(path: path)
        #expect(try database.prepare("PRAGMA integrity_check").fetchOne { $0.string(0) } == "ok")
        let doubled = try database.prepare("""
            SELECT count(*) FROM (SELECT listing_id, night FROM reservation_nights GROUP BY 1, 2 HAVING count(*) > 1)
            """).fetchOne { $0.int(0) }
        #expect(doubled == 0)

        let second = try RunningStays(database: path)
        defer { second.stop() }
        let restarted = guests.map { BookingClient(port: second.port, token: $0.token) }
        for (worker, id) in acked {
            let response = try restarted[worker].send("GET", "/reservations/\(id)")
            #expect(response.status == 200, "reservation \(id) acknowledged but lost")
            #expect(response.object["status"] as? String == "confirmed")
        }
        for (worker, guest) in restarted.enumerated() {
            let ids = (try guest.send("GET", "/reservations?limit=50").object["items"] as? [[String: Any]] ?? [])
                .compactMap { $0["id"] as? String }
            #expect(Set(ids).count == ids.count, "guest \(worker) sees a reservation twice")
        }
    }
}
