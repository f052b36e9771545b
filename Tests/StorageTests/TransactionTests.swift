import Testing
@testable import Storage

private struct Boom: Error {}

@Suite struct TransactionTests {
    private func makeDatabase() throws -> Database {
        let db = try Database(inMemory: .init())
        try db.execute(sql: "CREATE TABLE t (v INTEGER)")
        return db
    }

    private func values(_ db: Database) throws -> [Int] {
        try db.prepare("SELECT v FROM t ORDER BY v").fetchAll { $0.int(0) }
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let db = try makeDatabase()
        let result = try db.transaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return "ok"
        }
        #expect(result == "ok")
        #expect(try values(db) == [1])
        #expect(!db.isInsideTransaction)
    }

    @Test func rollsBackAndRethrowsWhenTheBodyThrows() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.transaction { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try values(db) == [])
        #expect(!db.isInsideTransaction)
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let db = try makeDatabase()
        try db.transaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            // The inner failure undoes only the inner writes.
            #expect(throws: Boom.self) {
                try db.transaction { db in
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            try db.transaction { db in
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                try db.transaction { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
            }
            #expect(db.isInsideTransaction)
        }
        #expect(try values(db) == [1, 3, 4])
    }

    @Test func anOuterRollbackUndoesCommittedSavepoints() throws {
        let db = try makeDatabase()
        #expect(throws: Boom.self) {
            try db.transaction { db in
                try db.transaction { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                throw Boom()
            }
        }
        #expect(try values(db) == [])
    }
}
