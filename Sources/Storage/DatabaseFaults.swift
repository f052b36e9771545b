import Foundation
import Glibc
import Synchronization

/// What a `DatabasePool`'s writes know about the storage under them (`StorageFault`): the
/// fault in force, if any, and how many writes each refused.
///
/// Promises:
/// - A write that fails with a storage fault is thrown as `DatabaseUnavailableError` (the
///   router answers it 503 with `Retry-After`) and counted. Disk full and a read-only file
///   are episodes: the first refused write logs one line, the rest are counted, and the
///   first write that succeeds again ends the episode with one line giving the count.
/// - A replaced file (`markReplaced`) and read-only mode (`startReadOnly`) last until restart:
///   every later write is refused before it reaches SQLite (and, for a replaced file, every
///   read that would reach SQLite).
/// - Without a fault, a write costs one relaxed atomic load here.
///
/// Thread safety: `Sendable`; call from any thread. The state is behind an `NSLock` (a
/// pthread mutex, which ThreadSanitizer follows; `Mutex`'s contended path is invisible to
/// it, see .ci/tsan.supp), hence `@unchecked`.
public final class DatabaseFaults: @unchecked Sendable {
    /// The faults' state at one moment, for readiness and metrics.
    public struct Snapshot: Sendable, Hashable {
        /// The fault writes meet now; nil when writes work.
        public var current: StorageFault?
        /// Writes refused since start, by fault.
        public var refusedWrites: [StorageFault: UInt64]
        /// Episodes started since start, by fault.
        public var episodes: [StorageFault: UInt64]
    }

    private struct Episode {
        var fault: StorageFault
        var since: ContinuousClock.Instant
        var refused: UInt64
    }

    private struct State {
        var episode: Episode?
        var replaced = false
        var readOnlyMode = false
        var refusedWrites: [StorageFault: UInt64] = [:]
        var episodes: [StorageFault: UInt64] = [:]
        var log: @Sendable (String) -> Void = { _ in }
    }

    /// The database file, for messages.
    public let path: String
    private let lock = NSLock()
    private var guarded = State()  // only inside `withState`
    /// True while any fault is in force: the writes' fast path reads only this.
    private let faulted = Atomic<Bool>(false)

    public init(path: String) {
        self.path = path
    }

    /// Runs `body` on the state under the lock.
    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&guarded)
    }

    /// Where episode lines go (the server's log). Default: nowhere.
    public func setLog(_ log: @escaping @Sendable (String) -> Void) {
        withState { $0.log = log }
    }

    /// Refuses every later write (`StorageFault.readOnly`) until restart: a server started
    /// read-only on purpose.
    public func startReadOnly() {
        withState { state in
            state.readOnlyMode = true
            faulted.store(true, ordering: .relaxed)
        }
    }

    /// The path no longer names the open file: logs it once, loudly, and refuses every later
    /// write. Returns false when it was already known.
    @discardableResult
    public func markReplaced() -> Bool {
        let (first, log) = withState { state in
            let first = !state.replaced
            state.replaced = true
            if first { state.episodes[.fileReplaced, default: 0] += 1 }
            faulted.store(true, ordering: .relaxed)
            return (first, state.log)
        }
        if first {
            log("DATABASE FILE GONE: \(path) no longer names the database file this server has open (deleted or "
                + "replaced). Writes are refused (503) and /health/ready answers 503 from now on. The open file still "
                + "holds every acknowledged write: copy it from /proc/\(getpid())/fd (`ls -l` marks it '(deleted)') before "
                + "stopping this process, "
                + "put it back at \(path), then restart.")
        }
        return first
    }

    /// Throws when a lasting fault refuses writes (a replaced file, read-only mode); counts it.
    public func refuseWriteIfUnavailable() throws {
        guard faulted.load(ordering: .relaxed) else { return }
        let fault: StorageFault? = withState { state in
            let fault: StorageFault? = state.replaced ? .fileReplaced : state.readOnlyMode ? .readOnly : nil
            if let fault { state.refusedWrites[fault, default: 0] += 1 }
            return fault
        }
        if let fault { throw DatabaseUnavailableError(fault: fault, path: path) }
    }

    /// Throws when the file was replaced: what a read finds there is no longer this server's
    /// database (SQLite's readers of an unlinked file may see an empty schema), so reads that
    /// reach SQLite are refused too. Not counted as a refused write.
    public func refuseReadIfFileReplaced() throws {
        guard faulted.load(ordering: .relaxed), withState({ $0.replaced }) else { return }
        throw DatabaseUnavailableError(fault: .fileReplaced, path: path)
    }

    /// Runs a write: a storage fault it throws becomes `DatabaseUnavailableError` (and starts
    /// or continues an episode); success ends an open episode.
    public func watching<T>(_ write: () throws -> T) throws -> T {
        let value: T
        do {
            value = try write()
        } catch let error as DatabaseError {
            guard let fault = error.storageFault else { throw error }
            throw refused(fault, error)
        }
        if faulted.load(ordering: .relaxed) { writeSucceeded() }
        return value
    }

    /// Throws `DatabaseUnavailableError` while a fault is in force.
    public func checkWritable() throws {
        if let fault = snapshot.current { throw DatabaseUnavailableError(fault: fault, path: path) }
    }

    /// Whether a disk-full or read-only episode is open (a write succeeding would end it).
    public var isInEpisode: Bool { withState { $0.episode != nil } }

    public var snapshot: Snapshot {
        withState { state in
            let current: StorageFault? = state.replaced ? .fileReplaced
                : state.readOnlyMode ? .readOnly : state.episode?.fault
            return Snapshot(current: current, refusedWrites: state.refusedWrites, episodes: state.episodes)
        }
    }

    private func refused(_ fault: StorageFault, _ error: DatabaseError) -> DatabaseUnavailableError {
        if fault == .fileReplaced {
            markReplaced()
            withState { $0.refusedWrites[fault, default: 0] += 1 }
            return DatabaseUnavailableError(fault: fault, path: path, underlying: error)
        }
        let started: (@Sendable (String) -> Void)? = withState { state in
            state.refusedWrites[fault, default: 0] += 1
            if var episode = state.episode, episode.fault == fault {
                episode.refused += 1
                state.episode = episode
                return nil
            }
            state.episode = Episode(fault: fault, since: .now, refused: 1)
            state.episodes[fault, default: 0] += 1
            faulted.store(true, ordering: .relaxed)
            return state.log
        }
        started?("storage fault: \(fault) (\(path)); writes are answered 503 with Retry-After and /health/ready "
                 + "503 until a write succeeds again (reads go on): \(error)")
        return DatabaseUnavailableError(fault: fault, path: path, underlying: error)
    }

    private func writeSucceeded() {
        let ended: (Episode, @Sendable (String) -> Void)? = withState { state in
            // Under the lock, so a fault recorded meanwhile cannot be cleared by this store.
            faulted.store(state.replaced || state.readOnlyMode, ordering: .relaxed)
            guard let episode = state.episode else { return nil }
            state.episode = nil
            return (episode, state.log)
        }
        if let (episode, log) = ended {
            let duration = ContinuousClock.now - episode.since
            log("storage fault over: \(episode.fault) (\(path)) ended after \(duration.components.seconds) s; "
                + "\(episode.refused) writes were refused (503) during it")
        }
    }
}
