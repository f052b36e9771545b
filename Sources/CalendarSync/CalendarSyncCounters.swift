import Synchronization

/// What the syncs of this process did, for `/metrics`. Thread safety: atomics only.
public final class CalendarSyncCounters: Sendable {
    public let succeeded = Atomic<Int>(0)
    public let failed = Atomic<Int>(0)
    /// Milliseconds spent in syncs (fetch, parse and store), successful or not.
    public let milliseconds = Atomic<Int>(0)
    /// Events read by successful syncs.
    public let events = Atomic<Int>(0)
    /// Imported nights a reservation holds, as found by successful syncs.
    public let conflicts = Atomic<Int>(0)
    /// Nights successful syncs opened or closed.
    public let changedNights = Atomic<Int>(0)

    public init() {}
}
