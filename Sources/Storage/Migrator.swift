/// Brings a database's schema up to date with a list of migrations.
///
/// Promises:
/// - pending migrations run in ascending version order, each in its own transaction
///   together with its `schema_migrations` row: a migration is applied entirely or not at
///   all, and the bookkeeping never disagrees with the schema;
/// - running again applies nothing (idempotent);
/// - it refuses, before changing anything, a database where an applied migration's SQL
///   has changed (`checksumMismatch`) or that has a version it does not know
///   (`unknownAppliedVersion`).
public struct Migrator: Sendable {
    public let migrations: [Migration]

    /// Precondition: versions are unique (checked again, as a thrown error, in `migrate`).
    public init(migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// Applies the pending migrations on `db`, which must not be inside a transaction.
    /// Returns the migrations applied, in order.
    @discardableResult
    public func migrate(_ db: Database) throws -> [Migration] {
        precondition(!db.isInsideTransaction, "migrate runs its own transactions")
        try checkVersions()
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT    NOT NULL,
                checksum   TEXT    NOT NULL,
                applied_at INTEGER NOT NULL
            )
            """)
        var done: [Migration] = []
        for migration in try pending(applied: appliedMigrations(db)) {
            do {
                try db.transaction(.immediate) { db in
                    try db.execute(sql: migration.sql)
                    let insert = try db.prepare("""
                        INSERT INTO schema_migrations (version, name, checksum, applied_at)
                        VALUES (?, ?, ?, CAST(strftime('%s', 'now') AS INTEGER))
                        """)
                    try insert.bind(migration.version, at: 1)
                    try insert.bind(migration.name, at: 2)
                    try insert.bind(migration.checksum, at: 3)
                    try insert.run()
                }
            } catch let error as DatabaseError {
                throw MigrationError.failed(version: migration.version, name: migration.name, underlying: error)
            }
            // A schema change makes cached statements recompile anyway; drop them early.
            db.clearStatementCache()
            done.append(migration)
        }
        return done
    }

    /// Throws `duplicateVersion` for two migrations with one version. Every engine's
    /// migrator checks this first.
    public func checkVersions() throws {
        for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.version == next.version {
            throw MigrationError.duplicateVersion(next.version)
        }
    }

    /// The migrations still to apply, in order, given the `schema_migrations` rows of a
    /// database of any engine; throws, before anything is changed, for an applied version
    /// this build does not know (`unknownAppliedVersion`) or whose SQL has changed
    /// (`checksumMismatch`).
    public func pending(applied: [(version: Int, name: String, checksum: String)]) throws -> [Migration] {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let newestKnown = migrations.last?.version ?? 0
        for row in applied {
            guard let migration = known[row.version] else {
                throw MigrationError.unknownAppliedVersion(version: row.version, name: row.name, newestKnown: newestKnown)
            }
            guard migration.checksum == row.checksum else {
                throw MigrationError.checksumMismatch(version: row.version, name: migration.name,
                                                      applied: row.checksum, current: migration.checksum)
            }
        }
        let appliedVersions = Set(applied.map(\.version))
        return migrations.filter { !appliedVersions.contains($0.version) }
    }

    /// Applies the pending migrations through the pool's writer.
    @discardableResult
    public func migrate(_ pool: DatabasePool) throws -> [Migration] {
        try pool.writeWithoutTransaction { try migrate($0) }
    }

    /// The rows of `schema_migrations`, ascending by version.
    public func appliedMigrations(_ db: Database) throws -> [(version: Int, name: String, checksum: String)] {
        try db.prepare("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
            .fetchAll { (version: $0.int(0), name: $0.string(1), checksum: $0.string(2)) }
    }
}
