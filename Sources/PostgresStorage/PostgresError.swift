import CPostgres

/// An error reported by PostgreSQL or libpq, with what a log line needs: the SQLSTATE
/// (e.g. "23505", unique violation), the server's or libpq's message, the constraint it
/// names (when any), and the SQL that was running.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE; nil for client-side failures (connection lost, a bad URL).
    public var sqlState: String?
    public var message: String
    /// The constraint the server names, e.g. "reservation_nights_pkey".
    public var constraint: String?
    public var sql: String?

    public init(sqlState: String? = nil, message: String, constraint: String? = nil, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.constraint = constraint
        self.sql = sql
    }

    /// Reads a failed result's fields.
    init(result: OpaquePointer?, connection: OpaquePointer?, sql: String?) {
        func field(_ code: Int32) -> String? {
            guard let result, let text = PQresultErrorField(result, code) else { return nil }
            return String(cString: text)
        }
        // PG_DIAG_SQLSTATE 'C', PG_DIAG_MESSAGE_PRIMARY 'M', PG_DIAG_CONSTRAINT_NAME 'n':
        // character-literal macros, which Swift does not import.
        let primary = field(Int32(UInt8(ascii: "M")))
        let fallback = connection.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? "unknown error"
        self.init(sqlState: field(Int32(UInt8(ascii: "C"))),
                  message: (primary ?? fallback).trimmingTrailingNewlines(),
                  constraint: field(Int32(UInt8(ascii: "n"))), sql: sql)
    }

    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += ": \(message)"
        if let constraint { text += " (constraint \(constraint))" }
        if let sql { text += " — in `\(sql)`" }
        return text
    }

    /// 23505: a UNIQUE or PRIMARY KEY constraint refused a row — the error a storage layer
    /// turns into a domain conflict (a night already held, a key already used).
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// 40001 or 40P01: the transaction lost a serialization race or a deadlock and may be
    /// retried as a whole.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
