import Foundation
import PostgresStorage

/// A fresh, empty PostgreSQL database for one test, created on the server named by
/// `STAYS_TEST_POSTGRES_URL` (`.ci/postgres.sh` starts a throwaway one and sets it) and
/// dropped when `drop()` is called or the value is released.
///
/// Tests never need a server CI did not start: without the variable `make()` returns nil,
/// and the PostgreSQL cases of a suite are not run (`TemporaryPostgresDatabase.note`
/// says so once in the test log).
public final class TemporaryPostgresDatabase: @unchecked Sendable {
    /// The server URL from the environment, or nil.
    public static var serverURL: String? {
        let value = ProcessInfo.processInfo.environment["STAYS_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }

    /// Whether PostgreSQL tests run; prints a visible note the first time they do not.
    public static var isAvailable: Bool {
        if serverURL == nil { note() }
        return serverURL != nil
    }

    private static let noted = NSLock()
    nonisolated(unsafe) private static var didNote = false
    private static func note() {
        noted.lock()
        defer { noted.unlock() }
        guard !didNote else { return }
        didNote = true
        FileHandle.standardError.write(Data(
            "note: STAYS_TEST_POSTGRES_URL is not set: PostgreSQL test cases are skipped (.ci/postgres.sh runs them)\n".utf8))
    }

    /// The database's own URL.
    public let url: String
    public let name: String
    private let server: String
    private var dropped = false

    /// A new database, or nil when no server is configured.
    public static func make() throws -> TemporaryPostgresDatabase? {
        guard let server = serverURL else {
            note()
            return nil
        }
        return try TemporaryPostgresDatabase(server: server)
    }

    private init(server: String) throws {
        self.server = server
        name = "stays_test_\(UInt64.random(in: 0...UInt64.max))"
        // CREATE DATABASE takes no parameters; the name is made here from digits only.
        try PostgresConnection(url: server).execute(sql: "CREATE DATABASE \(name)")
        url = Self.replacingDatabase(in: server, with: name)
    }

    /// Drops the database (closing other sessions first). Idempotent.
    public func drop() {
        guard !dropped else { return }
        dropped = true
        try? PostgresConnection(url: server).execute(sql: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    deinit { drop() }

    /// Ends the given sessions (`pg_backend_pid()`s) from a connection of its own, as a
    /// restart or an administrator's `pg_terminate_backend` would, and returns once the
    /// server has let them go.
    public func terminateSessions(_ pids: [Int64]) throws {
        let admin = try PostgresConnection(url: url)
        for pid in pids { _ = try admin.query("SELECT pg_terminate_backend($1::int)", [pid]) }
        let list = "{" + pids.map(String.init).joined(separator: ",") + "}"
        let deadline = Date().addingTimeInterval(10)
        while try admin.queryOne("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY($1::int[])", [list],
                                 { $0.int64(0) }) != 0 {
            guard Date() < deadline else { throw PostgresError(message: "sessions \(pids) outlived pg_terminate_backend") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// `postgres://u@h:p/db?x` with `db` replaced.
    static func replacingDatabase(in url: String, with database: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.path = "/" + database
        return components.string ?? url
    }
}
