import PostgresStorage
import Storage

/// Where the search index reads its rows from: one read transaction of either engine. The
/// SQL (`SearchIndexListingRow.select`, `SearchIndexDay.select`, the ancestors query) and
/// the decoding are shared; only running a statement and the parameter syntax differ, here.
protocol SearchIndexRows {
    associatedtype Row: RecordRow
    /// The engine's syntax for the first positional parameter ("?" or "$1").
    static var idParameter: String { get }
    /// The change log's latest sequence in this transaction's snapshot.
    func latestSequence() throws -> Int64
    /// Runs `sql` (no parameters) and calls `body` with each row, in order.
    func forEachRow(_ sql: String, _ body: (Row) throws -> Void) throws
    /// Runs `sql` with `id` as its one parameter and calls `body` with each row.
    func forEachRow(_ sql: String, id: Int64, _ body: (Row) throws -> Void) throws
}

/// SQLite: a read transaction's connection.
struct SQLiteIndexRows: SearchIndexRows {
    let db: Database
    static var idParameter: String { "?" }

    func latestSequence() throws -> Int64 { try ChangeLog().latestSequence(in: db) }

    func forEachRow(_ sql: String, _ body: (Row) throws -> Void) throws {
        try db.prepare(sql).forEachRow(body)
    }

    func forEachRow(_ sql: String, id: Int64, _ body: (Row) throws -> Void) throws {
        let statement = try db.cachedStatement(sql)
        try statement.bind(id, at: 1)
        try statement.forEachRow(body)
    }
}

/// PostgreSQL: a read transaction's connection. Whole-table reads go through a cursor in
/// batches, so a 100k-listing catalog's calendar is never held in one result at once; the
/// next batch is asked for before the current one is decoded, so the server reads it while
/// this process decodes (a load costs about the larger of the two, not their sum).
struct PostgresIndexRows: SearchIndexRows {
    let connection: PostgresConnection
    static var idParameter: String { "$1" }
    static let batchRows = 20_000

    func latestSequence() throws -> Int64 { try PostgresChangeLog().latestSequence(in: connection) }

    func forEachRow(_ sql: String, _ body: (PostgresRow) throws -> Void) throws {
        let fetch = "FETCH \(Self.batchRows) FROM stays_index_rows"
        try connection.execute(sql: "DECLARE stays_index_rows NO SCROLL CURSOR FOR " + sql)
        try connection.send(sql: fetch)
        var outstanding = true
        defer { if outstanding { _ = try? connection.receive(sql: fetch) } }
        while outstanding {
            let batch = try connection.receive(sql: fetch)
            outstanding = batch.count == Self.batchRows
            if outstanding { try connection.send(sql: fetch) }
            try batch.forEachRow(body)
        }
        try connection.execute(sql: "CLOSE stays_index_rows")
    }

    func forEachRow(_ sql: String, id: Int64, _ body: (PostgresRow) throws -> Void) throws {
        try connection.query(sql, [id]).forEachRow(body)
    }
}
