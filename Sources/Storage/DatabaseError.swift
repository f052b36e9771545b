import CSQLite

/// An error reported by SQLite, with everything needed to understand it from a log line:
/// the primary and extended result codes, SQLite's own message (`sqlite3_errmsg`), and the
/// SQL that was running when it happened.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The primary result code, e.g. `SQLITE_CONSTRAINT` (19).
    public var resultCode: Int32
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public var extendedResultCode: Int32
    /// The message SQLite gave, e.g. "UNIQUE constraint failed: locations.external_key".
    public var message: String
    /// The statement or script being prepared or run; nil when not tied to one.
    public var sql: String?

    public init(resultCode: Int32, extendedResultCode: Int32? = nil, message: String, sql: String? = nil) {
        self.resultCode = resultCode & 0xFF
        self.extendedResultCode = extendedResultCode ?? resultCode
        self.message = message
        self.sql = sql
    }

    /// Reads the connection's last error. `code` is the value the failing call returned.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode describes the most recent failing call, which is the one
        // that returned `code` only when their primary codes agree.
        self.init(resultCode: code, extendedResultCode: (extended & 0xFF) == (code & 0xFF) ? extended : code,
                  message: message, sql: sql)
    }

    /// SQLite's short English name of the primary code, e.g. "constraint failed".
    public var codeDescription: String { String(cString: sqlite3_errstr(resultCode)) }

    public var description: String {
        var text = "SQLite error \(resultCode)"
        if extendedResultCode != resultCode { text += " (extended \(extendedResultCode))" }
        text += ": \(message)"
        if let sql { text += " — in `\(sql)`" }
        return text
    }
}

extension DatabaseError {
    /// A UNIQUE or PRIMARY KEY constraint refused a row: the error a storage layer turns
    /// into a domain conflict (a night already held, a key already used).
    public var isUniqueConstraintViolation: Bool {
        // SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY: C macros Swift cannot import.
        extendedResultCode == 2067 || extendedResultCode == 1555
    }
}
