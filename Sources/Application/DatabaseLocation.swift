import Domain
import Persistence
import PostgresStorage
import Storage

/// Which engine and database a `--database` value (or `DATABASE_URL`) names.
///
/// - `postgres://…` or `postgresql://…`: PostgreSQL, passed to libpq as is (user, password,
///   host, port, database and options such as `sslmode`);
/// - `sqlite:PATH` or any other text: the SQLite file at that path.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    public init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else {
            self = .sqlite(path: text)
        }
    }

    /// For logs and `--print-config`: a PostgreSQL URL without its passwords.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return Self.redactingPasswords(in: url)
        }
    }
}

/// The opened, migrated catalog database of either engine, and the writers and readers a
/// command needs from it.
public enum CatalogDatabase {
    case sqlite(DatabasePool)
    case postgres(PostgresPool)

    /// Opens (SQLite: creating the file) and migrates. On PostgreSQL the migrations run under
    /// an advisory lock, so servers starting together migrate once.
    public static func open(_ location: DatabaseLocation,
                            sqliteConfiguration: Database.Configuration = Database.Configuration()) throws -> CatalogDatabase {
        switch location {
        case .sqlite(let path): return .sqlite(try openCatalogDatabase(path: path, configuration: sqliteConfiguration))
        case .postgres(let url): return .postgres(try openCatalogPostgres(url: url))
        }
    }

    /// A bulk writer (seed, import); one thread at a time.
    public func writer() -> any CatalogWriting {
        switch self {
        case .sqlite(let pool): return SQLiteCatalogWriter(pool: pool)
        case .postgres(let pool): return PostgresCatalogWriter(pool: pool)
        }
    }

    public func isEmpty() throws -> Bool {
        switch self {
        case .sqlite(let pool): return try SQLiteCatalog(pool: pool).isEmpty()
        case .postgres(let pool): return try PostgresCatalog(pool: pool).isEmpty()
        }
    }

    /// Runs `body` while holding the database-wide lock of bulk loads: on PostgreSQL an
    /// advisory lock, so two servers seeding an empty database at once seed it once; on
    /// SQLite nothing more than the caller's process (one writer per file anyway).
    public func withBulkLoadLock<T>(_ body: () throws -> T) throws -> T {
        switch self {
        case .sqlite: return try body()
        case .postgres(let pool):
            return try pool.withConnection { connection in
                try connection.query("SELECT pg_advisory_lock($1)", [Self.bulkLoadLockKey])
                defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [Self.bulkLoadLockKey]) }
                return try body()
            }
        }
    }

    /// "STAYSEED" in ASCII.
    static let bulkLoadLockKey: Int64 = 0x5354_4159_5345_4544
}
