import Domain
import Foundation
@testable import Persistence
import TestSupport
import Testing

/// The search SQL in PostgreSQL's dialect (`ListingSearchSQL.Dialect.postgres`, run by
/// `PostgresCatalog`) answers what SQLite's answers, for the searches the index leaves to
/// SQL that the API refuses before they get here (nearest first without a centre, stays
/// beyond ±2^31 days, guest counts beyond Int32) and for ordinary ones: the same fixture on
/// both engines, every page through the cursors.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresSQLSearchTests {
    let fixtures: (sqlite: CatalogFixture, postgres: CatalogFixture)

    init() throws {
        fixtures = (try CatalogFixture(engine: .sqlite), try CatalogFixture(engine: .postgres))
    }

    /// Filters by name; areas use each fixture's own location ids.
    static func filters(_ fixture: CatalogFixture) -> [(String, ListingFilter)] {
        let far = CalendarDate(daysSinceEpoch: Int(Int32.max) + 10)
        let farStay = Stay(checkin: far, checkout: CalendarDate(daysSinceEpoch: Int(Int32.max) + 13))!
        let stay = Stay(checkin: CalendarDate("2027-03-10")!, checkout: CalendarDate("2027-03-14")!)!
        let circle = SearchCircle(centre: Coordinate(latitude: 37.5, longitude: 127.03), radiusKm: 8)
        return [
            ("everywhere", ListingFilter()),
            ("a location with a stay", ListingFilter(area: .location(fixture.seoul), stay: stay)),
            ("a stay beyond 2^31 days", ListingFilter(stay: farStay)),
            ("guests beyond Int32", ListingFilter(guests: GuestCount(adults: Int(Int32.max) + 5))),
            ("a circle with a stay", ListingFilter(area: .circle(circle), stay: stay, guests: GuestCount(adults: 3))),
            ("price bounds", ListingFilter(stay: stay, minPrice: 60_000, maxPrice: 200_000)),
        ]
    }

    @Test(arguments: [ListingSort.recommended, .priceAscending, .priceDescending, .ratingDescending, .distance])
    func searchesAnswerAsOnSQLite(sort: ListingSort) throws {
        let (sqlite, postgres) = fixtures
        for ((name, left), (_, right)) in zip(Self.filters(sqlite), Self.filters(postgres)) {
            var leftAfter: ListingCursor?, rightAfter: ListingCursor?
            var pages = 0
            repeat {
                let a = try sqlite.reads.searchListings(ListingSearch(filter: left, sort: sort, limit: 2, after: leftAfter))
                let b = try postgres.reads.searchListings(ListingSearch(filter: right, sort: sort, limit: 2, after: rightAfter))
                #expect(a.matches.map(\.listing.id) == b.matches.map(\.listing.id), "\(name), \(sort), page \(pages)")
                #expect(a.matches.map(\.nightlyPrice) == b.matches.map(\.nightlyPrice), "\(name), \(sort)")
                #expect(a.matches.map(\.accommodationTotal) == b.matches.map(\.accommodationTotal), "\(name), \(sort)")
                #expect(a.total == b.total && a.bounds == b.bounds && a.nextCursor == b.nextCursor, "\(name), \(sort)")
                // Nobody fits that many guests; every other filter matches some listings.
                if pages == 0 { #expect((a.total > 0) == (name != "guests beyond Int32"), "\(name): \(a.total)") }
                leftAfter = a.nextCursor
                rightAfter = b.nextCursor
                pages += 1
            } while leftAfter != nil && pages < 20
        }
    }

    @Test func mapsAndHistogramsAnswerAsOnSQLite() throws {
        let (sqlite, postgres) = fixtures
        for ((name, left), (_, right)) in zip(Self.filters(sqlite), Self.filters(postgres)) {
            let a = try sqlite.reads.mapPoints(matching: left).sorted { $0.id.rawValue < $1.id.rawValue }
            let b = try postgres.reads.mapPoints(matching: right).sorted { $0.id.rawValue < $1.id.rawValue }
            #expect(a == b, "\(name)")
            #expect(try sqlite.reads.nightlyPrices(matching: left).sorted()
                    == postgres.reads.nightlyPrices(matching: right).sorted(), "\(name)")
        }
    }
}
