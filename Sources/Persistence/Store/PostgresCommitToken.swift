import Foundation
import PostgresStorage
import Synchronization

/// The commit token of a PostgreSQL database that other servers write too.
///
/// Own writes: a commit through this process's pool moves the token at once (read-your-writes).
///
/// Wake-up and catch-up: a thread of its own holds one connection that LISTENs on
/// `ChangeLog.channel`. Every notification (each writing transaction sends one at COMMIT),
/// every reconnection and every `pollIntervalMilliseconds` bumps the token; the next search
/// then reads the log from the index's sequence. The log's sequence, not the notification,
/// says what to apply: a notification lost (a dropped connection) or merged with others
/// only delays a server until the next poll.
///
/// Thread safety: `Sendable`; the listening connection is the thread's alone.
public final class PostgresCommitToken: CommitToken {
    public let pool: PostgresPool
    /// How often the token is bumped without a notification.
    public static let pollIntervalMilliseconds: Int32 = 250
    private let follower: Follower

    /// State shared with the listening thread (which must not keep the token alive).
    private final class Follower: Sendable {
        let token = Atomic<Int64>(0)
        let stopped = Atomic<Bool>(false)
        let url: String
        init(url: String) { self.url = url }

        func run() {
            while !stopped.load(ordering: .relaxed) {
                do {
                    let connection = try PostgresConnection(url: url)
                    try connection.listen(ChangeLog.channel)
                    // Anything committed while no one listened is found by this catch-up.
                    token.wrappingAdd(1, ordering: .relaxed)
                    while !stopped.load(ordering: .relaxed) {
                        _ = try connection.waitForNotifications(timeoutMilliseconds: PostgresCommitToken.pollIntervalMilliseconds)
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

    public init(pool: PostgresPool) {
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
    public func current() throws -> Int64 {
        follower.token.load(ordering: .relaxed) &+ Int64(truncatingIfNeeded: pool.committedWriteCount)
    }
}
