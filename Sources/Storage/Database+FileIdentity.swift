import CSQLite

extension Database {
    /// Whether the path this connection opened no longer names the file it has open: the
    /// file was deleted, renamed, or replaced by another (SQLite's `SQLITE_FCNTL_HAS_MOVED`
    /// compares the inode of the open file with the one the path names now). False for an
    /// in-memory database and before the file is first read.
    public func fileHasMoved() throws -> Bool {
        var moved: Int32 = 0
        let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: nil) }
        return moved != 0
    }

    /// Whether SQLite opened the main database read-only, asked to or not: a read-write open
    /// of a file without write permission, or on a read-only mount, silently falls back to
    /// read-only, and only the first write then fails.
    public var isReadOnlyFile: Bool { sqlite3_db_readonly(handle, "main") == 1 }
}
