import Foundation
import Testing
import Domain
import Storage
import PostgresStorage
@testable import Persistence
@testable import SearchIndex

extension StoreContractTests {
    /// The writer appends to the change log in the same transaction as its change, and the
    /// reader turns the rows after a sequence into listings to patch or a reason to rebuild.
    @Suite struct ChangeLogTests {
        @Test(arguments: CatalogFixture.Engine.available)
        func eachWriteAppendsOneRowForItsListingOrTheCatalog(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            func rows(after sequence: Int64) throws -> [(listing: Int64?, reason: String)] { try fixture.changeLogRows(after: sequence) }
            func latest() throws -> Int64 { try fixture.latestSequence() }
            let start = try latest()
            #expect(start > 0)  // the fixture's own writes
            var listing = try #require(fixture.listings.first { $0.id == ListingID(3) })
            listing.pricing.basePrice += 1
            try fixture.anyWriter.saveListing(listing)
            try fixture.anyWriter.replaceCalendar(of: ListingID(4), with: [CalendarEntry(date: date("2027-05-01"), status: .blocked)])
            _ = try fixture.anyWriter.saveLocation(fixture.draft("jeju", nil, .city, "제주시", "Jeju", 33.5, 126.5))
            try fixture.anyWriter.refreshLocationStatistics()
            let written = try rows(after: start)
            #expect(written.map(\.listing) == [3, 4, nil, nil])
            #expect(written.map(\.reason) == ["listing", "calendar", "catalog", "catalog"])
            let createdAt = try fixture.fetchOne("SELECT max(created_at) FROM change_log") { $0.int64(0) }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            #expect(try #require(createdAt) <= now && createdAt! > now - 60_000)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aRolledBackWriteLeavesNoRow(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            func rows(after sequence: Int64) throws -> [(listing: Int64?, reason: String)] { try fixture.changeLogRows(after: sequence) }
            func latest() throws -> Int64 { try fixture.latestSequence() }
            let start = try latest()
            struct Abort: Error {}
            #expect(throws: Abort.self) {
                try fixture.anyWriter.transaction {
                    try fixture.anyWriter.replaceCalendar(of: ListingID(1), with: [])
                    throw Abort()
                }
            }
            #expect(try rows(after: start).isEmpty)
            #expect(try latest() == start)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func theReaderNamesListingsOnceAndFlagsCatalogRowsAndLimits(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            func rows(after sequence: Int64) throws -> [(listing: Int64?, reason: String)] { try fixture.changeLogRows(after: sequence) }
            func latest() throws -> Int64 { try fixture.latestSequence() }
            let start = try latest()
            try fixture.anyWriter.replaceCalendar(of: ListingID(2), with: [])
            try fixture.anyWriter.replaceCalendar(of: ListingID(1), with: [])
            try fixture.anyWriter.replaceCalendar(of: ListingID(2), with: [])
            let perListing = try fixture.changes(after: start, limit: 100)
            #expect(perListing == ChangeLogBatch(listingIDs: [1, 2], rebuild: nil, through: start + 3))
            #expect(try fixture.changes(after: start + 3, limit: 100)
                    == ChangeLogBatch(listingIDs: [], rebuild: nil, through: start + 3))

            try fixture.anyWriter.refreshLocationStatistics()
            try fixture.anyWriter.replaceCalendar(of: ListingID(4), with: [])
            let withCatalog = try fixture.changes(after: start, limit: 100)
            #expect(withCatalog == ChangeLogBatch(listingIDs: [1, 2, 4], rebuild: .catalogWide, through: start + 5))

            let tooMany = try fixture.changes(after: start, limit: 2)
            #expect(tooMany == ChangeLogBatch(listingIDs: [], rebuild: .tooManyChanges, through: start + 5))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aReaderBehindATrimMustRebuild(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            func rows(after sequence: Int64) throws -> [(listing: Int64?, reason: String)] { try fixture.changeLogRows(after: sequence) }
            func latest() throws -> Int64 { try fixture.latestSequence() }
            let start = try latest()
            try fixture.anyWriter.replaceCalendar(of: ListingID(1), with: [])
            let future = Int64(Date().timeIntervalSince1970 * 1000) + 1_000
            #expect(try fixture.trimChangeLog(createdBefore: future) == Int(start) + 1)
            #expect(try rows(after: 0).isEmpty)
            // The sequence survives the trim: the next row continues after it.
            #expect(try latest() == start + 1)
            let behind = try fixture.changes(after: start, limit: 100)
            #expect(behind == ChangeLogBatch(listingIDs: [], rebuild: .gap, through: start + 1))
            try fixture.anyWriter.replaceCalendar(of: ListingID(2), with: [])
            let caughtUp = try fixture.changes(after: start + 1, limit: 100)
            #expect(caughtUp == ChangeLogBatch(listingIDs: [2], rebuild: nil, through: start + 2))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func replacingACalendarKeepsReservedNightsBooked(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let night = date("2027-07-10").daysSinceEpoch
            try fixture.execute("INSERT INTO guests (id, token_hash, created_at) VALUES (1, ?, 0)", [[UInt8](repeating: 0, count: 32)])
            try fixture.execute("""
                INSERT INTO reservations (id, guest_id, listing_id, checkin, checkout, adults, children, infants, \
                currency, nightly_prices, line_items, total, cancellation_policy, status, created_at) \
                VALUES (1, 1, 1, \(night), \(night + 2), 1, 0, 0, 'KRW', '[1,1]', '[]', 2, 'moderate', 'confirmed', 0)
                """)
            try fixture.execute("INSERT INTO reservation_nights VALUES (1, \(night), 1), (1, \(night + 1), 1)")
            // The import says one reserved night is available with a price, and knows nothing of the other.
            try fixture.anyWriter.replaceCalendar(of: ListingID(1), with: [
                CalendarEntry(date: CalendarDate(daysSinceEpoch: night), price: 123_000),
                CalendarEntry(date: CalendarDate(daysSinceEpoch: night + 5), status: .blocked),
            ])
            let days = try fixture.reads.calendarEntries(
                of: ListingID(1), in: CalendarDate(daysSinceEpoch: night)..<CalendarDate(daysSinceEpoch: night + 7))
            #expect(days.map(\.date.daysSinceEpoch) == [night, night + 1, night + 5])
            #expect(days.map(\.status) == [.booked, .booked, .blocked])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.yeoksam),
                                                  stay: Stay(checkin: CalendarDate(daysSinceEpoch: night + 1),
                                                             checkout: CalendarDate(daysSinceEpoch: night + 2)))) == [])
        }
    }
}
