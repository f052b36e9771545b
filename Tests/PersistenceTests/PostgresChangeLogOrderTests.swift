import Foundation
import Domain
import PostgresStorage
import TestSupport
import Testing
@testable import Persistence

/// The PostgreSQL change log's sequence is commit-ordered: a writer that appends while
/// another's append is uncommitted gets the next number only after that one committed, so a
/// follower never sees a number below one it has already applied.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresChangeLogOrderTests {
    @Test func aLaterAppendWaitsForTheEarlierCommit() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let pool = PostgresEngine(pool: try openCatalogPostgres(url: database.url, maximumConnectionCount: 3))
        let firstAppended = DispatchSemaphore(value: 0)
        let events = NSLock()
        nonisolated(unsafe) var order: [String] = []
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            try? pool.write { connection in
                try ChangeLog.append(listing: ListingID(1), reason: .listing, in: connection)
                firstAppended.signal()
                Thread.sleep(forTimeInterval: 0.3)
                events.withLock { order.append("first commits") }
            }
        }
        firstAppended.wait()
        DispatchQueue.global().async(group: group) {
            try? pool.write { connection in
                try ChangeLog.append(listing: ListingID(2), reason: .listing, in: connection)
                events.withLock { order.append("second appended") }
            }
        }
        group.wait()
        #expect(order == ["first commits", "second appended"])
        let batch = try pool.read { try ChangeLog.changes(after: 0, limit: 10, in: $0) }
        #expect(batch == ChangeLogBatch(listingIDs: [1, 2], rebuild: nil, through: 2))
        // A rolled-back append gives its number back: the next commit takes it.
        struct Abort: Error {}
        _ = try? pool.write { connection in
            try ChangeLog.append(listing: ListingID(3), reason: .listing, in: connection)
            throw Abort()
        }
        try pool.write { try ChangeLog.append(listing: ListingID(4), reason: .listing, in: $0) }
        #expect(try pool.read { try ChangeLog.changes(after: 2, limit: 10, in: $0) }
                == ChangeLogBatch(listingIDs: [4], rebuild: nil, through: 3))
    }
}
