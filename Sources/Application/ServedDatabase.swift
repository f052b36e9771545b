import Persistence
import Storage

/// Opens the SQLite database `stays serve` serves: read-write (creating and migrating it,
/// never where a database it once opened is gone: `DatabaseBirthRecord`), or read-only on
/// purpose (`ApplicationConfiguration.readOnly`: nothing is created, migrated or written;
/// the schema must already be current).
func openServedDatabase(path: String, configuration: ApplicationConfiguration) throws -> DatabasePool {
    let record = DatabaseBirthRecord(databasePath: path)
    try record?.checkBeforeOpening()
    // The writer never checkpoints on commit; `Maintenance.checkpoints` does it every second.
    let pool: DatabasePool
    if configuration.readOnly {
        pool = try DatabasePool(path: path, configuration: Database.Configuration(readOnly: true))
        let applied = Set(try pool.read { try Schema.migrator.appliedMigrations($0) }.map(\.version))
        let pending = Schema.migrator.migrations.filter { !applied.contains($0.version) }
        guard pending.isEmpty else { throw ReadOnlyDatabaseError(path: path, pending: pending.map(\.version)) }
        configuration.log("database \(path) is served read-only: writes answer 503, /health/ready says so")
    } else {
        pool = try openCatalogDatabase(path: path, configuration: Database.Configuration(autoCheckpointPages: 0))
        record?.write(log: configuration.log)
    }
    pool.faults.setLog(configuration.log)
    return pool
}

/// A database that cannot be served read-only: its schema is not current (migrations would
/// have to write), or it is not SQLite (`pending` empty).
struct ReadOnlyDatabaseError: Error, CustomStringConvertible {
    var path: String
    var pending: [Int]

    var description: String {
        guard !pending.isEmpty else { return "cannot serve \(path) read-only: --read-only is for SQLite databases" }
        return "cannot serve \(path) read-only: its schema lacks migrations \(pending.map(String.init).joined(separator: ", ")); "
            + "run `stays migrate` on a writable copy first"
    }
}

extension Maintenance {
    /// The background upkeep of a served SQLite database: checkpoints, the file check and the
    /// change-log trim; only the file check when read-only (the others write).
    static func tasks(for pool: DatabasePool, readOnly: Bool, log: @escaping @Sendable (String) -> Void) -> [RepeatingTask] {
        if readOnly { return [storageWatch(of: pool, log: log)] }
        return [checkpoints(of: pool, log: log), storageWatch(of: pool, log: log), changeLogTrim(of: .sqlite(pool), log: log)]
    }
}
