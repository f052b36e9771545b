import CSQLite

/// One SQLite connection.
///
/// Promises: a file that cannot be opened is a `DatabaseOpenError` naming the path and the
/// cause; every other failure is thrown as a `DatabaseError` carrying SQLite's message; the
/// connection is configured on open (WAL journal, foreign keys on, a busy timeout,
/// `synchronous=NORMAL`) and closed exactly once, when the value is released.
///
/// Thread safety: **not** `Sendable`. A connection, and the statements and rows it hands
/// out, must be used by one thread at a time. Share a database between threads through a
/// `DatabasePool`, which hands each thread a connection of its own.
public final class Database {
    /// How a connection is opened.
    public struct Configuration: Sendable, Hashable {
        /// How long a statement waits for another connection's lock before failing with
        /// `SQLITE_BUSY`, in milliseconds. Default 5000.
        public var busyTimeoutMilliseconds: Int32
        /// Opens with `SQLITE_OPEN_READONLY` (writes fail with `SQLITE_READONLY`), and does
        /// not change the journal mode. Default false.
        public var readOnly: Bool
        /// Creates the file when missing (read-write connections only). Default true.
        public var createIfMissing: Bool
        /// WAL pages after which a committing connection checkpoints the log itself (SQLite's
        /// `wal_autocheckpoint`; its default is 1000). 0: never on commit — someone must call
        /// `checkpoint` instead (see `DatabasePool.checkpoint`), or the log only grows.
        /// Read-write file connections only. Default 1000.
        public var autoCheckpointPages: Int32

        public init(busyTimeoutMilliseconds: Int32 = 5000, readOnly: Bool = false, createIfMissing: Bool = true,
                    autoCheckpointPages: Int32 = 1000) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.readOnly = readOnly
            self.createIfMissing = createIfMissing
            self.autoCheckpointPages = autoCheckpointPages
        }
    }

    /// The raw `sqlite3*`, for calls the wrapper does not cover. Owned by this object.
    public let handle: OpaquePointer
    /// The file path, or ":memory:".
    public let path: String
    public let configuration: Configuration
    private var statementCache = StatementCache()
    var savepointDepth = 0

    /// Opens (and, unless read-only, creates) the database file at `path`.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        if configuration.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if configuration.createIfMissing { flags |= SQLITE_OPEN_CREATE }
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError(code: code, connection: connection, sql: nil)
            sqlite3_close_v2(connection)  // sqlite3_open_v2 may allocate a handle even on failure
            throw DatabaseOpenError(path: path, readOnly: configuration.readOnly, underlying: error)
        }
        self.handle = connection
        self.path = path
        self.configuration = configuration
        sqlite3_extended_result_codes(connection, 1)
        // From here a throw still runs deinit, which closes the connection.
        sqlite3_busy_timeout(connection, configuration.busyTimeoutMilliseconds)
        // SQLite opens files lazily: a missing directory, a directory or a read-only file
        // often shows only here, at the first statement.
        do {
            if !configuration.readOnly && path != ":memory:" && !path.isEmpty {
                try execute(sql: "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=\(max(0, configuration.autoCheckpointPages))")
            }
            try execute(sql: "PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL")
            // SQLite falls back to read-only when the file cannot be written, and only the
            // first write would tell: refuse the open instead.
            if !configuration.readOnly && path != ":memory:" && !path.isEmpty && isReadOnlyFile {
                throw DatabaseError(resultCode: 8, message: "SQLite opened the file read-only")
            }
        } catch let error as DatabaseError {
            throw DatabaseOpenError(path: path, readOnly: configuration.readOnly, underlying: error)
        }
    }

    /// Opens a private in-memory database, gone when the connection closes.
    public convenience init(inMemory configuration: Configuration = Configuration()) throws {
        try self.init(path: ":memory:", configuration: configuration)
    }

    deinit {
        // Statements must be finalized before the connection closes.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs a script of zero or more statements separated by semicolons. No arguments, no
    /// result rows; use `prepare` or `cachedStatement` for those.
    public func execute(sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) }
            sqlite3_free(errorMessage)
            var error = DatabaseError(code: code, connection: handle, sql: sql)
            if let message { error.message = message }
            throw error
        }
    }

    /// Runs one statement with `arguments` bound by position, through the statement cache,
    /// stepping it to completion (result rows are ignored).
    public func execute(sql: String, arguments: [(any DatabaseBindable)?]) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        try statement.run()
    }

    /// Compiles one statement. The caller owns it; it is finalized when released.
    /// Text after the first statement other than whitespace and semicolons is an error.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    /// The statement for `sql`, compiled once per connection and reused afterwards: it
    /// comes back reset, with its bindings cleared. Use it for statements run repeatedly;
    /// build the SQL text from a fixed set of variants so the cache hits.
    ///
    /// A cached statement is shared by every caller on this connection: finish with it
    /// (step it to the end, or stop using it) before asking for the same SQL again.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache.statement(for: sql) {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statementCache.insert(statement, for: sql)
        return statement
    }

    /// Drops every cached statement (for example after a schema change).
    public func clearStatementCache() {
        statementCache.removeAll()
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Copies what it can of the write-ahead log back into the database file without
    /// waiting for readers or the writer (`wal_checkpoint(PASSIVE)`); returns the log's
    /// size and how much of it is now checkpointed, in pages.
    @discardableResult
    public func checkpoint() throws -> (logPages: Int, checkpointedPages: Int) {
        try prepare("PRAGMA wal_checkpoint(PASSIVE)").fetchOne { ($0.int(1), $0.int(2)) } ?? (0, 0)
    }

    /// True between BEGIN and COMMIT/ROLLBACK.
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

@available(*, unavailable)
extension Database: Sendable {}
