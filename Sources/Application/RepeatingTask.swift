import Dispatch

/// Runs `body` every `interval` on a serial queue of its own until stopped: the server's
/// background maintenance (`Maintenance`). Ticks never overlap, and a slow tick delays the
/// next one instead of piling up.
///
/// Thread safety: `Sendable`. `stop` may be called from any thread, more than once.
// @unchecked: the only state is the timer, whose `cancel` Dispatch documents as safe from
// any thread; the Swift overlay does not mark the protocol Sendable.
final class RepeatingTask: @unchecked Sendable {
    private let timer: DispatchSourceTimer
    private let onStop: @Sendable () -> Void

    /// `onStop` runs at `stop`, on the caller's thread (to tell a running tick to finish early).
    init(label: String, every interval: Duration, onStop: @escaping @Sendable () -> Void = {},
         _ body: @escaping @Sendable () -> Void) {
        self.onStop = onStop
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: label, qos: .utility))
        timer.setEventHandler(handler: body)
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(Int(seconds * 100)))
        timer.activate()
    }

    func stop() {
        onStop()
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}
