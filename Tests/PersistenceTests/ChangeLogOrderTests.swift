import Foundation
import Domain
import Testing
@testable import Persistence
@testable import SearchIndex

extension StoreContractTests {
    /// The change log's sequence is commit-ordered on either engine: a writer that appends while
    /// another's append is uncommitted gets the next number only after that one committed
    /// (SQLite: one writer at a time; PostgreSQL: the counter row's lock), so a follower never
    /// sees a number below one it has already applied.
    @Suite struct ChangeLogOrderTests {
        @Test(arguments: CatalogFixture.Engine.available)
        func aLaterAppendWaitsForTheEarlierCommit(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let start = try fixture.latestSequence()
            try Self.check(fixture.store, start: start)
        }

        private static func check(_ store: some StoreEngine, start: Int64) throws {
            let firstAppended = DispatchSemaphore(value: 0)
            let events = NSLock()
            nonisolated(unsafe) var order: [String] = []
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                _ = try? store.write { connection in
                    try ChangeLog.append(listing: ListingID(1), reason: .listing, in: connection)
                    firstAppended.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                    events.withLock { order.append("first commits") }
                }
            }
            firstAppended.wait()
            DispatchQueue.global().async(group: group) {
                _ = try? store.write { connection in
                    try ChangeLog.append(listing: ListingID(2), reason: .listing, in: connection)
                    events.withLock { order.append("second appended") }
                }
            }
            group.wait()
            #expect(order == ["first commits", "second appended"])
            let batch = try store.read { try ChangeLog.changes(after: start, limit: 10, in: $0) }
            #expect(batch == ChangeLogBatch(listingIDs: [1, 2], rebuild: nil, through: start + 2))
            // A rolled-back append gives its number back: the next commit takes it.
                _ = try? store.write { connection in
                try ChangeLog.append(listing: ListingID(3), reason: .listing, in: connection)
                throw CancellationError()
            }
            try store.write { try ChangeLog.append(listing: ListingID(4), reason: .listing, in: $0) }
            #expect(try store.read { try ChangeLog.changes(after: start + 2, limit: 10, in: $0) }
                    == ChangeLogBatch(listingIDs: [4], rebuild: nil, through: start + 3))
        }
    }
}
