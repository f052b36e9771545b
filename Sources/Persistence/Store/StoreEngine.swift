/// The engine seam: everything a store needs from a database, and nothing more. A store
/// (`StoreCatalog`, `StoreCatalogWriter`, `StoreBookings`, `ChangeLog`, `StoreIndexSource`)
/// is written once, generic over its engine; `SQLiteEngine` and `PostgresEngine` hold only
/// what is engine-specific (pools, transactions, placeholders, binding, error codes).
///
/// Promises of every engine:
/// - `read` runs its closure in one consistent snapshot; `readOne` runs a closure that
///   issues one statement (itself a snapshot), as cheaply as the engine can;
/// - `write` runs its closure in one transaction, committed when it returns and rolled
///   back when it throws (its error rethrown);
/// - statements are prepared once per connection and reused, keyed by their SQL text;
/// - all are synchronous and run the closure on the calling thread.
public protocol StoreEngine: Sendable {
    associatedtype Connection: StoreConnection
    var dialect: SQLDialect { get }
    func read<T>(_ body: (Connection) throws -> T) throws -> T
    @discardableResult
    func readOne<T>(_ body: (Connection) throws -> T) throws -> T
    func write<T>(_ body: (Connection) throws -> T) throws -> T
    /// Runs `body` holding the database-wide lock of bulk loads (seeding), so that servers
    /// starting together on one empty database seed it once.
    func withBulkLoadLock<T>(_ body: () throws -> T) throws -> T
    /// A token that is cheap to read and differs from its previous value whenever a commit,
    /// of this process or another, may have added change-log rows since (`IndexedCatalog`
    /// reads it before every search).
    func makeCommitToken() throws -> any CommitToken
    /// What `error`, thrown by this engine, means to a store; nil for anything else.
    static func failure(of error: any Error) -> StoreFailure?
}

/// One connection inside a `StoreEngine` call; valid only inside the closure it was passed
/// to, on that thread.
public protocol StoreConnection {
    associatedtype Row: StoreRow
    var dialect: SQLDialect { get }
    /// Runs one statement and calls `body` with each row, in order. `compact`: every column
    /// is an integer, float, boolean, text or bytes, so an engine that can receive them in
    /// a compact encoding may (PostgreSQL's binary results); the rows read the same.
    func forEachRow(_ sql: String, _ arguments: StoreArguments, compact: Bool, _ body: (Row) throws -> Void) throws
    /// Runs one statement and decodes its first row; nil when it has none.
    func fetchOne<T>(_ sql: String, _ arguments: StoreArguments, compact: Bool, _ decode: (Row) throws -> T) throws -> T?
    /// Runs one statement without arguments over a whole table (loading the search index),
    /// calling `body` with each row, in order, without holding every row at once where the
    /// engine would (PostgreSQL reads it through a cursor in batches).
    func forEachRowOfWholeTable(_ sql: String, _ body: (Row) throws -> Void) throws
    /// Runs one statement that returns no rows; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ arguments: StoreArguments) throws -> Int
    /// Runs `insert`, an INSERT of one row (without `RETURNING`) into a table whose key is
    /// `id` (an `INTEGER PRIMARY KEY`, the rowid, on SQLite), and returns the new row's id:
    /// SQLite's from the connection's last inserted rowid, because `RETURNING` makes it run
    /// the statement as a query (the event a booking inserts: ~25k instructions, 3% of the
    /// booking; `Benchmarks/profile_booking.sh`); PostgreSQL's by `RETURNING id`.
    func insertReturningID(_ insert: String, _ arguments: StoreArguments) throws -> Int64
    /// Runs `body` inside the open transaction so that, when it throws, only its own changes
    /// roll back and the transaction stays usable (PostgreSQL aborts a whole transaction on
    /// any error otherwise).
    @discardableResult
    func savepoint<T>(_ body: () throws -> T) throws -> T
    /// Runs `body`, which runs one statement that may be refused (a unique key), so that a
    /// refusal leaves the transaction usable with every earlier change kept. SQLite already
    /// undoes just the refused statement; PostgreSQL aborts the whole transaction on any
    /// error, so there `body` runs in a `savepoint`. A body of several statements needs `savepoint`.
    @discardableResult
    func attempt<T>(_ body: () throws -> T) throws -> T
}

extension StoreConnection {
    public func fetchAll<T>(_ sql: String, _ arguments: StoreArguments = .none, compact: Bool = false,
                     _ decode: (Row) throws -> T) throws -> [T] {
        var values: [T] = []
        try forEachRow(sql, arguments, compact: compact) { values.append(try decode($0)) }
        return values
    }

    public func fetchOne<T>(_ sql: String, _ arguments: StoreArguments = .none, _ decode: (Row) throws -> T) throws -> T? {
        try fetchOne(sql, arguments, compact: false, decode)
    }

    public func forEachRow(_ sql: String, _ arguments: StoreArguments = .none, _ body: (Row) throws -> Void) throws {
        try forEachRow(sql, arguments, compact: false, body)
    }

    /// True when the statement returns a row.
    public func exists(_ sql: String, _ arguments: StoreArguments) throws -> Bool {
        try fetchOne(sql, arguments) { _ in true } ?? false
    }
}

/// See `StoreEngine.makeCommitToken`. Used by one thread at a time.
public protocol CommitToken: Sendable {
    func current() throws -> Int64
}
