import Foundation
import Glibc
import Domain
import Storage
import TestSupport
import Testing

/// A SQLite server whose storage fails under it, as clients see it over a socket: a full
/// disk, a deleted or replaced database file. Writes are 503 with `Retry-After`, never 500;
/// reads go on; `/health/ready` says why; it recovers by itself when space returns.
@Suite struct StorageFaultEndToEndTests {
    static let stay = ["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13"]

    func book(_ server: APITestServer, _ guest: BookingClient, checkin: String, checkout: String) throws -> ClientResponse {
        let query = "listingId=101&checkin=\(checkin)&checkout=\(checkout)&adults=2"
        let total = try #require(int64(try server.json("/quote?\(query)")["total"]))
        return try guest.book(["listingId": "101", "checkin": checkin, "checkout": checkout, "adults": 2,
                               "expectedTotal": total])
    }

    func expectUnavailable(_ response: ClientResponse, retryAfter: String, _ words: String) {
        #expect(response.status == 503, "\(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Retry-After") == retryAfter)
        #expect(response.text.contains("/problems/service-unavailable"), "\(response.text)")
        #expect(response.text.contains(words), "\(response.text)")
    }

    func refusedWrites(_ server: APITestServer, _ fault: String) throws -> Double? {
        let text = try server.get("/metrics").text
        return try PrometheusText(text).value("stays_storage_refused_writes_total", ["fault": fault])
    }

    /// Uses up the free space inside the file (free pages, room left in pages) from a
    /// connection of the test's own, so the next growing write needs a new page; returns the
    /// page count.
    func fillFreePages(_ path: String) throws -> Int {
        let db = try Database(path: path)
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS test_filler (b BLOB)")
        let pages = try db.prepare("PRAGMA page_count").fetchOne { $0.int(0) } ?? 0
        try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)")
        for size in [4000, 1000, 100, 10] {
            while true {
                do {
                    try db.execute(sql: "INSERT INTO test_filler VALUES (zeroblob(\(size)))")
                } catch let error as DatabaseError where error.resultCode == 13 {
                    break
                }
            }
        }
        return try db.prepare("PRAGMA page_count").fetchOne { $0.int(0) } ?? 0
    }

    /// SQLite's `max_page_count` at the file's size fails a write that needs a new page with
    /// SQLITE_FULL, exactly as a full disk does.
    @Test func aFullDiskAnswersWrites503KeepsReadsAndRecoversWithoutLosingABooking() throws {
        let server = try APITestServer()
        let pool = try #require(server.application.pool)
        let guest = try BookingClient.newGuest(port: server.port)
        let pages = try fillFreePages(pool.path)
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }

        // One-night bookings until the file cannot grow: each before that is acknowledged.
        var acknowledged = 0
        var refused: ClientResponse?
        var night = try #require(CalendarDate("2028-01-10"))
        while refused == nil && acknowledged < 500 {
            let response = try book(server, guest, checkin: night.description, checkout: night.adding(days: 1).description)
            if response.status == 201 { acknowledged += 1 } else { refused = response }
            night = night.adding(days: 1)
        }
        let full = try #require(refused, "the database never filled")
        expectUnavailable(full, retryAfter: "5", "disk holding the database is full")
        let ready = try server.get("/health/ready")
        #expect(ready.status == 503)
        #expect(ready.text.contains("disk holding the database is full"), "\(ready.text)")
        #expect(try refusedWrites(server, "disk-full") == 1)
        // Reads go on.
        #expect(try server.get("/listings?checkin=2028-12-07&checkout=2028-12-09&adults=2&limit=5").status == 200)
        #expect(try server.get("/quote?listingId=101&checkin=2028-12-07&checkout=2028-12-09&adults=2").status == 200)

        // Space returns: the same booking succeeds, readiness with it, and nothing acknowledged is lost.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1073741823") }
        let again = try book(server, guest, checkin: night.adding(days: -1).description, checkout: night.description)
        #expect(again.status == 201, "\(again.text)")
        #expect(try server.get("/health/ready").status == 200)
        let stored = try pool.read { try $0.prepare("SELECT count(*) FROM reservations").fetchOne { $0.int(0) } }
        #expect(stored == acknowledged + 1)
    }

    /// Another process holding SQLite's write lock past the busy timeout (a backup, a stuck
    /// maintenance script): the write is 503 with `Retry-After: 1`, never 500, and once the
    /// lock is gone the same booking goes through.
    @Test func aDatabaseLockedByAnotherProcessAnswers503AndThenBooks() throws {
        let server = try APITestServer()
        let pool = try #require(server.application.pool)
        let guest = try BookingClient.newGuest(port: server.port)
        let locker = try Database(path: pool.path)
        try locker.execute(sql: "BEGIN IMMEDIATE")
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-03-01&checkout=2028-03-03&adults=2")["total"]))
        let body = try guest.json(["listingId": "101", "checkin": "2028-03-01", "checkout": "2028-03-03", "adults": 2,
                                   "expectedTotal": total])
        // Waits out the server's busy timeout (5 s) once, so the client waits longer than that.
        let refused = try TestClient(port: server.port, receiveTimeout: 20).send(
            method: "POST", "/reservations", headers: [("Authorization", "Bearer \(guest.token ?? "")"),
                                                       ("Content-Type", "application/json"),
                                                       ("Idempotency-Key", UUID().uuidString)], body: body)
        expectUnavailable(refused, retryAfter: "1", "busy")
        #expect(try server.get("/listings/101").status == 200)
        try locker.execute(sql: "ROLLBACK")
        let booked = try book(server, guest, checkin: "2028-03-01", checkout: "2028-03-03")
        #expect(booked.status == 201, "\(booked.text)")
    }

    @Test(arguments: ["deleted", "replaced"])
    func aDeletedOrReplacedDatabaseFileIsNoticedWithinSecondsAndRefusesWrites(how: String) throws {
        let server = try APITestServer()
        let path = try #require(server.application.pool?.path)
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")["total"]))
        try FileManager.default.removeItem(atPath: path)
        if how == "replaced" {
            let other = server.directory.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            _ = try CatalogFixture.make(in: other)
            try FileManager.default.moveItem(atPath: server.directory.appendingPathComponent("other/stays.sqlite").path,
                                            toPath: path)
        }
        // The server's periodic check (every 2 s) notices; wait for it, bounded.
        let deadline = ContinuousClock.now + .seconds(15)
        var ready = try server.get("/health/ready")
        while !ready.text.contains("deleted or replaced") && ContinuousClock.now < deadline {
            usleep(100_000)  // polling the probe the check answers, bounded by the deadline
            ready = try server.get("/health/ready")
        }
        #expect(ready.status == 503)
        #expect(ready.text.contains("deleted or replaced"), "\(ready.text)")
        let refused = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13",
                                      "adults": 2, "expectedTotal": total])
        expectUnavailable(refused, retryAfter: "60", "deleted or replaced")
        // Reads that reach the file are 503 too: it is no longer this server's database. (A
        // listing's details are read from the file; a quote is answered by the search index in
        // memory, which holds what this server last committed, and never reads the new file:
        // no connection opens on it, see DatabasePool.openConnection.)
        expectUnavailable(try server.get("/listings/101"), retryAfter: "60", "deleted or replaced")
        let metrics = try PrometheusText(try server.get("/metrics").text)
        #expect(metrics.value("stays_storage_fault", ["fault": "file-replaced"]) == 1)
        #expect(metrics.value("stays_storage_fault", ["fault": "disk-full"]) == 0)
    }

    /// `--read-only` on purpose: nothing is written, writes are 503, readiness says read-only,
    /// reads go on.
    @Test func aServerStartedReadOnlyRefusesWritesAndSaysSo() throws {
        let server = try APITestServer(configure: { $0.readOnly = true })
        expectUnavailable(try TestClient(port: server.port).post("/guests", json: "{}"), retryAfter: "60",
                          "The database is read-only")
        let ready = try server.get("/health/ready")
        #expect(ready.status == 503)
        #expect(ready.text.contains("The database is read-only"), "\(ready.text)")
        #expect(try server.get("/listings?limit=5").status == 200)
        #expect(try server.get("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2").status == 200)
        let metrics = try PrometheusText(try server.get("/metrics").text)
        #expect(metrics.value("stays_storage_fault", ["fault": "read-only"]) == 1)
        #expect(try refusedWrites(server, "read-only") == 1)
    }
}
