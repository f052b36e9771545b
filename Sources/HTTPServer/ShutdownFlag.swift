import Foundation

/// Raised once, by `HTTPServer.shutdown()`, before it tells the connections one by one.
/// A connection reads it before it answers, so every response produced after `shutdown()`
/// returned says `Connection: close`, whichever connection hears the news first.
/// Thread-safe.
final class ShutdownFlag: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var raised = false

    func raise() {
        lock.lock()
        raised = true
        lock.unlock()
    }

    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }
}
