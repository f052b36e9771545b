import CSQLite

extension Database {
    /// Whether SQLite opened the main database read-only, asked to or not: a read-write open
    /// of a file without write permission, or on a read-only mount, silently falls back to
    /// read-only, and only the first write then fails.
    public var isReadOnlyFile: Bool { sqlite3_db_readonly(handle, "main") == 1 }
}
