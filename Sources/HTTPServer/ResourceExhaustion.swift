import Glibc
import Synchronization

/// An error a handler throws when the process ran out of a resource for the moment (file
/// descriptors, a database that cannot be reached). The router answers it with
/// 503 `/problems/service-unavailable`, `Retry-After: retryAfterSeconds` and
/// `Connection: close`, never a 500, and logs it at most once a second
/// (`RateLimitedLog`).
public protocol ResourceExhaustionError: Error {
    /// What the `Retry-After` header says; 1 by default.
    var retryAfterSeconds: Int { get }
    /// The problem's `detail`, in a client's words; by default, that the server is short of
    /// resources.
    var unavailableDetail: String { get }
}

extension ResourceExhaustionError {
    public var retryAfterSeconds: Int { 1 }
    public var unavailableDetail: String { "The server is short of resources; try again shortly." }
}

/// Whether an `errno` means the process or the system is out of file descriptors.
func isDescriptorExhaustion(_ code: Int32) -> Bool {
    code == EMFILE || code == ENFILE
}

/// A log sink that writes at most one line per interval (default one second); lines in between
/// are counted and the next line written says how many were suppressed. Lock-free on the
/// suppressed path: one atomic load and one add.
public final class RateLimitedLog: Sendable {
    private let sink: @Sendable (String) -> Void
    private let intervalNanoseconds: UInt64
    private let nextAllowed = Atomic<UInt64>(0)
    private let suppressed = Atomic<UInt64>(0)

    public init(intervalNanoseconds: UInt64 = 1_000_000_000, sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        self.intervalNanoseconds = intervalNanoseconds
    }

    /// `line` is only evaluated when it is written.
    public func log(_ line: @autoclosure () -> String) {
        let now = IOLoop.now()
        let allowed = nextAllowed.load(ordering: .relaxed)
        guard now >= allowed,
              nextAllowed.compareExchange(expected: allowed, desired: now &+ intervalNanoseconds,
                                          ordering: .relaxed).exchanged else {
            suppressed.wrappingAdd(1, ordering: .relaxed)
            return
        }
        let skipped = suppressed.exchange(0, ordering: .relaxed)
        sink(skipped == 0 ? line() : line() + " (\(skipped) similar lines suppressed in the last second)")
    }
}

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
public enum DescriptorLimit {
    /// Raises the soft limit to the hard limit (a process may always do that) and returns the
    /// limits afterwards; nil when `getrlimit` fails. An unlimited hard limit is capped at
    /// the kernel's `nr_open` default (1,048,576) since `setrlimit` refuses more.
    @discardableResult
    public static func raiseSoftToHard() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        var target = limit.rlim_max
        if target == rlim_t.max { target = 1 << 20 }
        if limit.rlim_cur < target {
            var raised = limit
            raised.rlim_cur = target
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit.rlim_cur = target }
        }
        return (soft: clamp(limit.rlim_cur), hard: clamp(limit.rlim_max))
    }

    /// The current soft and hard limits; nil when `getrlimit` fails.
    public static func current() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (soft: clamp(limit.rlim_cur), hard: clamp(limit.rlim_max))
    }

    private static func clamp(_ value: rlim_t) -> Int {
        value == rlim_t.max || value > rlim_t(Int.max) ? Int.max : Int(value)
    }
}

extension ServerConfiguration {
    /// Lowers `maxConnections` so that connections, plus `reserve` descriptors for everything
    /// else (database connections and their WAL files, the listener, epoll, log files), fit in
    /// `descriptorLimit`. Never raises it; never below 1. Returns the new cap.
    @discardableResult
    public mutating func fitConnectionCap(toDescriptorLimit descriptorLimit: Int, reserve: Int) -> Int {
        let available = descriptorLimit == Int.max ? Int.max : max(1, descriptorLimit - reserve)
        maxConnections = max(1, min(maxConnections, available))
        return maxConnections
    }
}
