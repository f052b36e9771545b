import CSQLite

/// A compiled SQL statement of one connection.
///
/// Bind arguments by 1-based index or by name (`:name`, `@name`, `$name`), then `step()`
/// through the rows or `run()` it to completion. Bound values are copied into SQLite, so
/// the Swift values may go away right after binding.
///
/// Thread safety: not `Sendable`; use it only on the thread that holds its connection.
public final class Statement {
    /// The raw `sqlite3_stmt*`, owned (and finalized) by this object.
    public let handle: OpaquePointer
    public let sql: String
    // The connection's handle rather than the `Database`: the cache would otherwise make a
    // reference cycle. sqlite3_close_v2 keeps the connection alive until every statement is
    // finalized, so the handle stays valid for as long as this statement exists.
    let connection: OpaquePointer

    init(database: Database, sql: String, persistent: Bool) throws {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { text in
            let code = sqlite3_prepare_v3(database.handle, text, -1, flags, &statement, &tail)
            // Anything but whitespace and semicolons after the first statement would be
            // silently ignored by SQLite; refuse it instead.
            if code == SQLITE_OK, var rest = tail {
                while rest.pointee != 0 {
                    let byte = UInt8(bitPattern: rest.pointee)
                    guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x3B else {
                        return SQLITE_MISUSE
                    }
                    rest += 1
                }
            }
            return code
        }
        if code == SQLITE_MISUSE {
            sqlite3_finalize(statement)
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "prepare takes one statement; use execute(sql:) for scripts", sql: sql)
        }
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(code: code, connection: database.handle, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.connection = database.handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Number of parameters.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }
    /// Number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }
    /// The name of result column `index` (0-based).
    public func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Makes the statement ready to run again; keeps the bindings.
    public func reset() {
        // sqlite3_reset repeats the last step's error code; that error was already thrown.
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Advances to the next row. Returns the row (valid until the next step or reset), or
    /// nil when done; the statement then resets itself so it can run again.
    public func step() throws -> Row? {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return Row(statement: handle)
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return nil
        default:
            let error = DatabaseError(code: code, connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Steps to completion, ignoring rows (INSERT, UPDATE, DELETE, DDL).
    public func run() throws {
        while try step() != nil {}
    }

    /// Calls `body` with each row.
    public func forEachRow(_ body: (Row) throws -> Void) throws {
        while let row = try step() {
            do {
                try body(row)
            } catch {
                sqlite3_reset(handle)
                throw error
            }
        }
    }

    /// Decodes every row with `decode`.
    public func fetchAll<T>(_ decode: (Row) throws -> T) throws -> [T] {
        var values: [T] = []
        try forEachRow { values.append(try decode($0)) }
        return values
    }

    /// Decodes the first row, or returns nil when there is none. Leaves the statement reset.
    public func fetchOne<T>(_ decode: (Row) throws -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        guard let row = try step() else { return nil }
        return try decode(row)
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
