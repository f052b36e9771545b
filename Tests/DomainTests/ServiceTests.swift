import Foundation
import Testing
@testable import Domain

@Suite struct LocationServiceTests {
    let repository = FakeLocationRepository([
        makeLocation(1, "서울", "Seoul", count: 900, lat: 37.5665, lon: 126.9780, kind: .city),
        makeLocation(2, "강남구", "Gangnam-gu", count: 300, lat: 37.5172, lon: 127.0473),
        makeLocation(3, "수원", "Suwon", count: 50, lat: 37.2636, lon: 127.0286, kind: .city),
        makeLocation(4, "부산", "Busan", count: 400, lat: 35.1796, lon: 129.0756, kind: .city),
        makeLocation(5, "강서구", "Gangseo-gu", count: 0, lat: 37.5509, lon: 126.8495),
    ])

    @Test func autocompleteRanksThenCounts() throws {
        let service = LocationService(repository: repository)
        #expect(try service.autocomplete(query: "ㅅㅇ", limit: 10).map(\.location.name) == ["서울", "수원"])
        #expect(try service.autocomplete(query: "ㄱ", limit: 10).map(\.location.name) == ["강남구", "강서구"])
        #expect(try service.autocomplete(query: "gang", limit: 1).map(\.location.name) == ["강남구"])
        #expect(try service.autocomplete(query: "", limit: 10).isEmpty)
        // Prefix matches (Seoul, Suwon) beat contains matches with more listings (Busan).
        #expect(try service.autocomplete(query: "s", limit: 10).map(\.location.name) == ["서울", "수원", "부산", "강서구"])
    }

    @Test func cachesTheLocationList() throws {
        let service = LocationService(repository: repository, cacheLifetime: .seconds(60))
        _ = try service.autocomplete(query: "서", limit: 5)
        _ = try service.popular(limit: 5)
        #expect(repository.loads == 1)
        let uncached = LocationService(repository: repository, cacheLifetime: .zero)
        _ = try uncached.popular(limit: 5)
        _ = try uncached.popular(limit: 5)
        #expect(repository.loads == 3)
    }

    @Test func popularSkipsEmptyLocations() throws {
        let service = LocationService(repository: repository)
        #expect(try service.popular(limit: 10).map(\.id.rawValue) == [1, 4, 2, 3])
    }

    @Test func nearbyWithDistanceAndDrive() throws {
        let service = LocationService(repository: repository)
        let near = try service.nearby(coordinate: Coordinate(latitude: 37.5665, longitude: 126.9780), limit: 3)
        #expect(near.map(\.location.name) == ["서울", "강남구", "수원"])
        #expect(near[0].distanceKm == 0 && near[0].driveMinutes == 5)
        #expect(near[1].distanceKm > 8 && near[1].distanceKm < 10) // ~8.9 km
        // Seoul to Busan is ~325 km in a straight line.
        let busan = LocationService.distanceKm(Coordinate(latitude: 37.5665, longitude: 126.9780),
                                               Coordinate(latitude: 35.1796, longitude: 129.0756))
        #expect(busan > 320 && busan < 330)
        #expect(LocationService.driveMinutes(distanceKm: 40) == 83) // 40*1.3/40*60 + 5 = 83
    }

    @Test func locationDetail() throws {
        let service = LocationService(repository: repository)
        #expect(try service.location(id: LocationID(1)).bounds != nil)
        #expect(throws: StaysError.locationNotFound(LocationID(99))) { try service.location(id: LocationID(99)) }
    }
}

@Suite struct ListingServiceTests {
    let today = date("2026-09-01")
    let listing = makeListing(id: 7, pricing: PricingRules(basePrice: 82_953, weekendPrice: 99_000, extraGuestFee: 10_000,
                                                            guestsIncluded: 2, cleaningFee: 25_000,
                                                            weeklyDiscountBasisPoints: 800, monthlyDiscountBasisPoints: 1500),
                              maxGuests: 4, minNights: 2)
    var repository: FakeListingRepository {
        FakeListingRepository(listings: [listing], entries: [ListingID(7): [
            CalendarEntry(date: date("2026-09-10"), status: .booked),
            CalendarEntry(date: date("2026-09-20"), price: 120_000),
        ]])
    }
    var service: ListingService { ListingService(listings: repository, dateProvider: FixedDateProvider(today)) }

    @Test func searchTotalsEqualQuoteTotals() throws {
        for (checkin, checkout, adults) in [("2026-09-14", "2026-09-22", 3), ("2026-09-02", "2026-09-04", 1),
                                            ("2026-09-11", "2026-10-15", 4)] {
            let s = stay(checkin, checkout)
            let guests = GuestCount(adults: adults)
            let result = try service.search(ListingSearch(filter: ListingFilter(stay: s, guests: guests)))
            let quote = try service.quote(listingID: ListingID(7), stay: s, guests: guests, language: .ko)
            #expect(result.items.first?.totalPrice == quote.total)
            #expect(result.items.first?.accommodationTotal == quote.lineItems[0].amount)
        }
        let noStay = try service.search(ListingSearch(filter: ListingFilter()))
        #expect(noStay.items.first?.totalPrice == nil)
    }

    @Test func quoteFailures() throws {
        #expect(throws: StaysError.listingNotFound(ListingID(8))) {
            try service.quote(listingID: ListingID(8), stay: stay("2026-09-02", "2026-09-04"), guests: GuestCount(), language: .ko)
        }
        #expect(throws: StaysError.unavailableDates([date("2026-09-10")])) {
            try service.quote(listingID: ListingID(7), stay: stay("2026-09-08", "2026-09-12"), guests: GuestCount(), language: .ko)
        }
        #expect(throws: StaysError.stayRuleViolated(.minNights(required: 2))) {
            try service.quote(listingID: ListingID(7), stay: stay("2026-09-02", "2026-09-03"), guests: GuestCount(), language: .ko)
        }
        #expect(throws: StaysError.stayRuleViolated(.capacity(maxGuests: 4))) {
            try service.quote(listingID: ListingID(7), stay: stay("2026-09-02", "2026-09-04"), guests: GuestCount(adults: 5), language: .ko)
        }
        #expect(throws: StaysError.invalidParameter("checkin", "must not be before today (2026-09-01)")) {
            try service.quote(listingID: ListingID(7), stay: stay("2026-08-30", "2026-09-04"), guests: GuestCount(), language: .ko)
        }
    }

    @Test func quoteContents() throws {
        let q = try service.quote(listingID: ListingID(7), stay: stay("2026-09-18", "2026-09-21"), guests: GuestCount(), language: .en)
        // Fri 99,000, Sat 99,000, Sun override 120,000
        #expect(q.nightlyPrices.map(\.price) == [99_000, 99_000, 120_000])
        #expect(q.averageNightlyPrice == 106_000)
        #expect(q.lineItems.map(\.label) == ["₩106,000 x 3 nights", "Cleaning fee", "Service fee", "Taxes"])
        #expect(q.total == q.lineItems.reduce(0) { $0 + $1.amount })
        #expect(try service.listing(id: ListingID(7)).id == ListingID(7))
    }
}

@Suite struct CalendarAndHistogramServiceTests {
    @Test func calendarWithAndWithoutListing() throws {
        let listing = makeListing(id: 3, timeZone: "America/New_York")
        let repository = FakeListingRepository(listings: [listing], entries: [ListingID(3): [
            CalendarEntry(date: date("2026-11-20"), status: .booked)]])
        let service = CalendarService(listings: repository, dateProvider: FixedDateProvider(date("2026-11-05")))
        let plain = try service.calendar(listingID: nil, start: nil, months: 2, firstWeekday: .monday, checkin: nil,
                                         guests: GuestCount(), language: .ko)
        #expect(plain.timeZone == "Asia/Seoul")
        #expect(plain.months.map(\.title) == ["2026년 11월", "2026년 12월"])
        #expect(plain.weekdayNames.first == "월")
        #expect(plain.months[0].days[0].booking == nil)
        let withListing = try service.calendar(listingID: ListingID(3), start: YearMonth(year: 2026, month: 11), months: 1,
                                               firstWeekday: .sunday, checkin: nil, guests: GuestCount(), language: .en)
        #expect(withListing.timeZone == "America/New_York")
        #expect(withListing.months[0].days[19].booking?.unavailableReason == .booked)
        #expect(withListing.months[0].days[4].booking?.checkinAllowed == true)
        #expect(throws: StaysError.listingNotFound(ListingID(4))) {
            try service.calendar(listingID: ListingID(4), start: nil, months: 1, firstWeekday: .sunday, checkin: nil,
                                 guests: GuestCount(), language: .ko)
        }
        #expect(throws: StaysError.invalidParameter("months", "must be between 1 and 24")) {
            try service.calendar(listingID: nil, start: nil, months: 25, firstWeekday: .sunday, checkin: nil,
                                 guests: GuestCount(), language: .ko)
        }
    }

    @Test func histogramService() throws {
        let service = HistogramService(listings: FakeListingRepository(listings: [], prices: [30, 10, 20]))
        let h = try service.histogram(filter: ListingFilter(minPrice: 15), bins: 2)
        #expect(h.count == 3 && h.countInRange == 2 && h.median == 20)
        #expect(throws: StaysError.invalidParameter("bins", "must be between 1 and 100")) {
            try service.histogram(filter: ListingFilter(), bins: 0)
        }
    }

    @Test func clocks() {
        #expect(FixedDateProvider(date("2026-01-01")).today(in: "Asia/Seoul") == date("2026-01-01"))
        let system = SystemDateProvider()
        let seoul = system.today(in: "Asia/Seoul")
        let utc = system.today(in: "UTC")
        #expect(abs(utc.days(until: seoul)) <= 1)
        #expect(abs(utc.days(until: system.today(in: "Not/AZone"))) <= 1) // treated as UTC; <= 1 tolerates midnight
        #expect(system.today(in: "Pacific/Kiritimati").days(until: system.today(in: "Pacific/Pago_Pago")) <= -1)
        // The same date as Foundation's calendar gives, in zones with DST and odd offsets.
        for zone in ["Asia/Seoul", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu",
                     "Pacific/Chatham", "America/St_Johns", "UTC"] {
            func foundationToday() -> CalendarDate {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: zone)!
                let parts = calendar.dateComponents([.year, .month, .day], from: Date())
                return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)!
            }
            let before = foundationToday()
            let today = system.today(in: zone)
            let after = foundationToday()   // the same unless local midnight passed meanwhile
            #expect(today == before || today == after, "\(zone)")
        }
    }
}
