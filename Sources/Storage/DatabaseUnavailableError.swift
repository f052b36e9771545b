/// A write refused because of a `StorageFault`: thrown by `DatabasePool.write` instead of the
/// `DatabaseError` SQLite gave (kept in `underlying`), and for every write while the pool
/// knows the fault lasts (a replaced file, read-only mode), without trying.
public struct DatabaseUnavailableError: Error, Hashable, Sendable, CustomStringConvertible {
    public var fault: StorageFault
    /// The database file.
    public var path: String
    /// What SQLite said, when SQLite said it; nil when the pool refused the write itself.
    public var underlying: DatabaseError?

    public init(fault: StorageFault, path: String, underlying: DatabaseError? = nil) {
        self.fault = fault
        self.path = path
        self.underlying = underlying
    }

    public var description: String {
        "write refused: \(fault) (\(path))" + (underlying.map { ": \($0)" } ?? "")
    }
}
