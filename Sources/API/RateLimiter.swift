import Foundation

/// TEMPORARY until the tested limiter lands: a fixed-window counter per key.
public final class RateLimiter: @unchecked Sendable {
    public enum Decision: Equatable, Sendable {
        case admitted
        case refused(retryAfterSeconds: Int)
    }

    private let limit: Int
    private let window: Double
    private let lock = NSLock()
    private var windows: [String: (start: Double, count: Int)] = [:]

    public init(limit: Int, per seconds: Double) {
        self.limit = limit
        self.window = seconds
    }

    public func admit(_ key: String) -> Decision {
        let now = ProcessInfo.processInfo.systemUptime
        return lock.withLock {
            if windows.count > 10_000 { windows = windows.filter { now - $0.value.start < window } }
            var entry = windows[key] ?? (now, 0)
            if now - entry.start >= window { entry = (now, 0) }
            guard entry.count < limit else {
                return .refused(retryAfterSeconds: max(1, Int((entry.start + window - now).rounded(.up))))
            }
            entry.count += 1
            windows[key] = entry
            return .admitted
        }
    }
}
