import Dispatch
import Storage

/// Checkpoints the database's write-ahead log every `interval` from a queue of its own, so
/// that the server's writer never does it inside a booking's COMMIT: with SQLite's automatic
/// checkpoint, the commit that crosses the threshold copies the log back and flushes the
/// disk (milliseconds) while holding the write lock, which set the booking rate's ceiling and
/// its p99 (docs/performance.md, "Booking"). Errors are logged and retried at the next tick.
///
/// Thread safety: as `ChangeLogJanitor` (the timer's `cancel` is safe from any thread).
final class WALCheckpointer: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    init(pool: DatabasePool, interval: Duration = .seconds(1), log: @escaping @Sendable (String) -> Void) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "stays.wal-checkpoint", qos: .utility))
        timer.setEventHandler {
            guard !pool.isClosed else { return }
            do {
                try pool.checkpoint()
            } catch {
                log("checkpoint failed: \(error)")
            }
        }
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(100))
        timer.activate()
    }

    func stop() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}
