import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    @Suite struct PagingTests {

        private var bigID: Int64 { CatalogFixture.bigID.rawValue }

        /// Follows `nextCursor` until the last page.
        private func pages(_ fixture: CatalogFixture, _ filter: ListingFilter, sort: ListingSort, limit: Int,
                           between: (Int) throws -> Void = { _ in }) throws -> [[Int64]] {
            var result: [[Int64]] = []
            var cursor: ListingCursor?
            repeat {
                let page = try fixture.reads.searchListings(ListingSearch(filter: filter, sort: sort, limit: limit, after: cursor))
                result.append(page.matches.map(\.listing.id.rawValue))
                cursor = page.nextCursor
                if let cursor {
                    #expect(cursor.id == page.matches.last?.listing.id)
                }
                try between(result.count)
            } while cursor != nil && result.count < 20
            return result
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func everySortPagesThroughEveryListingOnce(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let expected: [ListingSort: [Int64]] = [
                .recommended: [4, 1, 2, 3, 6, bigID],
                // 80,000 twice: ties break by id.
                .priceAscending: [3, 2, 6, bigID, 1, 4],
                .priceDescending: [4, 1, 6, bigID, 2, 3],
                // 4.2 twice; listing 2 has no rating and comes last.
                .ratingDescending: [4, 1, 3, bigID, 6, 2],
            ]
            for (sort, order) in expected {
                #expect(try fixture.ids(ListingFilter(), sort: sort) == order, "\(sort)")
                for limit in [1, 2, 4, 6] {
                    let pages = try pages(fixture, ListingFilter(), sort: sort, limit: limit)
                    #expect(pages.flatMap { $0 } == order, "\(sort) limit \(limit)")
                    #expect(pages.dropLast().allSatisfy { $0.count == limit })
                }
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func lastPageHasNoCursor(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let page = try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(), limit: 6))
            #expect(page.matches.count == 6)
            #expect(page.nextCursor == nil)
            let first = try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(), limit: 5))
            #expect(first.nextCursor == ListingCursor(sortKey: 10, id: ListingID(6)))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func cursorUsesTheStayAveragePriceAsItsKey(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // One night on Friday 2027-12-31: listing 1 costs its 300,000 override.
            let filter = ListingFilter(area: .location(fixture.seoul), stay: stay("2027-12-31", "2028-01-01"))
            let first = try fixture.reads.searchListings(ListingSearch(filter: filter, sort: .priceDescending, limit: 1))
            #expect(first.matches.map(\.nightlyPrice) == [300_000])
            #expect(first.nextCursor == ListingCursor(sortKey: 300_000, id: ListingID(1)))
            let rest = try fixture.reads.searchListings(ListingSearch(filter: filter, sort: .priceDescending, limit: 5, after: first.nextCursor))
            #expect(rest.matches.map(\.listing.id.rawValue) == [2, 3])
            #expect(rest.total == 3)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func listingsAddedBetweenPagesCauseNoDuplicatesOrSkips(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let before = Set(try fixture.ids(ListingFilter()))
            var inserted = false
            let pages = try pages(fixture, ListingFilter(), sort: .recommended, limit: 2) { pageNumber in
                guard pageNumber == 1, !inserted else { return }
                inserted = true
                // One that sorts before the cursor, one after it, one tied with listings 6 and 2^53+1.
                try fixture.add(CatalogFixture.listing(100, fixture.busan, .entireHome, base: 1_000, lat: 35, lng: 129,
                                                       maxGuests: 2, rating: nil, score: 99))
                try fixture.add(CatalogFixture.listing(101, fixture.busan, .entireHome, base: 1_000, lat: 35, lng: 129,
                                                       maxGuests: 2, rating: nil, score: 75))
                try fixture.add(CatalogFixture.listing(7, fixture.busan, .entireHome, base: 1_000, lat: 35, lng: 129,
                                                       maxGuests: 2, rating: nil, score: 10))
            }
            let served = pages.flatMap { $0 }
            #expect(Set(served).count == served.count, "no duplicates: \(served)")
            #expect(before.isSubset(of: Set(served)), "none skipped: \(served)")
            #expect(served == [4, 1, 2, 101, 3, 6, 7, bigID])
        }
    }
}
