import Testing
import Domain
import Storage
@testable import Persistence

extension StoreContractTests {
    @Suite struct CatalogReadTests {

        @Test(arguments: CatalogFixture.Engine.available)
        func everyListingRoundTripsExactly(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            for listing in fixture.listings {
                #expect(try fixture.reads.listing(listing.id) == listing)
            }
            #expect(try fixture.reads.listing(ListingID(424242)) == nil)
        }

        /// Search results carry what the list shows: the long texts are empty and only the
        /// first photo is kept; everything else equals the full listing.
        @Test(arguments: CatalogFixture.Engine.available)
        func summariesKeepWhatTheListShows(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let ids = fixture.listings.map(\.id)
            let summaries = try fixture.reads.listingSummaries(ids)
            #expect(summaries.map(\.id) == ids)
            for (summary, listing) in zip(summaries, fixture.listings) {
                var expected = listing
                expected.description = ""
                expected.amenities = []
                expected.houseRules = []
                expected.photoURLs = Array(listing.photoURLs.prefix(1))
                #expect(summary == expected)
            }
            #expect(fixture.listings.contains { $0.photoURLs.count > 1 })
            // Any number of ids, in the order asked, repeats kept, unknown ids left out.
            let many = Array(repeating: ids, count: 20).flatMap { $0 }.reversed() + [ListingID(424242)]
            #expect(try fixture.reads.listingSummaries(Array(many)).map(\.id) == Array(many.dropLast()))
        }

        /// A map's pins read only the columns they show: the ratings and pricing rules the
        /// summaries carry, for listings with and without categories, a rating or a weekend
        /// price; unknown and unpublished ids left out.
        @Test(arguments: CatalogFixture.Engine.available)
        func pinDetailsAreTheSummaries(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let rated = fixture.listings[0].id, hidden = fixture.listings[1].id
            let categories: [Double?] = [4.8, nil, 4.9, 5, 4.7, 4.6]
            try fixture.execute("UPDATE listings SET rating_categories = ?, review_count = 7 WHERE id = ?",
                                [try #require(RatingCategoriesText.encode(categories)), rated.rawValue])
            try fixture.execute("UPDATE listings SET status = 'unpublished' WHERE id = ?", [hidden.rawValue])
            let ids = fixture.listings.map(\.id) + [ListingID(424242)]
            let details = try fixture.reads.pinDetails(of: ids)
            #expect(details == (try fixture.reads.listingSummariesByID(ids)).mapValues {
                ListingPinDetails(rating: $0.ratingSummary, pricing: $0.pricing)
            })
            #expect(details[rated]?.rating == ListingRating(rating: fixture.listings[0].rating, reviewCount: 7,
                                                            categories: categories))
            #expect(details[hidden] == nil && details.count == fixture.listings.count - 1)
            #expect(fixture.listings.contains { $0.rating == nil })
            #expect(fixture.listings.contains { $0.pricing.weekendPrice == nil }
                    && fixture.listings.contains { $0.pricing.weekendPrice != nil })
            #expect(fixture.listings.contains { $0.pricing.extraGuestFee > 0 })
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func listingAndCalendarFromOneRead(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let range = date("2027-03-10")..<date("2027-03-26")
            var asked: ListingID?
            let both = try #require(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: { listing in
                asked = listing.id
                return range
            }))
            #expect(asked == ListingID(2))
            #expect(both.listing == (try fixture.reads.listingSummariesByID([ListingID(2)]))[ListingID(2)])
            #expect(both.entries == (try fixture.reads.calendarEntries(of: ListingID(2), in: range)))
            #expect(both.entries.count == 4)
            #expect(try fixture.reads.listingAndCalendar(ListingID(424242), calendarIn: { _ in range }) == nil)
        }

        /// The form with a range known up front (quotes; one statement on PostgreSQL) reads the
        /// same as the listing-dependent one: with days in the range, with none (the listing
        /// alone), and nil for an unknown id.
        @Test(arguments: CatalogFixture.Engine.available)
        func listingAndCalendarWithAFixedRange(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            for range in [date("2027-03-10")..<date("2027-03-26"), date("2030-01-01")..<date("2030-01-05")] {
                let fixed = try #require(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: range))
                let viaClosure = try #require(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: { _ in range }))
                #expect(fixed.listing == viaClosure.listing)
                #expect(fixed.entries == viaClosure.entries)
            }
            #expect(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: date("2027-03-10")..<date("2027-03-26"))?.entries.count == 4)
            #expect(try fixture.reads.listingAndCalendar(ListingID(424242), calendarIn: date("2027-03-10")..<date("2027-03-26")) == nil)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func idsAbove2To53RoundTrip(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let listing = try #require(try fixture.reads.listing(CatalogFixture.bigID))
            #expect(listing.id.rawValue == 9_007_199_254_740_993)
            let match = try #require(try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(), sort: .priceDescending, limit: 3)).nextCursor)
            // The cursor's id is exact too (a Double would have rounded it).
            #expect(match.id == ListingID(6))
            let page = try fixture.reads.searchListings(ListingSearch(filter: ListingFilter(), sort: .priceDescending, limit: 1, after: match))
            #expect(page.matches.first?.listing.id == CatalogFixture.bigID)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func calendarEntriesInAHalfOpenRangeAscending(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let entries = try fixture.reads.calendarEntries(of: ListingID(2), in: date("2027-03-10")..<date("2027-03-25"))
            #expect(entries.map(\.date) == [date("2027-03-10"), date("2027-03-15"), date("2027-03-20")])
            #expect(entries[0].status == .booked)
            #expect(entries[1].closedToArrival && !entries[1].closedToDeparture)
            #expect(entries[2].closedToDeparture)
            let minMax = try fixture.reads.calendarEntries(of: ListingID(2), in: date("2027-03-25")..<date("2027-03-26"))
            #expect(minMax == [CalendarEntry(date: date("2027-03-25"), minNights: 3, maxNights: 4)])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func locationsWithCountsAfterRefresh(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let locations = try fixture.reads.allLocations()
            #expect(locations.count == 6)
            let counts = Dictionary(uniqueKeysWithValues: locations.map { ($0.id, $0.listingCount) })
            #expect(counts[fixture.seoul] == 3)
            #expect(counts[fixture.gangnam] == 2)
            #expect(counts[fixture.yeoksam] == 1)
            #expect(counts[fixture.mapo] == 1)
            #expect(counts[fixture.busan] == 1)
            #expect(counts[fixture.taveuni] == 2)
            let gangnam = try #require(try fixture.reads.location(fixture.gangnam))
            #expect(gangnam.parentID == fixture.seoul)
            #expect(gangnam.kind == .district)
            #expect(gangnam.name == "강남구")
            #expect(gangnam.nameEnglish == "Gangnam-gu")
            #expect(try fixture.reads.location(LocationID(999)) == nil)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func listingBoundsOfALocationAndBelow(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            #expect(try fixture.reads.listingBounds(in: fixture.gangnam)
                    == BoundingBox(southWest: Coordinate(latitude: 37.50, longitude: 127.03),
                                   northEast: Coordinate(latitude: 37.52, longitude: 127.05)))
            let empty = try fixture.anyWriter.saveLocation(fixture.draft("jongno", "seoul", .district, "종로구", "Jongno-gu", 37.57, 126.98))
            #expect(try fixture.reads.listingBounds(in: empty) == nil)
        }
    }
}
