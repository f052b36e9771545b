import Foundation
import Synchronization

/// A database file shared by many threads: one writer connection, used by one thread at a
/// time, and up to `maximumReaderCount` read-only connections, so reads run in parallel
/// with each other and with the write (the journal is WAL).
///
/// Promises:
/// - `read` runs its closure in a read transaction: every query in it sees one consistent
///   snapshot, the state after the last commit that finished before the read began.
/// - `write` calls are serialized and each runs in a transaction (BEGIN IMMEDIATE):
///   committed when the closure returns, rolled back when it throws.
/// - Both are synchronous: they block the calling thread until a connection is free, run
///   the closure on that thread, and return its value or rethrow its error.
///
/// Thread safety: `Sendable`; call from any thread. The `Database` passed to a closure
/// belongs to that call only: never keep it or hand it to another thread. See
/// docs/storage.md for the rules and why.
public final class DatabasePool: @unchecked Sendable {
    public let path: String
    public let configuration: Database.Configuration
    /// The most reader connections opened at once. Default max(2, active processor count).
    public let maximumReaderCount: Int
    /// Storage faults met by writes (disk full, read-only, a replaced file), and the writes
    /// they refused: `write` throws `DatabaseUnavailableError` for them.
    public let faults: DatabaseFaults

    // The writer: a recursive lock so that `write` (and `writeWithoutTransaction`) may be
    // nested on one thread; the inner call joins the outer transaction via a savepoint.
    // Guarded by writerLock.
    private let writer: Database
    private let writerLock = NSRecursiveLock()

    // Idle readers, and how many exist in total. Guarded by readerCondition.
    private var idleReaders: [Database] = []
    private var readerCount = 0
    private let readerCondition = NSCondition()

    /// Times a reader or the writer was not free at once (metrics: pool contention).
    private let waits = Atomic<UInt64>(0)
    // The checkpoint connection, opened on first use. Guarded by checkpointerLock.
    private var checkpointer: Database?
    private let checkpointerLock = NSLock()
    /// The device and inode of the file the writer opened: a connection opened later must
    /// open that same file (`openConnection`), and the periodic check compares the path with
    /// it (`verifyFileIdentity`).
    private let openedFile: FileIdentity?
    private let closed = Atomic<Bool>(false)

    /// Opens (creating when missing, unless `configuration.readOnly`) the database file at
    /// `path`. The writer connection is opened now, so a bad path fails here; readers open on
    /// demand. With `configuration.readOnly`, every write is refused with
    /// `DatabaseUnavailableError` (`StorageFault.readOnly`).
    ///
    /// An in-memory database cannot be pooled (each connection would see its own empty
    /// database): use `Database(inMemory:)` instead.
    public init(path: String, configuration: Database.Configuration = Database.Configuration(),
                maximumReaderCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) throws {
        precondition(maximumReaderCount >= 1, "a pool needs at least one reader")
        precondition(path != ":memory:" && !path.isEmpty, "an in-memory database cannot be shared by a pool")
        // A read-only configuration makes a read-only pool: its "writer" opens read-only too,
        // and `faults` refuses every write (`DatabaseFaults.startReadOnly`).
        self.writer = try Database(path: path, configuration: configuration)
        self.openedFile = FileIdentity(path: path)
        self.path = path
        self.configuration = configuration
        self.maximumReaderCount = maximumReaderCount
        self.faults = DatabaseFaults(path: path)
        if configuration.readOnly { faults.startReadOnly() }
    }

    /// Runs `body` on a reader connection inside a read transaction; returns its value.
    /// Blocks while every reader is busy. SQLite's transient failures (busy past the
    /// timeout, out of memory) are thrown as `DatabaseBusyError`, in `write` too.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try checkOpen()
        try faults.refuseReadIfFileReplaced()
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try DatabaseBusyError.passing { try reader.transaction(.deferred, body) }
    }

    /// Runs `body` on the writer connection inside a transaction (BEGIN IMMEDIATE): its
    /// changes commit when it returns and roll back when it throws. Blocks while another
    /// thread writes. May be nested on the same thread (the inner call is a savepoint).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try checkOpen()
        try faults.refuseWriteIfUnavailable()
        lockWriter()
        defer { writerLock.unlock() }
        return try DatabaseBusyError.passing { try faults.watching { try writer.transaction(.immediate, body) } }
    }

    /// Runs `body` on the writer connection with no transaction around it, for work that
    /// manages its own transactions (migrations, VACUUM, bulk loads committing in batches).
    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try checkOpen()
        try faults.refuseWriteIfUnavailable()
        lockWriter()
        defer { writerLock.unlock() }
        return try faults.watching { try body(writer) }
    }

    /// Checkpoints the write-ahead log on a read-write connection of its own, opened on
    /// first use, for a pool whose writer does not checkpoint on commit
    /// (`autoCheckpointPages` 0): the copying and the disk flushes happen on the caller's
    /// thread instead of inside some write's COMMIT while it holds the write lock.
    ///
    /// Each pass is `Database.checkpoint` (PASSIVE: it waits for no one, and copies the log
    /// as it was when the pass began). While writes go on, no such pass reaches the log's
    /// end; SQLite starts the log over only once all of it is copied back, so the log would
    /// grow for as long as the writes last (926 MB after a booking benchmark), and every page
    /// appended to a growing file costs the writer the file system's allocation and zeroing
    /// (a fifth of the server's CPU in `perf`). So passes repeat without the write lock, each
    /// copying what was appended during the one before, until one has little to copy
    /// (`checkpointPagesForTheWriteLock`; at most `checkpointPassesWithoutWriter` passes);
    /// then a last pass holds the write lock, copies the rest, and the next write starts the
    /// log over. With nothing left to copy it costs microseconds. Returns the last pass's
    /// log size and how much of it is checkpointed, in pages: equal unless a reader still
    /// used the pages left.
    @discardableResult
    public func checkpoint() throws -> (logPages: Int, checkpointedPages: Int) {
        try checkOpen()
        return try checkpointerLock.withLock {
            if checkpointer == nil {
                var checkpointerConfiguration = configuration
                checkpointerConfiguration.readOnly = false
                checkpointer = try openConnection(checkpointerConfiguration)
            }
            let checkpointer = checkpointer!
            var pass = try checkpointer.checkpoint(), copied = pass.logPages, passes = 1
            while copied > Self.checkpointPagesForTheWriteLock && passes < Self.checkpointPassesWithoutWriter {
                let next = try checkpointer.checkpoint()
                copied = next.logPages - pass.checkpointedPages  // negative if the log started over
                pass = next
                passes += 1
            }
            lockWriter()
            defer { writerLock.unlock() }
            return try checkpointer.checkpoint()
        }
    }

    /// A pass that copied no more than this many pages was short, and so is what the writes
    /// appended meanwhile: the last pass copies that under the write lock (with its two disk flushes).
    static let checkpointPagesForTheWriteLock = 512
    /// Passes `checkpoint()` makes at most without the write lock before its last one.
    static let checkpointPassesWithoutWriter = 8

    /// Times `read` or `write` had to wait for a connection (every reader busy, or another
    /// thread writing). One relaxed atomic add per wait; nothing when a connection is free.
    public var waitCount: UInt64 { waits.load(ordering: .relaxed) }

    /// Refuses every later `read` and `write` (they throw `SQLITE_MISUSE`, "the pool is closed");
    /// calls already running finish. Connections close when the pool is released. For a
    /// process going down, and to test what a dead database looks like.
    public func close() {
        closed.store(true, ordering: .releasing)
    }

    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Opens one more connection to the pool's file, refusing when the path no longer names
    /// the file the writer opened (deleted, or replaced by another): SQLite would open the
    /// new file beside this process's connections to the old one and share the old one's
    /// `-shm` file with it, and in one process the new connection's lock on that file always
    /// succeeds, so it resets (truncates) the shared memory the old connections have mapped:
    /// their next access is SIGBUS (CI saw it crash a server whose file a test replaced).
    /// The file is then marked replaced (`DatabaseFaults.markReplaced`), as the periodic
    /// check would.
    private func openConnection(_ configuration: Database.Configuration) throws -> Database {
        guard pathNamesOpenedFile else {
            faults.markReplaced()
            throw DatabaseUnavailableError(fault: .fileReplaced, path: path)
        }
        return try Database(path: path, configuration: configuration)
    }

    /// Whether the path still names the file the writer opened (one `stat`; true when that
    /// file could not be examined at open, as for an in-memory database).
    var pathNamesOpenedFile: Bool {
        guard let openedFile else { return true }
        return FileIdentity(path: path) == openedFile
    }

    private func checkOpen() throws {
        if closed.load(ordering: .acquiring) {
            throw DatabaseError(resultCode: 21, message: "the pool is closed")
        }
    }

    private func lockWriter() {
        if !writerLock.try() {
            waits.wrappingAdd(1, ordering: .relaxed)
            writerLock.lock()
        }
    }

    /// Opens every reader connection now (`maximumReaderCount` of them) instead of on demand,
    /// so a burst of requests never needs new file descriptors for the database: a server
    /// that runs short of descriptors then fails at accept (refused with 503), not in a query.
    public func openAllReaders() throws {
        var opened: [Database] = []
        readerCondition.lock()
        let missing = maximumReaderCount - readerCount
        readerCount += max(0, missing)
        readerCondition.unlock()
        guard missing > 0 else { return }
        do {
            var readerConfiguration = configuration
            readerConfiguration.readOnly = true
            for _ in 0..<missing { opened.append(try openConnection(readerConfiguration)) }
        } catch {
            readerCondition.lock()
            readerCount -= missing - opened.count
            idleReaders += opened
            readerCondition.broadcast()
            readerCondition.unlock()
            throw error
        }
        readerCondition.lock()
        idleReaders += opened
        readerCondition.broadcast()
        readerCondition.unlock()
    }

    private func checkOutReader() throws -> Database {
        readerCondition.lock()
        if idleReaders.isEmpty && readerCount >= maximumReaderCount {
            waits.wrappingAdd(1, ordering: .relaxed)
        }
        while idleReaders.isEmpty && readerCount >= maximumReaderCount {
            readerCondition.wait()
        }
        if let reader = idleReaders.popLast() {
            readerCondition.unlock()
            return reader
        }
        // Reserve the slot, then open outside the lock: opening touches the file system.
        readerCount += 1
        readerCondition.unlock()
        do {
            var readerConfiguration = configuration
            readerConfiguration.readOnly = true
            return try openConnection(readerConfiguration)
        } catch {
            readerCondition.lock()
            readerCount -= 1
            readerCondition.signal()
            readerCondition.unlock()
            throw error
        }
    }

    private func checkIn(_ reader: Database) {
        readerCondition.lock()
        idleReaders.append(reader)
        readerCondition.signal()
        readerCondition.unlock()
    }
}
