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
}
