import CPostgres
import Foundation

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

    /// Connects with a libpq connection string or URL (`postgres://user:pass@host:port/db`).
    public init(url: String) throws {
        guard let connection = PQconnectdb(url) else {
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

    /// False once the server or the network dropped the connection: a pool then opens a new one.
    public var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

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
        let values = parameters.map { $0?.postgresParameter }
        // C copies of the values, alive for the call.
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        buffers.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .none:
                buffers.append(nil); lengths.append(0); formats.append(0)
            case .text(let text):
                buffers.append(strdup(text)); lengths.append(0); formats.append(0)
            case .binary(let bytes):
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count) }
                }
                buffers.append(buffer); lengths.append(Int32(bytes.count)); formats.append(1)
            }
        }
        defer { for buffer in buffers { free(buffer) } }
        let pointers = buffers.map { UnsafePointer($0) }
        let result = PQexecPrepared(handle, name, Int32(values.count), pointers, lengths, formats, format.rawValue)
        let rows = try checked(result, sql: sql, format: format)
        if format == .binary { try Self.checkBinaryTypes(of: rows, sql: sql) }
        return rows
    }

    /// Refuses a binary result with a column `PostgresRow` cannot decode from binary.
    private static func checkBinaryTypes(of rows: PostgresResult, sql: String) throws {
        for column in 0..<PQnfields(rows.handle) where PostgresBinaryType(rawValue: PQftype(rows.handle, column)) == nil {
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
    }

    private func preparedName(_ sql: String) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "stays_\(prepared.count + 1)"
        let result = PQprepare(handle, name, sql, 0, nil)
        _ = try checked(result, sql: sql, format: .text)
        prepared[sql] = name
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
