import Storage

/// The engine seam on SQLite: a `DatabasePool` (one writer, parallel readers, WAL).
/// `read` and `readOne` are read transactions on a reader; `write` is `BEGIN IMMEDIATE` on
/// the writer, so write transactions run one at a time and each sees every commit before
/// it. Statements come from each connection's cache, keyed by their SQL text.
///
/// Thread safety: `Sendable`, as `DatabasePool`.
public struct SQLiteEngine: StoreEngine {
    public let pool: DatabasePool

    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public var dialect: SQLDialect { .sqlite }

    public func read<T>(_ body: (Database) throws -> T) throws -> T { try pool.read(body) }
    public func readOne<T>(_ body: (Database) throws -> T) throws -> T { try pool.read(body) }
    public func write<T>(_ body: (Database) throws -> T) throws -> T { try pool.write(body) }
    /// One writer per file already; nothing more to hold.
    public func withBulkLoadLock<T>(_ body: () throws -> T) throws -> T { try body() }

    public func makeCommitToken() throws -> any CommitToken { try SQLiteCommitToken(pool: pool) }

    public static func failure(of error: any Error) -> StoreFailure? {
        switch error {
        case let error as DatabaseError where error.isUniqueConstraintViolation: return .uniqueViolation
        case is DatabaseOpenError, is DatabaseBusyError: return .unavailable
        default: return nil
        }
    }
}

extension Database: StoreConnection {
    public var dialect: SQLDialect { .sqlite }

    public func forEachRow(_ sql: String, _ arguments: StoreArguments, compact: Bool, _ body: (Row) throws -> Void) throws {
        try bound(sql, arguments).forEachRow(body)
    }

    public func fetchOne<T>(_ sql: String, _ arguments: StoreArguments, compact: Bool, _ decode: (Row) throws -> T) throws -> T? {
        try bound(sql, arguments).fetchOne(decode)
    }

    /// An uncached statement: it runs once per load.
    public func forEachRowOfWholeTable(_ sql: String, _ body: (Row) throws -> Void) throws {
        try prepare(sql).forEachRow(body)
    }

    @discardableResult
    public func run(_ sql: String, _ arguments: StoreArguments) throws -> Int {
        try bound(sql, arguments).run()
        return changes
    }

    public func insertReturningID(_ insert: String, _ arguments: StoreArguments) throws -> Int64 {
        try bound(insert, arguments).run()
        return lastInsertedRowID
    }

    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try transaction(.immediate) { _ in try body() }
    }

    /// No savepoint: a refused statement changes nothing, and the transaction goes on (the
    /// savepoint cost ~6k instructions per booking, `Benchmarks/profile_booking.sh`).
    @discardableResult
    public func attempt<T>(_ body: () throws -> T) throws -> T { try body() }

    /// The cached statement for `sql` with `arguments` bound.
    private func bound(_ sql: String, _ arguments: StoreArguments) throws -> Statement {
        let statement = try cachedStatement(sql)
        switch arguments {
        case .positional(let values):
            for (offset, value) in values.enumerated() { try Self.bind(value, to: statement, at: offset + 1) }
        case .named(let values):
            for (name, value) in values { try Self.bind(value, to: statement, at: statement.parameterIndex(name)) }
        }
        return statement
    }

    private static func bind(_ value: StoreValue, to statement: Statement, at index: Int) throws {
        switch value {
        case .integer(let value): try statement.bind(value, at: index)
        case .real(let value): try statement.bind(value, at: index)
        case .text(let value): try statement.bind(value, at: index)
        case .blob(let value): try statement.bind(value, at: index)
        // A JSON array, which `SQLDialect.integerList` reads with json_each.
        case .integers(let values): try statement.bind("[" + values.map(String.init).joined(separator: ",") + "]", at: index)
        case .null: try statement.bindNull(at: index)
        }
    }
}

/// `PRAGMA data_version` on a read-only connection of its own, which changes whenever
/// another connection, in this process or another, commits (about a microsecond).
///
/// Thread safety: one thread at a time (`IndexedCatalog` reads it under its mutex).
public final class SQLiteCommitToken: CommitToken, @unchecked Sendable {
    private let versionReader: Database

    public init(pool: DatabasePool) throws {
        var configuration = pool.configuration
        configuration.readOnly = true
        versionReader = try Database(path: pool.path, configuration: configuration)
    }

    public func current() throws -> Int64 {
        try versionReader.cachedStatement("PRAGMA data_version").fetchOne { $0.int64(0) } ?? 0
    }
}
