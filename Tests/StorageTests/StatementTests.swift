import Testing
import CSQLite
@testable import Storage

@Suite struct StatementTests {
    @Test func roundTripsEveryBindableType() throws {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (i INTEGER, b INTEGER, d REAL, s TEXT, x BLOB, n INTEGER, f INTEGER)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)")
        let big: Int64 = 9_007_199_254_740_993  // 2^53 + 1: not representable as a Double
        try insert.bind(big, at: 1)
        try insert.bind(true, at: 2)
        try insert.bind(0.1, at: 3)
        try insert.bind("서울 강남구 🏠 \"quoted\"", at: 4)
        try insert.bind([0, 1, 255, 0] as [UInt8], at: 5)
        try insert.bind(nil as Int64?, at: 6)
        try insert.bind(false, at: 7)
        try insert.run()

        let row = try #require(try db.prepare("SELECT i, b, d, s, x, n, f FROM t").fetchOne { row in
            (row.int64(0), row.bool(1), row.double(2), row.string(3), row.blob(4), row.optionalInt64(5),
             row.bool(6), row.isNull(5))
        })
        #expect(row.0 == big)
        #expect(row.1 == true)
        #expect(row.2 == 0.1)
        #expect(row.3 == "서울 강남구 🏠 \"quoted\"")
        #expect(row.4 == [0, 1, 255, 0])
        #expect(row.5 == nil)
        #expect(row.6 == false)
        #expect(row.7)
    }

    @Test func emptyStringAndEmptyBlobAreNotNull() throws {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (s TEXT, x BLOB)")
        try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: ["", [UInt8]()])
        let nulls = try db.prepare("SELECT s IS NULL, x IS NULL, typeof(s), length(x) FROM t").fetchOne {
            ($0.bool(0), $0.bool(1), $0.string(2), $0.int(3))
        }
        #expect(nulls?.0 == false)
        #expect(nulls?.1 == false)
        #expect(nulls?.2 == "text")
        #expect(nulls?.3 == 0)
    }

    @Test func bindsByNameAndGenericOptionals() throws {
        let db = try Database(inMemory: .init())
        let statement = try db.prepare("SELECT :a + :b, :c, :d IS NULL")
        try statement.bind(40 as Int?, named: ":a")
        try statement.bind(2 as Int64?, named: ":b")
        try statement.bind("x" as String?, named: ":c")
        try statement.bind(nil as Double?, named: ":d")
        let row = try statement.fetchOne { row -> (Int64, String?, Bool) in (row[0], row[1], row[2]) }
        #expect(row?.0 == 42)
        #expect(row?.1 == "x")
        #expect(row?.2 == true)

        #expect(throws: DatabaseError.self) { try statement.bind(1 as Int?, named: ":missing") }
    }

    @Test func bindsAnArrayOfArgumentsWithNulls() throws {
        let db = try Database(inMemory: .init())
        let statement = try db.prepare("SELECT ?, ?, ?")
        try statement.bind([1, nil, "three"])
        let row = try statement.fetchOne { ($0.optionalInt(0), $0.optionalString(1), $0.optionalString(2)) }
        #expect(row?.0 == 1)
        #expect(row?.1 == nil)
        #expect(row?.2 == "three")
        let error = #expect(throws: DatabaseError.self) { try statement.bind([1]) }
        #expect(error?.resultCode == SQLITE_RANGE)
    }

    @Test func iteratesRowsAndCanRunAgain() throws {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (3), (1), (2);")
        let select = try db.cachedStatement("SELECT v FROM t ORDER BY v")
        #expect(try select.fetchAll { $0.int(0) } == [1, 2, 3])
        #expect(try db.cachedStatement("SELECT v FROM t ORDER BY v") === select)
        #expect(try select.fetchAll { $0.int(0) } == [1, 2, 3])

        var seen: [Int] = []
        while let row = try select.step() { seen.append(row.int(0)) }
        #expect(seen == [1, 2, 3])
    }

    @Test func cachedStatementComesBackWithBindingsCleared() throws {
        let db = try Database(inMemory: .init())
        let first = try db.cachedStatement("SELECT ?")
        try first.bind(7, at: 1)
        _ = try first.step()  // left mid-iteration on purpose
        let again = try db.cachedStatement("SELECT ?")
        #expect(try again.fetchOne { $0.optionalInt(0) } == .some(nil))
    }

    /// The cache's address-keyed front must never hand back another text's statement: texts
    /// built at run time (new storage each time, addresses reused after they are freed) and
    /// literals find the statement compiled for their own text, and equal texts share one.
    @Test func cachedStatementsAreFoundByTextWhereverTheTextIsStored() throws {
        let db = try Database(inMemory: .init())
        let literal = try db.cachedStatement("SELECT 1")
        #expect(try db.cachedStatement(String("SELECT 1".reversed().reversed())) === literal)
        var compiled: [Int: Statement] = [:]
        for round in 0..<3 {
            for value in 0..<300 {
                let text = "SELECT \(value) AS value, '\(String(repeating: "x", count: value % 40))' AS pad"
                let statement = try db.cachedStatement(text)
                #expect(try statement.fetchOne { $0.int(0) } == value, "\(text)")
                if round == 0 { compiled[value] = statement } else { #expect(statement === compiled[value]) }
            }
            #expect(try db.cachedStatement("SELECT 1") === literal)
        }
        db.clearStatementCache()
        #expect(try db.cachedStatement("SELECT 1") !== literal)
    }

    @Test func errorsCarrySQLitesMessageCodesAndSQL() throws {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (k TEXT UNIQUE)")
        try db.execute(sql: "INSERT INTO t VALUES ('a')")
        let error = #expect(throws: DatabaseError.self) {
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: ["a"])
        }
        #expect(error?.resultCode == SQLITE_CONSTRAINT)
        #expect(error?.extendedResultCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.message == "UNIQUE constraint failed: t.k")
        #expect(error?.sql == "INSERT INTO t VALUES (?)")
        #expect(error?.description.contains("UNIQUE constraint failed: t.k") == true)

        let syntax = #expect(throws: DatabaseError.self) { try db.prepare("SELEC 1") }
        #expect(syntax?.resultCode == SQLITE_ERROR)
        #expect(syntax?.message.contains("syntax error") == true)
        #expect(syntax?.sql == "SELEC 1")

        let script = #expect(throws: DatabaseError.self) { try db.execute(sql: "CREATE TABLE u (x); SELECT nope FROM u") }
        #expect(script?.message == "no such column: nope")
    }

    @Test func prepareRefusesASecondStatement() throws {
        let db = try Database(inMemory: .init())
        #expect(throws: DatabaseError.self) { try db.prepare("SELECT 1; SELECT 2") }
        _ = try db.prepare("SELECT 1; \n")
    }

    @Test func reportsLastInsertedRowIDAndChanges() throws {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")
        try db.execute(sql: "INSERT INTO t (id, v) VALUES (?, 1)", arguments: [Int64(1) << 60])
        #expect(db.lastInsertedRowID == Int64(1) << 60)
        try db.execute(sql: "INSERT INTO t (v) VALUES (1), (1)")
        try db.execute(sql: "UPDATE t SET v = 2 WHERE v = ?", arguments: [1])
        #expect(db.changes == 3)
    }

    @Test func configuresTheConnectionOnOpen() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("c.sqlite"), configuration: .init(busyTimeoutMilliseconds: 1234))
        func pragma(_ name: String) throws -> String? {
            try db.prepare("PRAGMA \(name)").fetchOne { $0.string(0) }
        }
        #expect(try pragma("journal_mode") == "wal")
        #expect(try pragma("foreign_keys") == "1")
        #expect(try pragma("busy_timeout") == "1234")
        #expect(try pragma("synchronous") == "1")  // NORMAL
    }

    @Test func openingAMissingFileReadOnlyFails() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: DatabaseOpenError.self) {
            try Database(path: directory.path("missing.sqlite"), configuration: .init(readOnly: true))
        }
        #expect(error?.underlying.resultCode == SQLITE_CANTOPEN)
    }
}
