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

    /// The location as a `--database` value spells it (`init` reads it back).
    public var text: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return url
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

/// The opened, migrated catalog database: the one engine value a server, a command or a
/// test holds. Every store reaches it through `engine` (each store is written once over the
/// engine seam, `StoreEngine`); the cases are here for what only one engine has (a SQLite
/// file's checkpoints and descriptors, a PostgreSQL pool's size).
public enum CatalogDatabase: Sendable {
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

    /// The engine every store runs on.
    public var engine: any StoreEngine {
        switch self {
        case .sqlite(let pool): return SQLiteEngine(pool: pool)
        case .postgres(let pool): return PostgresEngine(pool: pool)
        }
    }

    /// A bulk writer (seed, import); one thread at a time.
    public func writer() -> any CatalogWriting { engine.catalogWriter() }

    public func isEmpty() throws -> Bool { try engine.isCatalogEmpty() }

    /// Runs `body` while holding the database-wide lock of bulk loads: on PostgreSQL an
    /// advisory lock, so two servers seeding an empty database at once seed it once; on
    /// SQLite nothing more than the caller's process (one writer per file anyway).
    public func withBulkLoadLock<T>(_ body: () throws -> T) throws -> T {
        try engine.withBulkLoadLock(body)
    }
}
