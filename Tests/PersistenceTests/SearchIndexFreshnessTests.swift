import Foundation
import Synchronization
import Testing
import Domain
@testable import Persistence
@testable import SearchIndex

/// Writes committed through any connection are visible to the next search.
@Suite struct SearchIndexFreshnessTests {
    let fixture: CatalogFixture
    let indexed: IndexedCatalog
    init() throws {
        fixture = try CatalogFixture()
        indexed = try IndexedCatalog(catalog: fixture.catalog)
    }

    private func ids(_ filter: ListingFilter, sort: ListingSort = .recommended) throws -> [Int64] {
        try indexed.searchListings(ListingSearch(filter: filter, sort: sort, limit: 100)).matches.map(\.listing.id.rawValue)
    }

    /// A new listing has no slot to patch: the index rebuilds in the background, and the
    /// listing is found once the rebuild is swapped in.
    @Test func aNewListingIsFoundAfterTheRebuild() throws {
        let busan = ListingFilter(area: .location(fixture.busan))
        #expect(try ids(busan) == [4])
        try fixture.add(CatalogFixture.listing(50, fixture.busan, .entireHome, base: 70_000, lat: 35.1, lng: 129.0,
                                               maxGuests: 2, rating: 4.0, score: 99))
        try indexed.waitForRebuilds()
        #expect(indexed.rebuildCount == 1)
        #expect(try ids(busan) == [50, 4])
        #expect(try indexed.nightlyPrices(matching: busan).sorted() == [70_000, 200_000])
        #expect(try indexed.searchListings(ListingSearch(filter: busan)) == fixture.catalog.searchListings(ListingSearch(filter: busan)))
    }

    /// `stays serve` gives the old index's memory back there: the hook runs once for the
    /// rebuild, after the new index is in place.
    @Test func theAfterRebuildHookRunsOnceTheRebuildIsSwappedIn() throws {
        let calls = Mutex(0)
        let ran = DispatchSemaphore(value: 0)
        let hooked = try IndexedCatalog(catalog: fixture.catalog, afterRebuild: {
            calls.withLock { $0 += 1 }
            ran.signal()
        })
        let busan = ListingFilter(area: .location(fixture.busan))
        try fixture.add(CatalogFixture.listing(50, fixture.busan, .entireHome, base: 70_000, lat: 35.1, lng: 129.0,
                                               maxGuests: 2, rating: 4.0, score: 99))
        _ = try hooked.searchListings(ListingSearch(filter: busan))
        try hooked.waitForRebuilds()
        #expect(ran.wait(timeout: .now() + 10) == .success)
        #expect(try hooked.searchListings(ListingSearch(filter: busan)).matches.map(\.listing.id.rawValue) == [50, 4])
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func aCalendarChangeIsSeenByTheNextSearch() throws {
        let filter = ListingFilter(area: .location(fixture.yeoksam), stay: stay("2027-06-01", "2027-06-03"))
        let before = try #require(try indexed.searchListings(ListingSearch(filter: filter)).matches.first)
        #expect(before.accommodationTotal == 200_000)

        try fixture.writer.replaceCalendar(of: ListingID(1), with: [CalendarEntry(date: date("2027-06-02"), price: 130_000)])
        let repriced = try #require(try indexed.searchListings(ListingSearch(filter: filter)).matches.first)
        #expect(repriced.accommodationTotal == 230_000)
        #expect(repriced.nightlyPrice == 115_000)

        try fixture.writer.replaceCalendar(of: ListingID(1), with: [CalendarEntry(date: date("2027-06-01"), status: .booked)])
        #expect(try ids(filter) == [])
        #expect(try indexed.nightlyPrices(matching: filter) == [])
    }

    @Test func aChangedListingIsSeenInsideAWriterTransactionOnlyAfterItCommits() throws {
        let cheap = ListingFilter(maxPrice: 40_000)
        #expect(try ids(cheap) == [3])
        var updated = try #require(fixture.listings.first { $0.id == ListingID(2) })
        updated.pricing.basePrice = 35_000
        try fixture.writer.transaction {
            try fixture.writer.saveListing(updated)
            // Not committed yet: the index must not rebuild from (or leak) the open write.
            #expect(try ids(cheap) == [3])
        }
        #expect(try ids(cheap) == [2, 3])
    }

    @Test func parallelSearchesAgreeWithTheSQL() throws {
        let filters = [
            ListingFilter(),
            ListingFilter(area: .location(fixture.seoul), stay: stay("2027-12-30", "2028-01-02")),
            ListingFilter(guests: GuestCount(adults: 3)),
        ]
        let expected = try filters.map { try fixture.catalog.searchListings(ListingSearch(filter: $0, sort: .priceAscending)) }
        let results = ResultBox(count: 64)
        let indexed = self.indexed
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let filter = filters[iteration % filters.count]
            results.set(iteration, Result { try indexed.searchListings(ListingSearch(filter: filter, sort: .priceAscending)) })
        }
        for iteration in 0..<64 {
            #expect(try results.get(iteration)?.get() == expected[iteration % filters.count])
        }
    }
}

/// Results written by concurrent iterations, each to its own slot.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<ListingPage, any Error>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<ListingPage, any Error>) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
    func get(_ index: Int) -> Result<ListingPage, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
