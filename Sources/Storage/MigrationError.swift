/// Why the migrator refused to run or stopped.
public enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two migrations were given the same version.
    case duplicateVersion(Int)
    /// A migration that was already applied has different SQL now: shipped migrations
    /// must never be edited; add a new one instead.
    case checksumMismatch(version: Int, name: String, applied: String, current: String)
    /// The database was migrated by a newer build that knows versions this one does not.
    case unknownAppliedVersion(version: Int, name: String, newestKnown: Int)
    /// A migration's script failed; nothing of it was kept.
    case failed(version: Int, name: String, underlying: DatabaseError)

    public var description: String {
        switch self {
        case .duplicateVersion(let version):
            return "two migrations have version \(version)"
        case .checksumMismatch(let version, let name, let applied, let current):
            return "migration \(version) (\(name).sql) was edited after it was applied: checksum \(current), applied \(applied); add a new migration instead"
        case .unknownAppliedVersion(let version, let name, let newestKnown):
            return "the database has migration \(version) (\(name)), newer than this build knows (\(newestKnown)); use a newer build"
        case .failed(let version, let name, let underlying):
            return "migration \(version) (\(name).sql) failed: \(underlying)"
        }
    }
}
