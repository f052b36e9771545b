import Foundation
import PostgresStorage
import Synchronization

/// The search index's view of a PostgreSQL database that other servers write too.
///
/// Own writes: a commit through this process's pool moves the token at once (read-your-writes).
///
/// Wake-up and catch-up: a thread of its own holds one connection that LISTENs on
/// `PostgresChangeLog.channel`. Every notification (each writing transaction sends one at
/// COMMIT), every reconnection and every `pollIntervalMilliseconds` bumps the commit token; the next
/// search then reads the log from the index's sequence. The log's sequence, not the
/// notification, says what to apply: a notification lost (a dropped connection) or merged
/// with others only delays a server until the next poll.
///
/// Thread safety: `Sendable`; the listening connection is the thread's alone.
final class PostgresIndexSource: SearchIndexSource {
    let pool: PostgresPool
    /// How often the token is bumped without a notification.
    static let pollIntervalMilliseconds: Int32 = 250
    private let follower: Follower

    /// State shared with the listening thread (which must not keep the source alive).
    private final class Follower: Sendable {
        let token = Atomic<Int64>(0)
        let stopped = Atomic<Bool>(false)
        let url: String
        init(url: String) { self.url = url }

        func run() {
            while !stopped.load(ordering: .relaxed) {
                do {
                    let connection = try PostgresConnection(url: url)
                    try connection.listen(PostgresChangeLog.channel)
                    // Anything committed while no one listened is found by this catch-up.
                    token.wrappingAdd(1, ordering: .relaxed)
                    while !stopped.load(ordering: .relaxed) {
                        _ = try connection.waitForNotifications(timeoutMilliseconds: PostgresIndexSource.pollIntervalMilliseconds)
                        // Every wake (a notification or a quarter-second tick) may mean news;
                        // reading the log when nothing changed costs one small query.
                        token.wrappingAdd(1, ordering: .relaxed)
                    }
                } catch {
                    Thread.sleep(forTimeInterval: 0.2)
                }
            }
        }
    }

    init(pool: PostgresPool) throws {
        self.pool = pool
        follower = Follower(url: pool.url)
        let follower = follower
        let thread = Thread { follower.run() }
        thread.name = "stays.postgres-listen"
        thread.start()
    }

    deinit {
        follower.stopped.store(true, ordering: .relaxed)
    }

    /// Moves when another server's commit notified (or at a poll tick), and at once when a
    /// write of this process committed through the pool — so a search right after this
    /// server's own 201 sees it, as on SQLite. The sum of two counters that only grow.
    func commitToken() throws -> Int64 {
        follower.token.load(ordering: .relaxed) &+ Int64(truncatingIfNeeded: pool.committedWriteCount)
    }

    func loadIndex() throws -> SearchIndex {
        let clock = ContinuousClock()
        let started = clock.now
        let parts = try pool.read { connection in try SearchIndexBuilder.read(PostgresIndexRows(connection: connection)) }
        return SearchIndex(parts: parts, loadDuration: clock.now - started)
    }

    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch]) {
        try pool.read { connection in
            let batch = try PostgresChangeLog().changes(after: sequence, limit: limit, in: connection)
            let rows = PostgresIndexRows(connection: connection)
            return (batch, try batch.listingIDs.map { try SearchIndexBuilder.readListing($0, in: rows) })
        }
    }
}
