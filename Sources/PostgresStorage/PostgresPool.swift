import Foundation
import Synchronization

/// A PostgreSQL database shared by many threads: up to `maximumConnectionCount`
/// connections, each used by one thread at a time — `DatabasePool`'s rules, on a server.
///
/// Promises:
/// - `read` runs its closure in a READ ONLY, REPEATABLE READ transaction: every query in it
///   sees one consistent snapshot, as SQLite's read transactions do.
/// - `write` runs its closure in a READ COMMITTED transaction: committed when it returns,
///   rolled back when it throws. Unlike SQLite's, writes of this and of other servers run
///   concurrently: what must not interleave is enforced by constraints and row locks in
///   the SQL (see docs/storage.md), never by this pool.
/// - Both are synchronous: they block until a connection is free, run the closure on the
///   calling thread, and return its value or rethrow its error.
/// - A connection the server closed is not handed out again: one closed while it sat idle is
///   replaced before the call runs (a database restart costs no failed request), one lost
///   during a call is dropped after it. A database that cannot be reached, or a connection
///   lost during a call, throws `PostgresUnavailableError`; any other failure is the
///   statement's `PostgresError` (or the closure's own error), unchanged.
///
/// Thread safety: `Sendable`. The connection passed to a closure belongs to that call only.
public final class PostgresPool: @unchecked Sendable {
    public let url: String
    public let maximumConnectionCount: Int

    // Guarded by condition.
    private var idle: [PostgresConnection] = []
    private var openCount = 0
    private let condition = NSCondition()
    private let waits = Atomic<UInt64>(0)
    private let commits = Atomic<UInt64>(0)
    private let closed = Atomic<Bool>(false)

    /// Connects once now, so a bad URL or an unreachable server fails here.
    public init(url: String, maximumConnectionCount: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)) throws {
        precondition(maximumConnectionCount >= 1, "a pool needs at least one connection")
        self.url = url
        self.maximumConnectionCount = maximumConnectionCount
        idle.append(try PostgresConnection(url: url))
        openCount = 1
    }

    @discardableResult
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { try $0.transaction(.repeatableRead, readOnly: true, body) }
    }

    @discardableResult
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let value = try withConnection { try $0.transaction(.readCommitted, body) }
        commits.wrappingAdd(1, ordering: .releasing)
        return value
    }

    /// `write` calls of this pool that committed, counted after COMMIT returned: a reader in
    /// this process that sees it move knows one of its own commits has landed, without waiting
    /// for a notification (read-your-writes on one server).
    public var committedWriteCount: UInt64 { commits.load(ordering: .acquiring) }

    /// Runs `body`, which must run **one** statement, outside an explicit transaction: the
    /// statement is its own snapshot (PostgreSQL's autocommit), which saves the BEGIN and
    /// COMMIT round trips of `read`. For single-statement reads on the request path.
    @discardableResult
    public func autocommit<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(body)
    }

    /// Runs `body` on a connection with no transaction around it (migrations, bulk loads
    /// committing in batches, LISTEN).
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        if closed.load(ordering: .acquiring) { throw PostgresError(message: "the pool is closed") }
        let connection = try checkOut()
        defer { checkIn(connection) }
        do {
            return try body(connection)
        } catch let error as PostgresError where !connection.isHealthy {
            throw PostgresUnavailableError(error)
        }
    }

    /// Times a call had to wait for a connection.
    public var waitCount: UInt64 { waits.load(ordering: .relaxed) }

    /// Refuses every later call; calls already running finish.
    public func close() { closed.store(true, ordering: .releasing) }

    private func checkOut() throws -> PostgresConnection {
        condition.lock()
        if idle.isEmpty && openCount >= maximumConnectionCount { waits.wrappingAdd(1, ordering: .relaxed) }
        while true {
            while idle.isEmpty && openCount >= maximumConnectionCount { condition.wait() }
            guard let connection = idle.popLast() else { break }
            if connection.isIntactWhileIdle {
                condition.unlock()
                return connection
            }
            openCount -= 1  // closed by the server while idle: released here, replaced below
        }
        openCount += 1
        condition.unlock()
        do {
            return try PostgresConnection(url: url)
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw (error as? PostgresError).map(PostgresUnavailableError.init) ?? error
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        condition.lock()
        if connection.isHealthy && !connection.isInsideTransaction {
            idle.append(connection)
        } else {
            openCount -= 1  // dropped: closed when released; the next checkOut opens a fresh one
        }
        condition.signal()
        condition.unlock()
    }
}
