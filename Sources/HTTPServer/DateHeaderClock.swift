import Glibc
import HTTP1
import Synchronization

/// The value of the `Date` header for the current second, formatted at most once per second
/// however many threads ask.
///
/// Thread safety: `current()` may be called from any thread at the same time.
final class DateHeaderClock: Sendable {
    private let cache = Mutex<(second: Int, value: String)>((-1, ""))

    func current() -> String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second {
                cached = (second, HTTPDate.imfFixdate(secondsSince1970: second))
            }
            return cached.value
        }
    }
}
