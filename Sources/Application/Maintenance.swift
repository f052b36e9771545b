import Foundation
import Persistence
import Storage

/// The server's background upkeep of its database. Errors are logged once per episode
/// (`EpisodeLog`), not thrown: a failed tick is retried at the next one.
enum Maintenance {
    /// Checkpoints the write-ahead log every `interval`, so the server's writer (opened with
    /// `autoCheckpointPages` 0) never does it inside a booking's COMMIT: with SQLite's
    /// automatic checkpoint, the commit that crosses the threshold copies the log back and
    /// flushes the disk while holding the write lock, which set the booking rate's ceiling and
    /// its p99 (docs/performance.md, "Booking").
    static func checkpoints(of pool: DatabasePool, every interval: Duration = .seconds(1),
                            log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let failures = EpisodeLog(what: "checkpoint", log: log)
        return RepeatingTask(label: "stays.wal-checkpoint", every: interval) {
            guard !pool.isClosed else { return }
            do {
                try pool.checkpoint()
                failures.succeeded()
            } catch {
                failures.failed(error)
            }
        }
    }

    /// Keeps the change log short: deletes the rows older than `retention`. A search index (in
    /// this process or another) that had not applied them notices the gap and rebuilds, so
    /// trimming never loses a change; it only costs a lagging reader a rebuild. On PostgreSQL
    /// every server runs it; trims by concurrent servers delete the same rows, which is harmless.
    static func changeLogTrim(of database: CatalogDatabase, retention: Duration = .seconds(3600),
                              every interval: Duration = .seconds(600),
                              log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        changeLogTrim(retention: retention, every: interval, log: log) { cutoff in
            if case .sqlite(let pool) = database, pool.isClosed { return 0 }
            return try database.engine.trimChangeLog(createdBefore: cutoff)
        }
    }

    /// The trim's schedule and logging; `trim` deletes the rows written before the cutoff
    /// (unix milliseconds) in one engine and returns how many.
    private static func changeLogTrim(retention: Duration, every interval: Duration,
                                      log: @escaping @Sendable (String) -> Void,
                                      trim: @escaping @Sendable (_ createdBefore: Int64) throws -> Int) -> RepeatingTask {
        let retentionMilliseconds = retention.components.seconds * 1000
        let failures = EpisodeLog(what: "change log: trim", log: log)
        return RepeatingTask(label: "stays.change-log-trim", every: interval) {
            let cutoff = Int64(Date().timeIntervalSince1970 * 1000) - retentionMilliseconds
            do {
                let deleted = try trim(cutoff)
                failures.succeeded()
                if deleted > 0 { log("change log: trimmed \(deleted) rows older than \(retention)") }
            } catch {
                failures.failed(error)
            }
        }
    }
}
