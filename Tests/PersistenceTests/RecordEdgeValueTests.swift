import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// Each engine's reads give back exactly the edge values written (on PostgreSQL the request
    /// path reads binary results, SQLite its own values): integer bounds each column allows,
    /// zero, negative coordinates and dates before 1970, NULLs, empty and Korean text, and
    /// calendar days at month and year ends and on leap days.
    @Suite struct RecordEdgeValueTests {
        static let id = ListingID(Int64.max)

        static func edgeListing(location: LocationID) -> Listing {
            Listing(id: id, locationID: location, title: "", description: "설명 \"따옴표\"\n",
                    roomType: .hotelRoom, coordinate: Coordinate(latitude: -90, longitude: -179.99999999999997),
                    timeZone: "Pacific/Kiritimati", currency: .krw, photoURLs: ["https://example.com/사진.jpg"],
                    amenities: [], host: Host(name: "호스트", isSuperhost: true, since: date("1960-02-29")),
                    maxGuests: Int(Int32.max), bedrooms: nil, beds: 0, bathrooms: nil, rating: 0,
                    reviewCount: 0,
                    pricing: PricingRules(basePrice: Int64.max, weekendPrice: 1, extraGuestFee: 0,
                                          guestsIncluded: Int(Int32.max), cleaningFee: Int64.max,
                                          weeklyDiscountBasisPoints: 10_000, monthlyDiscountBasisPoints: 0),
                    minNights: 1, maxNights: Int(Int32.max), houseRules: [], availableUntil: date("2028-02-29"),
                    recommendationScore: Int.min, cancellationPolicy: .strict)
        }

        static let entries = [
            CalendarEntry(date: date("1969-12-31"), price: 1),
            CalendarEntry(date: date("2027-01-31"), status: .blocked),
            CalendarEntry(date: date("2027-02-28"), price: Int64.max, minNights: Int(Int32.max), maxNights: Int(Int32.max)),
            CalendarEntry(date: date("2027-12-31"), status: .booked, closedToArrival: true, closedToDeparture: true),
            CalendarEntry(date: date("2028-01-01"), minNights: 1, maxNights: 1),
            CalendarEntry(date: date("2028-02-29"), price: 999, closedToDeparture: true),
            CalendarEntry(date: date("2028-03-01"), closedToArrival: true),
        ]

        @Test(arguments: CatalogFixture.Engine.available)
        func edgeValuesRoundTrip(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let listing = Self.edgeListing(location: fixture.busan)
            try fixture.anyWriter.transaction {
                try fixture.anyWriter.saveListing(listing)
                try fixture.anyWriter.replaceCalendar(of: Self.id, with: Self.entries)
            }
            #expect(try fixture.reads.listing(Self.id) == listing)

            var summary = listing
            summary.description = ""
            let all = date("1969-01-01")..<date("2029-01-01")
            #expect(try fixture.reads.listingSummariesByID([Self.id, ListingID(1)])[Self.id] == summary)
            #expect(try fixture.reads.calendarEntries(of: Self.id, in: all) == Self.entries)
            let fixed = try #require(try fixture.reads.listingAndCalendar(Self.id, calendarIn: all))
            #expect(fixed.listing == summary && fixed.entries == Self.entries)
            let viaClosure = try #require(try fixture.reads.listingAndCalendar(Self.id, calendarIn: { _ in all }))
            #expect(viaClosure.listing == summary && viaClosure.entries == Self.entries)

            // A range's ends: the leap day and the day after it, the year's turn alone.
            let leap = try #require(try fixture.reads.listingAndCalendar(Self.id, calendarIn: date("2028-02-29")..<date("2028-03-02")))
            #expect(leap.entries.map(\.date) == [date("2028-02-29"), date("2028-03-01")])
            let turn = try #require(try fixture.reads.listingAndCalendar(Self.id, calendarIn: date("2027-12-31")..<date("2028-01-01")))
            #expect(turn.listing == summary && turn.entries == [Self.entries[3]])
            let none = try #require(try fixture.reads.listingAndCalendar(Self.id, calendarIn: date("2030-01-01")..<date("2030-02-01")))
            #expect(none.listing == summary && none.entries.isEmpty)
        }
    }
}
