import Foundation
import PostgresStorage
import TestSupport
import Testing

/// What a pool promises when the server goes away under it: a restart costs no failed call,
/// and an outage is told apart from a failed statement.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresPoolTests {
    static let backendSQL = "SELECT pg_backend_pid()::bigint"

    func backend(of pool: PostgresPool) throws -> Int64 {
        try pool.read { try $0.queryOne(Self.backendSQL) { $0.int64(0) } ?? 0 }
    }

    @Test func aConnectionTheServerClosedWhileIdleIsReplacedBeforeTheCallRuns() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 2)
        let first = try backend(of: pool)
        try database.terminateSessions([first])
        let second = try backend(of: pool)
        #expect(second != first)
        #expect(try pool.write { try $0.queryOne("SELECT 41 + 1") { $0.int64(0) } } == 42)
    }

    @Test func everyIdleConnectionTheServerClosedIsReplaced() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 4)
        // Three calls inside each other hold three connections, which then go back idle.
        let pid = { (connection: PostgresConnection) in try connection.queryOne(Self.backendSQL) { $0.int64(0) } ?? 0 }
        let opened: Set<Int64> = try pool.read { a in
            try pool.read { b in try pool.read { c in [try pid(a), try pid(b), try pid(c)] } }
        }
        #expect(opened.count == 3)
        try database.terminateSessions(Array(opened))   // as a restart would
        for _ in 0..<6 {
            #expect(!opened.contains(try backend(of: pool)))
        }
    }

    @Test func aConnectionLostDuringACallThrowsUnavailableAndIsNotReused() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 1)
        let lost = try backend(of: pool)
        let error = #expect(throws: PostgresUnavailableError.self) {
            try pool.read { connection in
                try database.terminateSessions([lost])
                _ = try connection.query("SELECT 1")
            }
        }
        #expect(error?.underlying.sqlState == "57P01" || error?.underlying.sqlState == nil, "\(String(describing: error))")
        #expect(try backend(of: pool) != lost)
    }

    @Test func aStatementsOwnErrorIsNotAnOutage() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 1)
        let error = #expect(throws: PostgresError.self) { try pool.read { _ = try $0.query("SELECT 1 / 0") } }
        #expect(error?.sqlState == "22012")
    }

    @Test func aDatabaseThatCannotBeReachedThrowsUnavailable() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 2)
        _ = try backend(of: pool)
        database.drop()   // closes the pool's idle session, then every new one is refused
        let error = #expect(throws: PostgresUnavailableError.self) { try pool.read { _ in } }
        #expect(error?.underlying.message.contains("does not exist") == true, "\(String(describing: error))")
        #expect(throws: PostgresUnavailableError.self) { try pool.write { _ in } }
    }
}
