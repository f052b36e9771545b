import Storage

extension PostgresConnection {
    /// How a transaction sees other transactions' commits.
    public enum Isolation: Sendable {
        /// Each statement sees what committed before it began (PostgreSQL's default). Writes
        /// rely on constraints and row locks, not on a stable snapshot.
        case readCommitted
        /// One snapshot for the whole transaction: what `PostgresPool.read` promises.
        case repeatableRead

        var begin: String {
            switch self {
            case .readCommitted: return "BEGIN ISOLATION LEVEL READ COMMITTED"
            case .repeatableRead: return "BEGIN ISOLATION LEVEL REPEATABLE READ"
            }
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws
    /// (the error rethrown). Returns only after COMMIT succeeded (durable with the server's
    /// default `synchronous_commit`). Not nestable: must not be inside a transaction.
    @discardableResult
    public func transaction<T>(_ isolation: Isolation = .readCommitted, readOnly: Bool = false,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        precondition(!isInsideTransaction, "PostgreSQL transactions do not nest here")
        return try TransactionSteps.run(begin: { try execute(sql: readOnly ? isolation.begin + " READ ONLY" : isolation.begin) },
                                        commit: { try execute(sql: "COMMIT") },
                                        rollback: rollbackIgnoringErrors) { try body(self) }
    }

    private func rollbackIgnoringErrors() {
        // A lost connection has no transaction left to roll back; the pool replaces it.
        if isInsideTransaction { try? execute(sql: "ROLLBACK") }
    }
}

extension PostgresConnection {
    /// Runs `body` inside the open transaction in a SAVEPOINT: when it throws, only its own
    /// changes roll back and the transaction stays usable (an error otherwise aborts a
    /// PostgreSQL transaction whole). Must be inside a transaction.
    @discardableResult
    public func savepoint<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        precondition(isInsideTransaction, "a savepoint needs a transaction")
        return try TransactionSteps.run(begin: { try execute(sql: "SAVEPOINT stays_savepoint") },
                                        commit: { try execute(sql: "RELEASE SAVEPOINT stays_savepoint") },
                                        rollback: {
                                            try? execute(sql: "ROLLBACK TO SAVEPOINT stays_savepoint")
                                            try? execute(sql: "RELEASE SAVEPOINT stays_savepoint")
                                        }) { try body(self) }
    }
}
