import Testing
import Domain
import PostgresStorage
import Storage
@testable import Persistence

extension StoreContractTests {
    @Suite struct CatalogWriterTests {

        private func initials(_ fixture: CatalogFixture, _ id: LocationID) throws -> String? {
            try fixture.fetchOne("SELECT initials FROM locations WHERE id = ?", [id.rawValue]) { $0.string(0) }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func saveLocationUpsertsByExternalKeyAndStoresInitials(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try initials(fixture, fixture.gangnam) == "ㄱㄴㄱ")
            #expect(try initials(fixture, fixture.taveuni) == "taveuni")
            var draft = fixture.draft("gangnam", "seoul", .district, "강남 Gu", "Gangnam", 37.5, 127.0)
            draft.imageURL = "https://example.com/gangnam.jpg"
            #expect(try fixture.anyWriter.saveLocation(draft) == fixture.gangnam)
            #expect(try initials(fixture, fixture.gangnam) == "ㄱㄴ gu")
            #expect(try fixture.reads.location(fixture.gangnam)?.imageURL == "https://example.com/gangnam.jpg")
            #expect(try fixture.reads.allLocations().count == 6)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func unknownParentAndCyclesAreRefused(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let orphan = fixture.draft("x", "nowhere", .district, "x", "x", 0, 0)
            #expect(throws: PersistenceError.unknownParentLocation(key: "nowhere")) { try fixture.anyWriter.saveLocation(orphan) }
            let cycle = fixture.draft("seoul", "yeoksam", .city, "서울", "Seoul", 0, 0)
            #expect(throws: PersistenceError.locationCycle(key: "seoul", parentKey: "yeoksam")) { try fixture.anyWriter.saveLocation(cycle) }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func movingADistrictMovesItsSubtree(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Gangnam (with Yeoksam below) moves from Seoul to Busan.
            _ = try fixture.anyWriter.saveLocation(fixture.draft("gangnam", "busan", .district, "강남구", "Gangnam-gu", 37.5, 127.0))
            try fixture.anyWriter.refreshLocationStatistics()
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.busan))) == [4, 1, 2])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.seoul))) == [3])
            #expect(try fixture.reads.location(fixture.seoul)?.listingCount == 1)
            #expect(try fixture.reads.location(fixture.busan)?.listingCount == 3)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func saveListingReplacesByIDAndKeepsTheCalendar(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            var listing = try #require(fixture.listings.first { $0.id == ListingID(2) })
            listing.title = "Renamed"
            listing.amenities = []
            listing.pricing.weekendPrice = 70_000
            try fixture.add(listing)
            #expect(try fixture.reads.listing(listing.id) == listing)
            #expect(try fixture.reads.calendarEntries(of: listing.id, in: date("2027-01-01")..<date("2028-01-01")).count == 5)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func replaceCalendarKeepsOnlyExceptions(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            try fixture.anyWriter.replaceCalendar(of: ListingID(2), with: [
                CalendarEntry(date: date("2027-06-01")),  // the default: not stored
                CalendarEntry(date: date("2027-06-02"), status: .blocked),
                CalendarEntry(date: date("2027-06-03"), price: 10),
                CalendarEntry(date: date("2027-06-03"), price: 20),  // same date: the last wins
            ])
            let entries = try fixture.reads.calendarEntries(of: ListingID(2), in: date("2027-01-01")..<date("2028-01-01"))
            #expect(entries == [CalendarEntry(date: date("2027-06-02"), status: .blocked),
                                CalendarEntry(date: date("2027-06-03"), price: 20)])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aFailedTransactionLeavesNothing(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try fixture.anyWriter.transaction {
                    try fixture.anyWriter.saveListing(CatalogFixture.listing(50, fixture.busan, .entireHome, base: 1, lat: 0, lng: 0,
                                                                          maxGuests: 1, rating: nil, score: 0))
                    try fixture.anyWriter.replaceCalendar(of: ListingID(1), with: [])
                    throw Boom()
                }
            }
            #expect(try fixture.reads.listing(ListingID(50)) == nil)
            #expect(try fixture.reads.calendarEntries(of: ListingID(1), in: date("2027-01-01")..<date("2029-01-01")).count == 4)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aListingInAnUnknownLocationIsRefusedByTheForeignKey(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let error = #expect(throws: (any Error).self) {
                try fixture.anyWriter.saveListing(CatalogFixture.listing(51, LocationID(999), .entireHome, base: 1, lat: 0, lng: 0,
                                                                         maxGuests: 1, rating: nil, score: 0))
            }
            switch engine {
            case .sqlite: #expect((error as? DatabaseError)?.message == "FOREIGN KEY constraint failed")
            case .postgres: #expect((error as? PostgresError)?.sqlState == "23503")  // foreign_key_violation
            }
        }
    }
}
