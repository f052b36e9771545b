import Storage

/// Brings a PostgreSQL database's schema up to date: `Migrator`'s promises (ascending
/// order, one transaction per migration with its `schema_migrations` row, idempotent,
/// refusing an edited or unknown applied migration before changing anything, with the
/// same `MigrationError`s and the same checksums), plus one for many servers:
///
/// - the whole run holds a session-level advisory lock (`pg_advisory_lock`), so when N
///   servers start at once one migrates and the others wait, then find nothing to do: each
///   migration is applied exactly once.
public struct PostgresMigrator: Sendable {
    /// The advisory lock key every Stays migrator takes ("STAYSMIG" in ASCII).
    public static let lockKey: Int64 = 0x5354_4159_534D_4947

    /// The migrations in order, and the checks and pending list every engine shares.
    private let plan: Migrator
    public var migrations: [Migration] { plan.migrations }

    public init(migrations: [Migration]) {
        plan = Migrator(migrations: migrations)
    }

    /// Applies the pending migrations on `connection`, outside any transaction; returns them.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [Migration] {
        precondition(!connection.isInsideTransaction, "migrate runs its own transactions")
        try plan.checkVersions()
        try connection.query("SELECT pg_advisory_lock($1)", [Self.lockKey])
        defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [Self.lockKey]) }
        try connection.execute(sql: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    BIGINT PRIMARY KEY,
                name       TEXT   NOT NULL,
                checksum   TEXT   NOT NULL,
                applied_at BIGINT NOT NULL
            )
            """)
        var done: [Migration] = []
        for migration in try plan.pending(applied: appliedMigrations(connection)) {
            do {
                try connection.transaction { connection in
                    try connection.execute(sql: migration.sql)
                    try connection.query("""
                        INSERT INTO schema_migrations (version, name, checksum, applied_at) \
                        VALUES ($1, $2, $3, extract(epoch FROM now())::bigint)
                        """, [migration.version, migration.name, migration.checksum])
                }
            } catch let error as PostgresError {
                throw PostgresMigrationFailure(version: migration.version, name: migration.name, underlying: error)
            }
            done.append(migration)
        }
        // Plans prepared against the old schema would fail ("cached plan must not change result type").
        if !done.isEmpty { try connection.deallocateAll() }
        return done
    }

    /// Applies the pending migrations on one of the pool's connections.
    @discardableResult
    public func migrate(_ pool: PostgresPool) throws -> [Migration] {
        try pool.withConnection { try migrate($0) }
    }

    /// The rows of `schema_migrations`, ascending by version.
    public func appliedMigrations(_ connection: PostgresConnection) throws
        -> [(version: Int, name: String, checksum: String)] {
        try connection.query("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
            .map { (version: $0.int(0), name: $0.string(1), checksum: $0.string(2)) }
    }
}

/// A migration's script failed on PostgreSQL; nothing of it was kept.
public struct PostgresMigrationFailure: Error, Sendable, CustomStringConvertible {
    public var version: Int
    public var name: String
    public var underlying: PostgresError

    public var description: String { "migration \(version) (\(name).sql) failed: \(underlying)" }
}
