import CPostgres
import Foundation
import Glibc

/// One PostgreSQL connection through libpq, used synchronously.
///
/// Promises: statements run as server-side prepared statements with their values sent as
/// parameters (text, or binary for bytes) — SQL is never built from values; each distinct
/// SQL text is prepared once per connection and reused; every failure is a `PostgresError`
/// carrying the SQLSTATE; the connection is closed exactly once, when the value is released.
///
/// Thread safety: **not** `Sendable`, like SQLite's `Database`: one thread at a time. Share
/// a server between threads through a `PostgresPool`.
public final class PostgresConnection {
    /// The raw `PGconn*`, owned by this object.
    public let handle: OpaquePointer
    private var prepared: [String: String] = [:]
    /// The statements used last, newest first: a hit compares the caller's SQL with an entry,
    /// which for the same `static let` text is one pointer comparison, where the dictionary
    /// would hash the whole text (a quote's statement is about 1 KB) on every call.
    private var recent: [(sql: String, name: String)] = []
    private static let recentCount = 8

    /// What a connection sets unless its URL sets it: a bounded wait to connect; TCP keepalives
    /// that notice a server gone without a word (a failover, a cut network) while a statement
    /// waits for its answer, in about a minute rather than the kernel's two hours; and a limit
    /// on how long sent bytes may go unacknowledged. Without them a request could wait on such
    /// a server with no end.
    public static let defaultSettings: KeyValuePairs<String, String> = [
        "connect_timeout": "10", "keepalives_idle": "30", "keepalives_interval": "10", "keepalives_count": "3",
        "tcp_user_timeout": "30000",
    ]

    /// Connects with a libpq connection string or URL (`postgres://user:pass@host:port/db`),
    /// which may override any of `defaultSettings`.
    public init(url: String) throws {
        // libpq reads the keywords in order and keeps the last value: the defaults come first,
        // then the URL expanded in place of `dbname`, so the URL's own settings win.
        let keywords = Self.defaultSettings.map(\.key) + ["dbname"]
        let values = Self.defaultSettings.map(\.value) + [url]
        let made = withCStringArray(keywords) { keywords in
            withCStringArray(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection = made else {
            throw PostgresError(message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingTrailingNewlines()
            PQfinish(connection)
            throw PostgresError(message: "cannot connect: \(message)")
        }
        handle = connection
        PQsetClientEncoding(connection, "UTF8")
        // NOTICEs ("relation ... already exists, skipping") would go to stderr by default.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    /// The libpq settings in effect (`host`, `port`, `connect_timeout`, ...): what the URL set
    /// and the defaults it left. Passwords are left out.
    public var settings: [String: String] {
        guard let options = PQconninfo(handle) else { return [:] }
        defer { PQconninfoFree(options) }
        var settings: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val, String(cString: keyword) != "password" {
                settings[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        return settings
    }

    /// False once the server or the network dropped the connection: a pool then opens a new one.
    public var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether a connection that has been idle can be handed out again, known without a round
    /// trip: a server says nothing to an idle session that is not listening, so one with input
    /// waiting (a FATAL message, end of file) is being closed by the server (a restart, a
    /// failover, `pg_terminate_backend`), and libpq would only notice at the next statement.
    public var isIntactWhileIdle: Bool {
        guard isHealthy else { return false }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// True between BEGIN and COMMIT/ROLLBACK (also in a failed transaction).
    public var isInsideTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Runs a script of zero or more statements (the simple query protocol), with no
    /// parameters and no rows: DDL, migrations, BEGIN/COMMIT.
    public func execute(sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw PostgresError(result: result, connection: handle, sql: sql)
        }
    }

    /// Runs one statement with `parameters` ($1, $2, ...; nil is NULL) and returns its rows,
    /// in `format` (binary only for statements whose columns are all `PostgresBinaryType`s:
    /// any other type fails the call).
    @discardableResult
    public func query(_ sql: String, _ parameters: [(any PostgresBindable)?] = [],
                      format: PostgresResultFormat = .text) throws -> PostgresResult {
        let name = try preparedName(sql)
        // Every value's bytes in one buffer (text NUL-terminated), alive for the call; the
        // per-parameter arrays libpq reads live on the stack.
        let count = parameters.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 * count)
        let result = withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, count)) { offsets in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, 2 * count)) { sizes in
                let lengths = sizes.baseAddress!, formats = sizes.baseAddress! + count
                for (index, parameter) in parameters.enumerated() {
                    switch parameter?.postgresParameter {
                    case .none:
                        offsets[index] = -1; lengths[index] = 0; formats[index] = 0
                    case .text(let text):
                        offsets[index] = bytes.count; lengths[index] = 0; formats[index] = 0
                        bytes.append(contentsOf: text.utf8)
                        bytes.append(0)
                    case .binary(let value):
                        offsets[index] = bytes.count; lengths[index] = Int32(value.count); formats[index] = 1
                        bytes.append(contentsOf: value)
                    }
                }
                bytes.append(0)  // a base address even with no values
                return bytes.withUnsafeBufferPointer { buffer in
                    withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: max(1, count)) { values in
                        let base = UnsafeRawPointer(buffer.baseAddress!)
                        for index in 0..<count {
                            values[index] = offsets[index] < 0 ? nil : (base + offsets[index]).assumingMemoryBound(to: CChar.self)
                        }
                        return PQexecPrepared(handle, name, Int32(count), values.baseAddress, lengths, formats, format.rawValue)
                    }
                }
            }
        }
        let rows = try checked(result, sql: sql, format: format)
        if format == .binary { try Self.checkBinaryTypes(of: rows, sql: sql) }
        return rows
    }

    /// Sends one statement (the simple protocol: no parameters, text results) and returns
    /// without waiting, so that the server works on it while the caller does something else;
    /// `receive(sql:)` then waits for its answer. At most one statement is outstanding, and
    /// nothing else may run on the connection until it is received (a later `execute` or
    /// `query` discards an answer never received).
    public func send(sql: String) throws {
        guard PQsendQuery(handle, sql) == 1 else {
            throw PostgresError(message: String(cString: PQerrorMessage(handle)).trimmingTrailingNewlines(), sql: sql)
        }
    }

    /// The answer to the statement `send(sql:)` sent, waiting for it.
    public func receive(sql: String) throws -> PostgresResult {
        let result = PQgetResult(handle)
        // The cycle ends with a NULL result; a second result would be a second statement's.
        while let extra = PQgetResult(handle) { PQclear(extra) }
        return try checked(result, sql: sql, format: .text)
    }

    /// Refuses a binary result with a column `PostgresRow` cannot decode from binary.
    private static func checkBinaryTypes(of rows: PostgresResult, sql: String) throws {
        if let column = rows.undecodableColumn {
            let name = String(cString: PQfname(rows.handle, column))
            throw PostgresError(message: "column \(name) has type OID \(PQftype(rows.handle, column)), "
                                + "which binary results do not decode", sql: sql)
        }
    }

    /// Runs one statement and decodes its first row, or returns nil when it has none.
    public func queryOne<T>(_ sql: String, _ parameters: [(any PostgresBindable)?] = [],
                            format: PostgresResultFormat = .text,
                            _ decode: (PostgresRow) throws -> T) throws -> T? {
        try query(sql, parameters, format: format).first(decode)
    }

    /// Forgets every prepared statement (after a schema change: plans of the old shape fail).
    public func deallocateAll() throws {
        try execute(sql: "DEALLOCATE ALL")
        prepared.removeAll()
        recent.removeAll()
    }

    private func preparedName(_ sql: String) throws -> String {
        if let hit = recent.firstIndex(where: { $0.sql == sql }) {
            let entry = recent[hit]
            if hit > 0 { recent.remove(at: hit); recent.insert(entry, at: 0) }
            return entry.name
        }
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "stays_\(prepared.count + 1)"
            let result = PQprepare(handle, name, sql, 0, nil)
            _ = try checked(result, sql: sql, format: .text)
            prepared[sql] = name
        }
        recent.insert((sql, name), at: 0)
        if recent.count > Self.recentCount { recent.removeLast() }
        return name
    }

    private func checked(_ result: OpaquePointer?, sql: String, format: PostgresResultFormat) throws -> PostgresResult {
        guard let result else {
            throw PostgresError(result: nil, connection: handle, sql: sql)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let error = PostgresError(result: result, connection: handle, sql: sql)
            PQclear(result)
            throw error
        }
        return PostgresResult(handle: result, format: format)
    }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}

/// Calls `body` with a NULL-terminated array of C strings, valid during the call.
private func withCStringArray<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
