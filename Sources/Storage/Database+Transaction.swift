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
        return try TransactionSteps.run(begin: { try cachedStatement("BEGIN \(kind.rawValue)").run() },
                                        commit: { try cachedStatement("COMMIT").run() },
                                        rollback: rollbackIgnoringErrors) { try body(self) }
    }

    private func savepoint<T>(_ body: (Database) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "stays_sp\(savepointDepth)"
        // Cached: bulk writers open a savepoint per call, and parsing it each time shows up.
        // ROLLBACK TO keeps the savepoint open; RELEASE closes it. If the outer transaction
        // is already gone (SQLite rolls back on some errors), both fail harmlessly.
        return try TransactionSteps.run(begin: { try cachedStatement("SAVEPOINT \(name)").run() },
                                        commit: { try cachedStatement("RELEASE \(name)").run() },
                                        rollback: {
                                            sqlite3_exec(handle, "ROLLBACK TO \(name)", nil, nil, nil)
                                            sqlite3_exec(handle, "RELEASE \(name)", nil, nil, nil)
                                        }) { try body(self) }
    }

    private func rollbackIgnoringErrors() {
        // After some errors (SQLITE_FULL, IOERR, BUSY on COMMIT...) SQLite has already
        // rolled back; a ROLLBACK then fails with "no transaction is active", which is fine.
        if isInsideTransaction {
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
        }
    }
}
