import Dispatch
import Domain
import Synchronization

/// At most `concurrent` callers inside `withTurn` at once; up to `waiting` more wait for a
/// turn, each at most `maximumWait`; any other caller is refused with `PasswordHasherBusy`
/// at once. Turns are not fair (the semaphore's order).
///
/// Thread safety: `Sendable`; any thread.
public final class BoundedTurns: Sendable {
    public let concurrent: Int
    public let waiting: Int
    public let maximumWait: Duration

    private let turns: DispatchSemaphore
    private let waiters = Atomic<Int>(0)

    public init(concurrent: Int, waiting: Int, maximumWait: Duration) {
        precondition(concurrent >= 1 && waiting >= 0)
        self.concurrent = concurrent
        self.waiting = waiting
        self.maximumWait = maximumWait
        self.turns = DispatchSemaphore(value: concurrent)
    }

    /// Takes a turn (waiting as described), or throws `PasswordHasherBusy`. Every successful
    /// call must be followed by exactly one `release()`.
    public func acquire() throws {
        if turns.wait(timeout: .now()) == .success { return }
        let queued = waiters.add(1, ordering: .relaxed).newValue
        defer { waiters.subtract(1, ordering: .relaxed) }
        let busy = PasswordHasherBusy(retryAfterSeconds: 1)
        guard queued <= waiting else { throw busy }
        let (seconds, attoseconds) = maximumWait.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard turns.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { throw busy }
    }

    public func release() {
        turns.signal()
    }

    /// `body` inside a turn.
    public func withTurn<T>(_ body: () throws -> T) throws -> T {
        try acquire()
        defer { release() }
        return try body()
    }
}
