import Foundation
import PostgresStorage
import TestSupport
import Testing

@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresConnectionTests {
    @Test func theDefaultsApplyWhereTheURLIsSilentAndTheURLWinsWhereItSpeaks() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let plain = try PostgresConnection(url: database.url).settings
        #expect(plain["connect_timeout"] == "10")
        #expect(plain["keepalives_idle"] == "30" && plain["keepalives_interval"] == "10" && plain["keepalives_count"] == "3")
        #expect(plain["tcp_user_timeout"] == "30000")
        #expect(plain["dbname"] == database.name)
        let separator = database.url.contains("?") ? "&" : "?"
        let own = try PostgresConnection(url: database.url + separator + "connect_timeout=3&keepalives_idle=7").settings
        #expect(own["connect_timeout"] == "3" && own["keepalives_idle"] == "7" && own["keepalives_count"] == "3")
        #expect(own["dbname"] == database.name)
    }

    @Test func parametersRoundTripExactlyAndAreNeverSQL() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try connection.execute(sql: "CREATE TABLE t (i BIGINT, d DOUBLE PRECISION, s TEXT, b BYTEA, f INTEGER)")
        let hostile = "'); DROP TABLE t; -- 강남 \\x00 \"quoted\""
        let bytes: [UInt8] = [0, 1, 0x5C, 0x78, 255, 39]
        try connection.query("INSERT INTO t VALUES ($1, $2, $3, $4, $5)",
                             [Int64.min, 0.1 + 0.2, hostile, bytes, true])
        try connection.query("INSERT INTO t VALUES ($1, $2, $3, $4, $5)", [nil, nil, nil, nil, false])
        let rows = try connection.query("SELECT i, d, s, b, f FROM t ORDER BY i NULLS LAST")
        #expect(rows.count == 2)
        let first = rows.row(0)
        #expect(first.int64(0) == Int64.min)
        #expect(first.double(1) == 0.1 + 0.2)
        #expect(first.string(2) == hostile)
        #expect(first.blob(3) == bytes)
        #expect(first.bool(4))
        let second = rows.row(1)
        #expect(second.optionalInt64(0) == nil && second.optionalDouble(1) == nil)
        #expect(second.optionalString(2) == nil && second.optionalBlob(3) == nil)
        #expect(second.bool(4) == false)
    }

    @Test func uniqueViolationCarriesItsSQLState() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try connection.execute(sql: "CREATE TABLE nights (listing BIGINT, night BIGINT, PRIMARY KEY (listing, night))")
        try connection.query("INSERT INTO nights VALUES ($1, $2)", [1, 100])
        let error = #expect(throws: PostgresError.self) {
            try connection.query("INSERT INTO nights VALUES ($1, $2)", [1, 100])
        }
        #expect(error?.isUniqueViolation == true)
        #expect(error?.sqlState == "23505")
        #expect(error?.constraint == "nights_pkey")
    }

    /// A statement sent ahead is answered by `receive` while the caller worked meanwhile;
    /// its failure surfaces there with its SQLSTATE; one sent and never received is
    /// discarded by the next statement, which answers its own question.
    @Test func aStatementSentAheadIsReceivedLater() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try connection.execute(sql: "CREATE TABLE n (i BIGINT); INSERT INTO n SELECT generate_series(1, 10)")
        try connection.execute(sql: "BEGIN; DECLARE c NO SCROLL CURSOR FOR SELECT i FROM n ORDER BY i")
        var seen: [Int64] = []
        try connection.send(sql: "FETCH 4 FROM c")
        while true {
            let batch = try connection.receive(sql: "FETCH 4 FROM c")
            let full = batch.count == 4
            if full { try connection.send(sql: "FETCH 4 FROM c") }
            batch.forEachRow { seen.append($0.int64(0)) }
            if !full { break }
        }
        #expect(seen == Array(1...10))
        try connection.execute(sql: "COMMIT")

        try connection.send(sql: "SELECT 1 / 0")
        let error = #expect(throws: PostgresError.self) { try connection.receive(sql: "SELECT 1 / 0") }
        #expect(error?.sqlState == "22012")

        try connection.send(sql: "SELECT 41")
        let answer = try connection.query("SELECT $1::bigint + 1", [41])
        #expect(answer.count == 1 && answer.row(0).int64(0) == 42)
    }

    @Test func aThrowingTransactionLeavesNothing() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try connection.execute(sql: "CREATE TABLE t (i BIGINT)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try connection.transaction { connection in
                try connection.query("INSERT INTO t VALUES ($1)", [1])
                throw Abort()
            }
        }
        try connection.transaction { try $0.query("INSERT INTO t VALUES ($1)", [2]) }
        #expect(try connection.query("SELECT i FROM t").map { $0.int(0) } == [2])
        #expect(!connection.isInsideTransaction)
    }

    @Test func poolReadsSeeOneSnapshotAndWritesFromManyThreadsAllLand() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = try PostgresPool(url: database.url, maximumConnectionCount: 3)
        try pool.withConnection { try $0.execute(sql: "CREATE TABLE t (i BIGINT PRIMARY KEY)") }
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            _ = try? pool.write { try $0.query("INSERT INTO t VALUES ($1)", [i]) }
        }
        #expect(try pool.read { try $0.queryOne("SELECT count(*) FROM t") { $0.int(0) } } == 40)
        // A read transaction keeps its snapshot while another connection commits.
        let (before, after) = try pool.read { reader -> (Int, Int) in
            let before = try reader.queryOne("SELECT count(*) FROM t") { $0.int(0) } ?? -1
            try pool.write { try $0.query("INSERT INTO t VALUES ($1)", [1000]) }
            return (before, try reader.queryOne("SELECT count(*) FROM t") { $0.int(0) } ?? -1)
        }
        #expect(before == 40 && after == 40)
    }
}

/// A server that accepts the TCP connection and then says nothing (a hung host, a proxy
/// whose backend is gone): connecting must give up on its own. Needs no PostgreSQL.
@Suite struct PostgresConnectTimeoutTests {
    @Test func connectingToAServerThatNeverAnswersGivesUp() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0 && listen(listener, 4) == 0)   // the kernel accepts; nobody answers
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))

        let outcome = LockedBox<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try PostgresConnection(url: "postgres://stays@127.0.0.1:\(port)/stays?sslmode=disable")
                outcome.mutate { $0 = "connected" }
            } catch {
                outcome.mutate { $0 = "\(error)" }
            }
            done.signal()
        }
        // The default connect_timeout is 10 s; without it the wait would have no end (the
        // listener is closed after 30 s so that the thread ends either way).
        let finished = done.wait(timeout: .now() + 30) == .success
        #expect(finished, "still connecting after 30 s")
        if finished { #expect(outcome.value?.contains("timeout expired") == true, "\(outcome.value ?? "nothing")") }
    }
}
