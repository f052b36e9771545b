import Dispatch
import Foundation
import Persistence

/// Keeps the change log short: every `interval` it deletes the rows older than `retention`.
/// A search index (in this process or another) that had not applied them notices the gap
/// and rebuilds, so trimming never loses a change, it only costs a lagging reader a rebuild.
///
/// Thread safety: `Sendable`; the timer runs on a queue of its own. Errors are logged, not
/// thrown: a failed trim is retried at the next tick.
// @unchecked: the only state is the timer, whose `cancel` Dispatch documents as safe from
// any thread; the Swift overlay does not mark the protocol Sendable.
final class ChangeLogJanitor: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    init(writer: SQLiteCatalogWriter, retention: Duration = .seconds(3600), interval: Duration = .seconds(600),
         log: @escaping @Sendable (String) -> Void) {
        let writer = UncheckedWriter(writer)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "stays.change-log-janitor", qos: .utility))
        let retentionMilliseconds = retention.components.seconds * 1000
        timer.setEventHandler {
            let cutoff = Int64(Date().timeIntervalSince1970 * 1000) - retentionMilliseconds
            do {
                let deleted = try writer.value.trimChangeLog(createdBefore: cutoff)
                if deleted > 0 { log("change log: trimmed \(deleted) rows older than \(retention)") }
            } catch {
                log("change log: trim failed: \(error)")
            }
        }
        let seconds = Double(interval.components.seconds)
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .seconds(5))
        timer.activate()
    }

    func stop() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}

/// The writer is used only from the janitor's serial queue, one call at a time, which is
/// `CatalogWriting`'s rule; the box says so to the compiler.
private final class UncheckedWriter: @unchecked Sendable {
    let value: SQLiteCatalogWriter
    init(_ value: SQLiteCatalogWriter) { self.value = value }
}
