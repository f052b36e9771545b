import Synchronization

/// Limits how often each key (a client address: for `POST /guests`, and for every write when
/// the server has a per-address write limit) may do something: at most `limit` at once and
/// `limit` per `period` sustained. A limit of 0 turns it off.
///
/// The algorithm is a token bucket of `limit` tokens refilled at `limit / period`, kept as
/// the generic cell rate algorithm (GCRA): one "theoretical arrival time" per key instead
/// of a token count and a timestamp. A request at `t` is admitted when
/// `max(tat, t) + interval - t <= period` (`interval = period / limit`), and then moves
/// `tat` on by one interval. So over any span of `s` seconds a key is admitted at most
/// `limit + limit * s / period` times, and a client that waits `interval` between requests
/// is never refused. Unlike a fixed window, there is no window boundary across which a
/// client gets two full allowances in a moment. Times are integer nanoseconds, so the
/// boundaries are exact.
///
/// A refusal says how long to wait (`retryAfterSeconds`, for a `Retry-After` header): the
/// whole seconds, rounded up and at least 1, until the same request would be admitted.
///
/// Memory is bounded by `maxKeys` entries. A key whose `tat` has passed holds a full bucket,
/// exactly as if it had never been seen, so dropping it changes nothing; when the table is
/// full, such keys are swept out first. If more than three quarters of `maxKeys` keys are
/// still mid-limit (many distinct clients within one period), the ones closest to a full
/// bucket are dropped until three quarters remain: they get a fresh bucket early, which is
/// the least generous way to stay bounded without refusing clients never seen. A sweep
/// frees at least a quarter of the table, so its cost is spread over that many admissions.
///
/// Thread safety: `admit` may be called from any number of threads at once; the table is
/// behind a `Mutex` held only for a dictionary lookup and update (and the occasional sweep).
public final class RateLimiter: Sendable {
    public enum Decision: Hashable, Sendable {
        case admitted
        /// Refused; the same request would be admitted after this many seconds (>= 1).
        case refused(retryAfterSeconds: Int)
    }

    /// Requests admitted per `periodSeconds` (and at once); 0 means no limit.
    public let limit: Int
    public let periodSeconds: Double
    /// The most keys held at once.
    public let maxKeys: Int

    private let periodNanoseconds: Int64
    /// Nanoseconds of allowance one request uses: `period / limit`.
    private let intervalNanoseconds: Int64
    private let now: @Sendable () -> Double
    /// Key -> theoretical arrival time in nanoseconds of `now`'s clock.
    private let table = Mutex<[String: Int64]>([:])

    /// - Parameters:
    ///   - limit: requests per period per key, >= 0; 0 turns limiting off.
    ///   - periodSeconds: > 0.
    ///   - maxKeys: >= 4.
    ///   - now: monotonic seconds (any origin); the default is the process's
    ///     `ContinuousClock`. Tests inject a clock they advance by hand. Values must stay
    ///     below 9 x 10^9 (they are kept as Int64 nanoseconds).
    public init(limit: Int = 20, periodSeconds: Double = 60, maxKeys: Int = 65_536,
                now: @escaping @Sendable () -> Double = RateLimiter.monotonicSeconds) {
        precondition(limit >= 0, "the limit cannot be negative")
        precondition(periodSeconds > 0 && periodSeconds < 1e9, "the period must be positive")
        precondition(maxKeys >= 4, "the table needs room for a few keys")
        self.limit = limit
        self.periodSeconds = periodSeconds
        self.maxKeys = maxKeys
        self.now = now
        self.periodNanoseconds = Int64((periodSeconds * 1e9).rounded())
        self.intervalNanoseconds = limit == 0 ? 0 : max(1, periodNanoseconds / Int64(limit))
    }

    /// Counts one request of `key` and says whether to serve it.
    public func admit(_ key: String) -> Decision {
        guard limit > 0 else { return .admitted }
        let t = RateLimiter.nanoseconds(now())
        return table.withLock { table in
            let arrival = max(table[key] ?? t, t) + intervalNanoseconds
            let wait = arrival - periodNanoseconds - t
            if wait > 0 {
                // Round up: after `wait` nanoseconds exactly the request would pass.
                let seconds = (wait + 999_999_999) / 1_000_000_000
                return .refused(retryAfterSeconds: Int(max(1, seconds)))
            }
            if table[key] == nil, table.count >= maxKeys {
                RateLimiter.sweep(&table, now: t, keeping: maxKeys * 3 / 4)
            }
            table[key] = arrival
            return .admitted
        }
    }

    /// Keys currently held (for tests and metrics).
    public var trackedKeyCount: Int {
        table.withLock { $0.count }
    }

    /// Drops every key whose bucket is full again, then, if more than `keeping` remain, the
    /// ones whose buckets will be full soonest.
    private static func sweep(_ table: inout [String: Int64], now t: Int64, keeping: Int) {
        table = table.filter { $0.value > t }
        guard table.count > keeping else { return }
        let overflow = table.count - keeping
        for (key, _) in table.sorted(by: { $0.value < $1.value }).prefix(overflow) {
            table[key] = nil
        }
    }

    private static func nanoseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1e9).rounded())
    }

    private static let origin = ContinuousClock.now

    /// Seconds since this process first asked, from `ContinuousClock` (monotonic: it never
    /// goes back when the wall clock is set).
    public static func monotonicSeconds() -> Double {
        let (seconds, attoseconds) = origin.duration(to: .now).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
