/// A statement SQLite could not run for the moment: the database stayed locked past the busy
/// timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`: another process holds the write lock, a long
/// checkpoint or backup) or SQLite ran out of memory (`SQLITE_NOMEM`). Thrown by
/// `DatabasePool.read` and `write` instead of the `DatabaseError` (kept in `underlying`),
/// so the server answers 503 with `Retry-After` rather than 500: nothing is wrong with the
/// request or the data, and the same request may succeed in a moment. Unlike a
/// `StorageFault` it opens no episode and needs no watch: the next statement tries again.
public struct DatabaseBusyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var underlying: DatabaseError

    public init(underlying: DatabaseError) {
        self.underlying = underlying
    }

    public var description: String { "database busy: \(underlying)" }

    /// Rethrows `error` as a `DatabaseBusyError` when it is one of the transient codes.
    static func passing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.isTransient {
            throw DatabaseBusyError(underlying: error)
        }
    }
}

extension DatabaseError {
    /// `SQLITE_BUSY` (5), `SQLITE_LOCKED` (6) or `SQLITE_NOMEM` (7): the statement may succeed
    /// when tried again.
    public var isTransient: Bool { (5...7).contains(resultCode) }
}
