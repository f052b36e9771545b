import CSQLite

extension Database {
    /// How a top-level transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes no lock until the first read or write. Use for read-only work.
        case deferred = "DEFERRED"
        /// Takes the write lock at BEGIN, so a write never fails half-way with SQLITE_BUSY
        /// on lock upgrade. The default.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: its changes are committed when it returns, rolled back
    /// when it throws (and the error rethrown). Called inside another transaction, it runs
    /// in a SAVEPOINT, so the inner block's changes roll back alone and the outer one
    /// decides the final commit.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (Database) throws -> T) throws -> T {
        if isInsideTransaction {
            return try savepoint(body)
        }
        try cachedStatement("BEGIN \(kind.rawValue)").run()
        let value: T
        do {
            value = try body(self)
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        do {
            try cachedStatement("COMMIT").run()
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        return value
    }

    private func savepoint<T>(_ body: (Database) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "stays_sp\(savepointDepth)"
        // Cached: bulk writers open a savepoint per call, and parsing it each time shows up.
        try cachedStatement("SAVEPOINT \(name)").run()
        let value: T
        do {
            value = try body(self)
        } catch {
            // ROLLBACK TO keeps the savepoint open; RELEASE closes it. If the outer
            // transaction is already gone (SQLite rolls back on some errors), both fail
            // harmlessly and the caller's error is the one that matters.
            sqlite3_exec(handle, "ROLLBACK TO \(name)", nil, nil, nil)
            sqlite3_exec(handle, "RELEASE \(name)", nil, nil, nil)
            throw error
        }
        try cachedStatement("RELEASE \(name)").run()
        return value
    }

    private func rollbackIgnoringErrors() {
        // After some errors (SQLITE_FULL, IOERR, BUSY on COMMIT...) SQLite has already
        // rolled back; a ROLLBACK then fails with "no transaction is active", which is fine.
        if isInsideTransaction {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        }
    }
}
