import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    @Suite struct SearchFilterTests {

        private var bigID: Int64 { CatalogFixture.bigID.rawValue }

        @Test(arguments: CatalogFixture.Engine.available)
        func everywhereReturnsEveryListingInRecommendedOrder(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Score desc, then id asc for the two tied at 10.
            #expect(try fixture.ids(ListingFilter()) == [4, 1, 2, 3, 6, bigID])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aCityIncludesItsDistrictsAndNeighbourhoods(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.seoul))) == [1, 2, 3])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.gangnam))) == [1, 2])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.yeoksam))) == [1])
            #expect(try fixture.ids(ListingFilter(area: .location(LocationID(999)))) == [])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func boundingBoxIsInclusiveAndHandlesTheAntimeridian(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let gangnamBox = BoundingBox(southWest: Coordinate(latitude: 37.50, longitude: 127.0),
                                         northEast: Coordinate(latitude: 37.52, longitude: 127.05))
            #expect(try fixture.ids(ListingFilter(area: .boundingBox(gangnamBox))) == [1, 2])
            // West edge 179 to east edge -179 crosses the antimeridian.
            let across = BoundingBox(southWest: Coordinate(latitude: -17, longitude: 179),
                                     northEast: Coordinate(latitude: -16, longitude: -179))
            #expect(try fixture.ids(ListingFilter(area: .boundingBox(across))) == [6, bigID])
            let eastOnly = BoundingBox(southWest: Coordinate(latitude: -17, longitude: 179),
                                       northEast: Coordinate(latitude: -16, longitude: 180))
            #expect(try fixture.ids(ListingFilter(area: .boundingBox(eastOnly))) == [bigID])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func capacityCountsAdultsAndChildrenButNotInfants(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let three = GuestCount(adults: 2, children: 1, infants: 3)
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.seoul), guests: three)) == [1])
            #expect(try fixture.ids(ListingFilter(guests: GuestCount(adults: 5))) == [4])
            #expect(try fixture.ids(ListingFilter(guests: GuestCount(adults: 7))) == [])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func roomTypes(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try fixture.ids(ListingFilter(roomTypes: [.privateRoom, .sharedRoom])) == [2, 3])
            #expect(try fixture.ids(ListingFilter(roomTypes: [.hotelRoom])) == [4])
            #expect(try fixture.ids(ListingFilter(roomTypes: Set(RoomType.allCases))).count == 6)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func priceBoundsAreInclusiveOnTheBasePriceWithoutAStay(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try fixture.ids(ListingFilter(minPrice: 50_000, maxPrice: 100_000)) == [1, 2, 6, bigID])
            #expect(try fixture.ids(ListingFilter(minPrice: 50_001, maxPrice: 99_999)) == [6, bigID])
            #expect(try fixture.ids(ListingFilter(maxPrice: 29_999)) == [])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func priceBoundsUseTheHalfUpAverageWithAStay(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Listing 2, two nights: 50,000 + 50,001 (override) = 100,001; average 50,000.5 -> 50,001.
            let filter = ListingFilter(area: .location(fixture.gangnam), stay: stay("2027-03-31", "2027-04-02"),
                                       roomTypes: [.privateRoom])
            let match = try #require(try fixture.allMatches(filter).first)
            #expect(match.accommodationTotal == 100_001)
            #expect(match.nightlyPrice == 50_001)
            var bounded = filter
            bounded.minPrice = 50_001
            #expect(try fixture.ids(bounded) == [2])
            bounded.minPrice = nil
            bounded.maxPrice = 50_000
            #expect(try fixture.ids(bounded) == [])
            bounded.maxPrice = 50_001
            #expect(try fixture.ids(bounded) == [2])
        }

        // MARK: stay availability (listing 2's calendar: see CatalogFixture)

        private func listing2IsBookable(_ fixture: CatalogFixture, _ checkin: String, _ checkout: String) throws -> Bool {
            try fixture.ids(ListingFilter(area: .location(fixture.gangnam), stay: stay(checkin, checkout),
                                          roomTypes: [.privateRoom])) == [2]
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aBookedNightInsideTheStayExcludes(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try !listing2IsBookable(fixture, "2027-03-09", "2027-03-11"))
            #expect(try !listing2IsBookable(fixture, "2027-03-10", "2027-03-11"))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func backToBackStaysAreFine(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Checking out on the booked day (the next guest's checkin) and checking in the day
            // after the booked night are both fine.
            #expect(try listing2IsBookable(fixture, "2027-03-08", "2027-03-10"))
            #expect(try listing2IsBookable(fixture, "2027-03-11", "2027-03-12"))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func closedToArrivalOnlyMattersOnTheCheckinDay(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try !listing2IsBookable(fixture, "2027-03-15", "2027-03-16"))
            #expect(try listing2IsBookable(fixture, "2027-03-14", "2027-03-16"))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func closedToDepartureOnlyMattersOnTheCheckoutDay(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try !listing2IsBookable(fixture, "2027-03-19", "2027-03-20"))
            #expect(try listing2IsBookable(fixture, "2027-03-19", "2027-03-21"))
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func minAndMaxNightsComeFromTheCheckinDay(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // 2027-03-25 overrides to 3...4 nights.
            #expect(try !listing2IsBookable(fixture, "2027-03-25", "2027-03-27"))
            #expect(try listing2IsBookable(fixture, "2027-03-25", "2027-03-28"))
            #expect(try listing2IsBookable(fixture, "2027-03-25", "2027-03-29"))
            #expect(try !listing2IsBookable(fixture, "2027-03-25", "2027-03-30"))
            // A stay through the 25th that checks in the day before follows the listing's rules.
            #expect(try listing2IsBookable(fixture, "2027-03-24", "2027-03-26"))
            // Listing 4 needs 2 nights; its listing max is 30.
            let busan = ListingFilter(area: .location(fixture.busan), stay: stay("2027-05-03", "2027-05-04"))
            #expect(try fixture.ids(busan) == [])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.busan), stay: stay("2027-05-03", "2027-05-05"))) == [4])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.busan), stay: stay("2027-05-01", "2027-05-31"))) == [4])
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.busan), stay: stay("2027-05-01", "2027-06-01"))) == [])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func nightsOnOrAfterAvailableUntilAreNotBookable(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Listing 3 is available until 2028-01-01: the last bookable night is 2027-12-31.
            let mapo = { (checkin: String, checkout: String) in
                try fixture.ids(ListingFilter(area: .location(fixture.mapo), stay: stay(checkin, checkout)))
            }
            #expect(try mapo("2027-12-30", "2028-01-01") == [3])
            #expect(try mapo("2027-12-31", "2028-01-02") == [])
            #expect(try mapo("2028-01-05", "2028-01-06") == [])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func withoutAStayTheCalendarIsIgnored(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try fixture.ids(ListingFilter(area: .location(fixture.gangnam))) == [1, 2])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func totalAndBoundsCoverEveryMatchNotJustThePage(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let page = try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(area: .location(fixture.seoul)), limit: 1))
            #expect(page.matches.map(\.listing.id.rawValue) == [1])
            #expect(page.total == 3)
            #expect(page.bounds == BoundingBox(southWest: Coordinate(latitude: 37.50, longitude: 126.90),
                                               northEast: Coordinate(latitude: 37.56, longitude: 127.05)))
            let none = try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(guests: GuestCount(adults: 9))))
            #expect(none.total == 0)
            #expect(none.bounds == nil)
            #expect(none.matches.isEmpty)
            #expect(none.nextCursor == nil)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func nightlyPricesIgnorePriceBoundsAndAscend(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let filter = ListingFilter(minPrice: 100_000, maxPrice: 100_000)
            #expect(try fixture.reads.nightlyPrices(matching: filter).sorted() == [30_000, 50_000, 80_000, 80_000, 100_000, 200_000])
            // With a stay: averages of bookable listings only (listing 4 needs two nights).
            let oneNight = ListingFilter(area: .location(fixture.seoul), stay: stay("2027-12-31", "2028-01-01"))
            #expect(try fixture.reads.nightlyPrices(matching: oneNight).sorted() == [30_000, 50_000, 300_000])
        }
    }
}
