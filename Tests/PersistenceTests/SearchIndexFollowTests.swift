import Foundation
import TestSupport
import Testing
import Domain
import Storage
@testable import Persistence
@testable import SearchIndex

/// The index follows the change log: per-listing writes are patched in before the next
/// search (read-your-writes, whichever connection wrote), and the patched index answers
/// exactly as a freshly built one and as the SQL; everything else rebuilds in the
/// background while searches go on.
@Suite struct SearchIndexFollowTests {
    /// A booking as the booking code writes it, on a connection of its own (as another
    /// process would): the nights booked and a change-log row, in one transaction.
    static func book(_ listing: Int64, nights: Range<Int>, path: String, cancel: Bool = false) throws {
        let db = try Database(path: path)
        try db.transaction(.immediate) { db in
            if cancel {
                let statement = try db.prepare(
                    "UPDATE calendar_days SET status = 'available' WHERE listing_id = ? AND day >= ? AND day < ?")
                try statement.bind(listing, at: 1)
                try statement.bind(nights.lowerBound, at: 2)
                try statement.bind(nights.upperBound, at: 3)
                try statement.run()
            } else {
                let statement = try db.prepare("""
                    INSERT INTO calendar_days (listing_id, day, status) VALUES (?, ?, 'booked') \
                    ON CONFLICT(listing_id, day) DO UPDATE SET status = 'booked'
                    """)
                for night in nights {
                    try statement.bind(listing, at: 1)
                    try statement.bind(night, at: 2)
                    try statement.run()
                    statement.reset()
                }
            }
            try ChangeLog.append(listing: ListingID(listing), reason: cancel ? .cancellation : .reservation, in: db)
        }
    }

    @Test func aBookingFromAnotherConnectionIsSeenByTheNextSearchAndACancellationToo() throws {
        let fixture = try CatalogFixture()
        let indexed = try IndexedCatalog(catalog: fixture.catalog)
        let path = fixture.pool.path
        let filter = ListingFilter(area: .location(fixture.seoul), stay: stay("2027-06-01", "2027-06-04"))
        func ids() throws -> [Int64] {
            try indexed.searchListings(ListingSearch(filter: filter, limit: 50)).matches.map(\.listing.id.rawValue)
        }
        #expect(try ids().contains(1))
        let nights = date("2027-06-02").daysSinceEpoch..<date("2027-06-04").daysSinceEpoch
        try Self.book(1, nights: nights, path: path)
        #expect(try !ids().contains(1))
        #expect(try indexed.searchListings(ListingSearch(filter: filter)) == fixture.catalog.searchListings(ListingSearch(filter: filter)))
        #expect(try indexed.nightlyPrices(matching: filter).count == fixture.catalog.nightlyPrices(matching: filter).count)

        try Self.book(1, nights: nights, path: path, cancel: true)
        #expect(try ids().contains(1))
        #expect(try indexed.searchListings(ListingSearch(filter: filter)) == fixture.catalog.searchListings(ListingSearch(filter: filter)))
        // Patched, not rebuilt.
        #expect(indexed.rebuildCount == 0)
        #expect(indexed.index.appliedSequence == (try fixture.latestSequence()))
    }

    /// Random per-listing writes — bookings and cancellations from another connection,
    /// calendar imports, changed prices, capacities, room types, rules and sort keys,
    /// deletions — each followed by searches that must match the SQL, and at the end a
    /// freshly built index.
    @Test(arguments: [false, true])
    func randomWritesKeepThePatchedIndexExact(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0xF0F2 : 0xF011, listingCount: 200, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let path = catalog.pool.path
        var random = TestRandom(seed: farRows ? 5 : 6)
        var live = catalog.listingIDs
        var failures = 0
        var compared = 0
        func compare(_ round: Int, written id: Int64) throws {
            // The written listing's quotes, from the patched index (IndexedQuoteTests).
            if let difference = try IndexedQuoteTests.difference(indexed, catalog, id, &random), failures < 5 {
                failures += 1
                Issue.record("round \(round): quote: \(difference)")
            }
            for _ in 0..<4 {
                let filter = catalog.randomFilter(&random)
                let sort = ListingSort.allCases[random.next(below: ListingSort.allCases.count)]
                let search = ListingSearch(filter: filter, sort: sort, limit: [3, 10, 40][random.next(below: 3)])
                let expected = try catalog.catalog.searchListings(search)
                let actual = try indexed.searchListings(search)
                compared += 1
                if actual != expected && failures < 5 {
                    failures += 1
                    Issue.record("round \(round): \(search)\n sql:   \(expected)\n index: \(actual)")
                }
            }
        }
        for round in 0..<150 where failures < 5 {
            let id = live[random.next(below: live.count)]
            let day = random.next(in: RandomCatalog.firstDay...RandomCatalog.lastDay)
            switch random.next(below: 10) {
            case 0, 1, 2:
                try Self.book(id, nights: day..<day + random.next(in: 1...6), path: path)
            case 3, 4:
                try Self.book(id, nights: day - 10..<day + 10, path: path, cancel: true)
            case 5, 6:
                var calendar = RandomCatalog.randomCalendar(&random, from: RandomCatalog.firstDay, through: RandomCatalog.lastDay)
                if farRows && random.chance(50) {
                    calendar += RandomCatalog.randomCalendar(&random, from: RandomCatalog.farDay - 30,
                                                             through: RandomCatalog.farDay + 30)
                }
                try catalog.writer.replaceCalendar(of: ListingID(id), with: calendar)
            case 7, 8:
                let old = try #require(try catalog.catalog.listing(ListingID(id)))
                // Everything but the place: a new location or coordinate needs a rebuild.
                var changed = RandomCatalog.randomListing(id: id, location: old.locationID, latitude: old.coordinate.latitude,
                                                          longitude: old.coordinate.longitude, &random)
                changed.title = old.title
                try catalog.writer.saveListing(changed)
            default:
                guard live.count > 50 else { continue }
                try catalog.pool.write { db in
                    try db.execute(sql: "DELETE FROM listings WHERE id = \(id)")
                    try ChangeLog.append(listing: ListingID(id), reason: .listing, in: db)
                }
                live.removeAll { $0 == id }
            }
            try compare(round, written: id)
        }
        #expect(compared >= 500)
        #expect(indexed.rebuildCount == 0)  // every write above was patched in

        // The patched index against one built from scratch on the same data.
        let fresh = try IndexedCatalog(catalog: catalog.catalog)
        var matched = 0
        for _ in 0..<200 where failures < 5 {
            let filter = catalog.randomFilter(&random)
            let patched = try #require(indexed.index.nightlyPrices(matching: filter)).sorted()
            let built = try #require(fresh.index.nightlyPrices(matching: filter)).sorted()
            if patched != built {
                failures += 1
                Issue.record("prices differ for \(filter)")
            }
            if !built.isEmpty { matched += 1 }
            for sort in ListingSort.allCases {
                let search = ListingSearch(filter: filter, sort: sort, limit: 7)
                #expect(try indexed.searchListings(search) == fresh.searchListings(search), "\(search)")
            }
        }
        #expect(matched > 50)
    }

    /// A catalog-wide write starts a rebuild; while it runs (held at a gate) searches go
    /// on and still see per-listing writes; the rebuilt index, caught up with what was
    /// written during the rebuild, is swapped in and answers as the SQL does.
    @Test func searchesProceedDuringABackgroundRebuildAndTheSwappedIndexIsExact() throws {
        let catalog = try RandomCatalog(seed: 0xAB, listingCount: 150)
        let source = HookedIndexSource(try StoreIndexSource(engine: catalog.catalog.engine))
        let indexed = try IndexedCatalog(catalog: catalog.catalog, source: source)
        let loaded = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        source.setAfterLoad {
            loaded.signal()
            gate.wait()
        }
        let before = indexed.index
        try catalog.writer.refreshLocationStatistics()  // catalog-wide
        _ = try indexed.freshIndex()
        #expect(loaded.wait(timeout: .now() + 30) == .success)  // the rebuild has loaded and waits

        // Meanwhile: a booking is patched into the current index and seen at once.
        let target = catalog.listingIDs[0]
        let night = RandomCatalog.firstDay + 20
        let filter = ListingFilter(stay: Stay(checkin: CalendarDate(daysSinceEpoch: night),
                                              checkout: CalendarDate(daysSinceEpoch: night + 1)))
        try Self.book(target, nights: night..<night + 1, path: catalog.pool.path)
        let prices = try #require(indexed.index.nightlyPrices(matching: filter))
        #expect(try indexed.nightlyPrices(matching: filter).count == catalog.catalog.nightlyPrices(matching: filter).count)
        #expect(try indexed.nightlyPrices(matching: filter).count <= prices.count)
        let search = ListingSearch(filter: filter, limit: 500)
        #expect(try !indexed.searchListings(search).matches.contains { $0.listing.id.rawValue == target })
        #expect(indexed.index === before)
        // And a new listing, which the running rebuild's snapshot does not have.
        let newID: Int64 = 777_777
        var newcomer = try #require(try catalog.catalog.listing(ListingID(catalog.listingIDs[1])))
        newcomer.id = ListingID(newID)
        try catalog.writer.saveListing(newcomer)
        #expect(try !indexed.searchListings(ListingSearch(filter: ListingFilter(), limit: 500)).matches
            .contains { $0.listing.id.rawValue == newID })

        source.setAfterLoad(nil)
        gate.signal()
        try indexed.waitForRebuilds()
        #expect(indexed.index !== before)
        #expect(indexed.rebuildCount == 2)  // the catalog row's, then the new listing's
        #expect(try !indexed.searchListings(search).matches.contains { $0.listing.id.rawValue == target })
        #expect(try indexed.searchListings(ListingSearch(filter: ListingFilter(), limit: 500)).matches
            .contains { $0.listing.id.rawValue == newID })
        var random = TestRandom(seed: 3)
        for _ in 0..<100 {
            let search = ListingSearch(filter: catalog.randomFilter(&random), sort: .priceAscending, limit: 10)
            #expect(try indexed.searchListings(search) == catalog.catalog.searchListings(search), "\(search)")
        }
    }

    /// Rows trimmed before the index read them: it cannot know what changed, so it rebuilds.
    @Test func aGapInTheLogRebuilds() throws {
        let fixture = try CatalogFixture()
        let indexed = try IndexedCatalog(catalog: fixture.catalog)
        let filter = ListingFilter(area: .location(fixture.busan), stay: stay("2027-06-01", "2027-06-03"))
        #expect(try indexed.searchListings(ListingSearch(filter: filter)).total == 1)
        // Written and trimmed while the index was not looking (no search in between).
        try fixture.writer.replaceCalendar(of: ListingID(4), with: [CalendarEntry(date: date("2027-06-01"), status: .blocked)])
        try fixture.writer.trimChangeLog(createdBefore: Int64(Date().timeIntervalSince1970 * 1000) + 1_000)
        _ = try indexed.freshIndex()
        try indexed.waitForRebuilds()
        #expect(indexed.rebuildCount == 1)
        #expect(try indexed.searchListings(ListingSearch(filter: filter)).total == 0)
    }

    /// A slice that grows past the room reserved for patches: the listing is made to match
    /// nothing (never offered on a night it is booked) and a rebuild is asked for.
    @Test func aGrownSliceWithoutRoomMatchesNothingUntilARebuild() throws {
        let fixture = try CatalogFixture()
        let index = try SearchIndex.load(from: fixture.pool, headroom: 0)
        let everywhere = ListingFilter()
        #expect(try #require(index.nightlyPrices(matching: everywhere)).count == 6)
        // Listing 3 had no price overrides; now it has two.
        try fixture.writer.replaceCalendar(of: ListingID(3), with: [
            CalendarEntry(date: date("2027-06-01"), price: 31_000), CalendarEntry(date: date("2027-06-02"), price: 32_000),
        ])
        let patch = try fixture.pool.read { try SearchIndexReader.readListing(3, in: $0) }
        let result = index.apply([patch], through: index.appliedSequence + 1)
        #expect(result.overflowed == 1 && result.needsRebuild)
        #expect(try #require(index.nightlyPrices(matching: everywhere)).count == 5)
        // Shrinking fits in place: listing 2's five rows become one.
        try fixture.writer.replaceCalendar(of: ListingID(2), with: [CalendarEntry(date: date("2027-03-10"), status: .booked)])
        let shrink = try fixture.pool.read { try SearchIndexReader.readListing(2, in: $0) }
        #expect(index.apply([shrink], through: index.appliedSequence + 1) == SearchIndexPatchResult(patched: 1))
        let march = ListingFilter(area: .location(fixture.gangnam), stay: stay("2027-03-15", "2027-03-16"))
        #expect(index.nightlyPrices(matching: march)?.count == (try fixture.catalog.nightlyPrices(matching: march).count))
    }
}

/// The engine's index source with a hook after each load, so that a test can hold a
/// rebuild between loading its index and swapping it in.
final class HookedIndexSource: SearchIndexSource, @unchecked Sendable {
    private let inner: any SearchIndexSource
    private let lock = NSLock()
    private var afterLoad: (@Sendable () -> Void)?

    init(_ inner: any SearchIndexSource) { self.inner = inner }

    /// `body` runs after each later load, on the loading thread (`IndexedCatalog`'s rebuild queue).
    func setAfterLoad(_ body: (@Sendable () -> Void)?) { lock.withLock { afterLoad = body } }

    func commitToken() throws -> Int64 { try inner.commitToken() }

    func loadIndex() throws -> SearchIndex {
        let index = try inner.loadIndex()
        lock.withLock { afterLoad }?()
        return index
    }

    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch]) {
        try inner.changes(after: sequence, limit: limit)
    }
}
