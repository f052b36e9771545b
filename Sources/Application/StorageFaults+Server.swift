import Foundation
import HTTPServer
import Storage

/// A write refused by a storage fault answers 503 `/problems/service-unavailable` with
/// `Retry-After`, never 500 (docs/security.md, "Resource exhaustion"); reads go on.
extension DatabaseUnavailableError: ResourceExhaustionError {
    public var retryAfterSeconds: Int {
        switch fault {
        case .diskFull: 5
        case .readOnly, .fileReplaced: 60
        }
    }

    public var unavailableDetail: String {
        switch fault {
        case .diskFull: "The disk holding the database is full: writes are refused until space returns; reads work."
        case .readOnly: "The database is read-only: writes are refused; reads work."
        case .fileReplaced: "The database file was deleted or replaced under the server: writes are refused until it is restarted."
        }
    }
}

/// SQLite busy past its timeout or out of memory: 503 with `Retry-After: 1`, never 500.
extension DatabaseBusyError: ResourceExhaustionError {
    public var unavailableDetail: String { "The database is busy for the moment; try again shortly." }
}

/// `stays_storage_fault{fault}` (1 while in force) and `stays_storage_refused_writes_total{fault}`.
func registerStorageFaultMetrics(_ metrics: Metrics, faults: DatabaseFaults) {
    metrics.register { text in
        let snapshot = faults.snapshot
        text.family("stays_storage_fault", .gauge,
                    "1 while writes meet this storage fault (disk-full, read-only, file-replaced), else 0.")
        for fault in StorageFault.allCases {
            text.sample("stays_storage_fault", labels: [("fault", fault.rawValue)], snapshot.current == fault ? 1 : 0)
        }
        text.family("stays_storage_refused_writes_total", .counter, "Writes answered 503 because of a storage fault.")
        for fault in StorageFault.allCases {
            text.sample("stays_storage_refused_writes_total", labels: [("fault", fault.rawValue)],
                        snapshot.refusedWrites[fault] ?? 0)
        }
    }
}

extension Maintenance {
    /// Every `interval`: checks that the database path still names the open file (a deleted
    /// or replaced file is logged once and refuses writes from then on), and during a
    /// disk-full or read-only episode tries one small write once the file system shows free
    /// space again, so the episode ends (and readiness returns) without waiting for a client
    /// to write.
    static func storageWatch(of pool: DatabasePool, every interval: Duration = .seconds(2),
                             log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let failures = EpisodeLog(what: "database file check", log: log)
        return RepeatingTask(label: "stays.storage-watch", every: interval) {
            guard !pool.isClosed else { return }
            do {
                try pool.verifyFileIdentity()
                failures.succeeded()
            } catch {
                failures.failed(error)
            }
            guard pool.faults.isInEpisode, FreeSpace.bytes(near: pool.path).map({ $0 >= 1 << 20 }) ?? true else { return }
            // Rewrites page 1 (a WAL frame): fails while nothing can be written, and a success
            // ends the episode (`DatabaseFaults.watching`). The error is the episode's, already logged.
            _ = try? pool.write { db in
                // A file at SQLite's own page limit stays full whatever the disk says.
                let pages = try db.prepare("PRAGMA page_count").fetchOne { $0.int(0) } ?? 0
                let limit = try db.prepare("PRAGMA max_page_count").fetchOne { $0.int(0) } ?? Int.max
                guard pages < limit else { return }
                let version = try db.prepare("PRAGMA user_version").fetchOne { $0.int(0) } ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
        }
    }
}

/// Free space for unprivileged writers on the file system holding a file.
enum FreeSpace {
    /// nil when `statvfs` fails.
    static func bytes(near path: String) -> Int? {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var stats = statvfs()
        guard statvfs(directory, &stats) == 0 else { return nil }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }
}
