import PostgresStorage
import Storage

/// The catalog's schema: the migrations in Migrations/*.sql, embedded at build time.
public enum Schema {
    /// Every migration this build knows, ascending by version.
    public static var migrations: [Migration] {
        EmbeddedMigrations.all.map { Migration(version: $0.version, name: $0.name, sql: $0.sql) }
    }

    public static var migrator: Migrator { Migrator(migrations: migrations) }
}

/// Opens (creating when missing) the catalog database at `path` and brings its schema up
/// to date. Throws `MigrationError` for a database this build must not touch (an edited
/// or unknown migration), `DatabaseError` for anything SQLite refuses.
public func openCatalogDatabase(path: String, configuration: Database.Configuration = Database.Configuration(),
                                maximumReaderCount: Int? = nil) throws -> DatabasePool {
    let pool: DatabasePool
    if let maximumReaderCount {
        pool = try DatabasePool(path: path, configuration: configuration, maximumReaderCount: maximumReaderCount)
    } else {
        pool = try DatabasePool(path: path, configuration: configuration)
    }
    try Schema.migrator.migrate(pool)
    return pool
}

/// The catalog's schema on PostgreSQL: the migrations in Migrations/postgres/*.sql, embedded
/// at build time, applied under an advisory lock (`PostgresMigrator`).
public enum PostgresSchema {
    public static var migrations: [Migration] {
        EmbeddedPostgresMigrations.all.map { Migration(version: $0.version, name: $0.name, sql: $0.sql) }
    }

    public static var migrator: PostgresMigrator { PostgresMigrator(migrations: migrations) }
}

/// Connects a pool to the PostgreSQL database at `url` and brings its schema up to date
/// (exactly once however many servers start at once).
public func openCatalogPostgres(url: String, maximumConnectionCount: Int? = nil) throws -> PostgresPool {
    let pool = try maximumConnectionCount.map { try PostgresPool(url: url, maximumConnectionCount: $0) }
        ?? PostgresPool(url: url)
    try PostgresSchema.migrator.migrate(pool)
    return pool
}
