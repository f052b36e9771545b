import Foundation
import Glibc
import Storage
import TestSupport
import Testing

/// The real `stays` executable on a real full disk: a 2 MiB tmpfs (mounting needs root). Writes
/// answer 503 with `Retry-After`, never 500; reads go on; the process never dies; when space
/// returns it recovers by itself, and every acknowledged booking is in the file.
@Suite(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct FullDiskEndToEndTests {
    /// Fills the file system holding `directory` with a file, up to the last byte it takes.
    func fill(_ directory: URL) -> String {
        let path = directory.appendingPathComponent("filler").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0, count: 4096)
        for size in [4096, 512, 1] {
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, size) }) == size {}
        }
        return path
    }

    @Test func aFullDiskIs503NeverACrashAndRecoversWithEveryBooking() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=2m", "tmpfs", directory.path]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "cannot mount a tmpfs here")
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [directory.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let path = try CatalogFixture.make(in: directory).path
        let server = try DurabilityTests.RunningStays(database: path)
        defer { if server.process.isRunning { server.stop() } }
        let guest = try BookingClient.newGuest(port: server.port)
        let filler = fill(directory)

        var acknowledged: [String] = []
        var statuses: [Int: Int] = [:]
        var night = CalendarDay(2028, 1, 1)
        var refused: ClientResponse?
        func book() throws -> ClientResponse {
            let checkout = night.adding(1)
            let quote = try TestClient(port: server.port).get("/quote?listingId=101&checkin=\(night)&checkout=\(checkout)&adults=1")
            let total = try #require(int64(quote.object["total"]), "\(quote.text)")
            let response = try guest.book(["listingId": "101", "checkin": "\(night)", "checkout": "\(checkout)",
                                           "adults": 1, "expectedTotal": total])
            statuses[response.status, default: 0] += 1
            if response.status == 201, let id = response.object["id"] as? String {
                acknowledged.append(id)
                night = checkout
            }
            return response
        }
        while refused == nil && acknowledged.count < 2000 {
            let response = try book()
            if response.status != 201 { refused = response }
        }
        let full = try #require(refused, "the disk never filled: \(statuses)")
        #expect(full.status == 503, "\(full.text)")
        #expect(full.header("Retry-After") == "5")
        #expect(full.text.contains("/problems/service-unavailable"), "\(full.text)")
        for _ in 0..<20 { _ = try book() }
        #expect(statuses[500] == nil, "\(statuses)")
        #expect(try TestClient(port: server.port).get("/health/ready").status == 503)
        #expect(try TestClient(port: server.port).get("/listings?limit=5").status == 200)
        #expect(server.process.isRunning)

        // Space returns: the server's own check ends the episode (bounded wait), then booking works.
        try FileManager.default.removeItem(atPath: filler)
        let deadline = ContinuousClock.now + .seconds(15)
        while try TestClient(port: server.port).get("/health/ready").status != 200 && ContinuousClock.now < deadline {
            usleep(100_000)
        }
        #expect(try TestClient(port: server.port).get("/health/ready").status == 200)
        #expect(try book().status == 201)
        server.stop()

        let stored = try Set(Database(path: path).prepare("SELECT id FROM reservations").fetchAll { $0.int64(0) })
        #expect(stored.count == acknowledged.count, "acknowledged \(acknowledged.count), stored \(stored.count)")
    }
}
