import Foundation
import PostgresStorage
import TestSupport
import Testing

/// A Stays server whose PostgreSQL restarts or goes away, as clients see it over a socket:
/// a restart costs no failed request, and an outage is a 503 to retry, never a 500.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresOutageEndToEndTests {
    typealias Server = PostgresEndToEndTests.Server

    /// Every session on the database but the caller's own.
    func sessions(of database: TemporaryPostgresDatabase) throws -> [Int64] {
        let admin = try PostgresConnection(url: database.url)
        return try admin.query("""
            SELECT pid::bigint FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
            """).map { $0.int64(0) }
    }

    @Test func aDatabaseRestartCostsNoFailedRequest() throws {
        let database = try #require(try CatalogFixture.makePostgres())
        let server = try Server(url: database.url)
        let guest = try BookingClient.newGuest(port: server.port)
        // Requests at once, so that the pool holds several connections when they are cut.
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            _ = try? TestClient(port: server.port).get("/listings?checkin=2028-01-10&checkout=2028-01-13&limit=5")
        }
        let before = try sessions(of: database)
        #expect(before.count >= 2, "the pool and the change-log follower: \(before)")
        try database.terminateSessions(before)   // what a restart does to each session

        let targets = ["/listings?checkin=2028-01-10&checkout=2028-01-13&limit=5", "/listings?limit=5",
                       "/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2", "/health/ready"]
        for round in 0..<3 {
            for target in targets {
                let response = try TestClient(port: server.port).get(target)
                #expect(response.status == 200, "round \(round), \(target): \(response.status) \(response.text)")
            }
        }
        let total = try server.total("listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let booked = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13",
                                     "adults": 2, "expectedTotal": total])
        #expect(booked.status == 201, "\(booked.text)")
        let again = try TestClient(port: server.port).get("/quote?listingId=101&checkin=2028-01-11&checkout=2028-01-12&adults=2")
        #expect(again.status == 409, "the booking after the restart is seen: \(again.text)")
    }

    @Test func aDatabaseThatIsGoneAnswers503WithRetryAfter() throws {
        let database = try #require(try CatalogFixture.makePostgres())
        let server = try Server(url: database.url)
        #expect(try TestClient(port: server.port).get("/listings?limit=5").status == 200)
        database.drop()
        let reads = try TestClient(port: server.port).get("/listings?limit=5")
        let writes = try TestClient(port: server.port).post("/guests", json: "{}")
        for response in [reads, writes] {
            #expect(response.status == 503, "\(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("Retry-After") == "1")
            #expect(response.text.contains("/problems/service-unavailable"), "\(response.text)")
            #expect(response.text.contains("The database cannot be reached"), "\(response.text)")
        }
        #expect(try TestClient(port: server.port).get("/health/ready").status == 503)
        #expect(try TestClient(port: server.port).get("/health/live").status == 200)
    }

    /// Bookings while PostgreSQL cuts every session again and again. A booking that meets a
    /// cut answers 503, and the client sends it again with the same key, as docs/deployment.md
    /// says: in the end each stay is booked exactly once, every 201 is in the database, and
    /// no request ever answers 500.
    @Test func bookingsThroughRepeatedRestartsAreEachAcknowledgedOnce() throws {
        let database = try #require(try CatalogFixture.makePostgres())
        let server = try Server(url: database.url)
        let workers = 4, stays = 40
        let guests = try (0..<workers).map { _ in try BookingClient.newGuest(port: server.port) }
        let statuses = UnsafeSendableBox<[Int: Int]>([:])
        let outcomes = UnsafeSendableBox<[(worker: Int, status: Int, id: String?)]>([])
        let running = UnsafeSendableBox(workers)

        /// Sends the request until it answers anything but 503 (counting every status seen).
        @Sendable func untilAnswered(_ send: () throws -> ClientResponse) -> ClientResponse {
            for _ in 0..<200 {
                let response = (try? send()) ?? .failed
                statuses.lock.withLock { statuses.value[response.status, default: 0] += 1 }
                if response.status != 503 && response.status != -1 { return response }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return .failed
        }

        let group = DispatchGroup()
        for worker in 0..<workers {
            DispatchQueue.global().async(group: group) {
                defer { running.lock.withLock { running.value -= 1 } }
                let listing = "\(201 + worker)"
                for night in 0..<stays {
                    let checkin = CalendarDay(2028, 1, 1).adding(night), checkout = checkin.adding(1)
                    let query = "listingId=\(listing)&checkin=\(checkin)&checkout=\(checkout)&adults=1"
                    let quote = untilAnswered { try TestClient(port: server.port).get("/quote?\(query)") }
                    guard let total = int64(quote.object["total"]) else {
                        outcomes.lock.withLock { outcomes.value.append((worker, quote.status, nil)) }
                        continue
                    }
                    let key = UUID().uuidString
                    let booked = untilAnswered {
                        try guests[worker].book(["listingId": listing, "checkin": "\(checkin)", "checkout": "\(checkout)",
                                                 "adults": 1, "expectedTotal": total], key: key)
                    }
                    outcomes.lock.withLock { outcomes.value.append((worker, booked.status, booked.object["id"] as? String)) }
                }
            }
        }
        var cuts = 0
        while running.lock.withLock({ running.value }) > 0 {
            try database.terminateSessions(try sessions(of: database))
            cuts += 1
            Thread.sleep(forTimeInterval: 0.02)
        }
        group.wait()

        let seen = statuses.lock.withLock { statuses.value }
        #expect(cuts >= 3, "the bookings outran the cuts: \(cuts)")
        #expect(seen[500] == nil, "statuses seen: \(seen)")
        let results = outcomes.lock.withLock { outcomes.value }
        #expect(results.count == workers * stays)
        #expect(results.allSatisfy { $0.status == 201 }, "\(results.filter { $0.status != 201 })")
        let ids = results.compactMap(\.id)
        #expect(Set(ids).count == workers * stays, "a stay booked twice, or a 201 without an id")
        let admin = try PostgresConnection(url: database.url)
        #expect(try admin.queryOne("SELECT count(*) FROM reservations") { $0.int64(0) } == Int64(workers * stays))
        for (worker, guest) in guests.enumerated() {
            let trips = try guest.send("GET", "/reservations?limit=50").object["items"] as? [[String: Any]] ?? []
            #expect(Set(trips.compactMap { $0["id"] as? String })
                    == Set(results.filter { $0.worker == worker }.compactMap(\.id)), "guest \(worker)")
        }
    }
}
