/// A fault of the storage under a database, as opposed to a fault of the statement or the
/// data: the operation was fine, the place it writes to is not. A server answers writes that
/// meet one 503 with `Retry-After` (never 500), keeps serving reads, and says so in its
/// readiness (docs/security.md, "Resource exhaustion").
public enum StorageFault: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The disk (or SQLite's `max_page_count`) is full: `SQLITE_FULL`. Ends by itself when a
    /// write succeeds again.
    case diskFull = "disk-full"
    /// The file or its file system refuses writes (`SQLITE_READONLY`), or the server was
    /// started read-only on purpose.
    case readOnly = "read-only"
    /// The path no longer names the file the server has open (deleted, or replaced by another
    /// file): writes would go into a file nobody will ever open again. Lasts until restart.
    case fileReplaced = "file-replaced"

    public var description: String {
        switch self {
        case .diskFull: "the disk holding the database is full"
        case .readOnly: "the database is read-only"
        case .fileReplaced: "the database file was deleted or replaced"
        }
    }
}

extension DatabaseError {
    /// The storage fault this error reports; nil for every other error.
    public var storageFault: StorageFault? {
        // SQLITE_READONLY_DBMOVED: (8 | 4 << 8), a C macro Swift cannot import.
        if extendedResultCode == 1032 { return .fileReplaced }
        switch resultCode {
        case 13: return .diskFull  // SQLITE_FULL
        case 8: return .readOnly  // SQLITE_READONLY
        default: return nil
        }
    }
}
