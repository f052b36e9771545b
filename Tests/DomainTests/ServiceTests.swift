import Foundation
import Testing
import TestSupport
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
        let busan = GreatCircle.distanceKm(Coordinate(latitude: 37.5665, longitude: 126.9780),
                                               Coordinate(latitude: 35.1796, longitude: 129.0756))
        #expect(busan > 320 && busan < 330)
        #expect(LocationService.driveMinutes(distanceKm: 40) == 83) // 40*1.3/40*60 + 5 = 83
    }

    /// A landmark counts the listings around it, which the regions there count too: the
    /// destinations lists show regions only, however many listings a landmark has near it.
    @Test func popularAndNearbyListRegionsNotLandmarks() throws {
        let withLandmark = FakeLocationRepository(repository.locations + [
            makeLocation(6, "경복궁", "Gyeongbokgung", count: 5_000, lat: 37.5796, lon: 126.9770, kind: .landmark),
        ])
        let service = LocationService(repository: withLandmark)
        #expect(try service.popular(limit: 10).map(\.id.rawValue) == [1, 4, 2, 3])
        let near = try service.nearby(coordinate: Coordinate(latitude: 37.5796, longitude: 126.9770), limit: 2)
        #expect(near.map(\.location.name) == ["서울", "강남구"])
        #expect(try service.autocomplete(query: "경복", limit: 5).map(\.location.name) == ["경복궁"])
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

/// Autocomplete over places with parents, duplicate names and official names, as a Korean
/// keyboard and a traveller type them.
@Suite struct AutocompleteTests {
    static func place(_ id: Int64, _ parent: Int64?, _ name: String, _ english: String, _ fullName: String,
                      count: Int, kind: LocationKind = .district) -> Location {
        Location(id: LocationID(id), parentID: parent.map { LocationID($0) }, kind: kind, name: name, nameEnglish: english,
                 fullName: fullName, fullNameEnglish: english, coordinate: Coordinate(latitude: 37, longitude: 127),
                 imageURL: nil, listingCount: count)
    }
    let service = LocationService(repository: FakeLocationRepository([
        place(1, nil, "서울", "Seoul", "서울특별시", count: 900, kind: .city),
        place(2, 1, "강남구", "Gangnam-gu", "서울특별시 강남구", count: 300),
        place(3, 2, "강남역", "Gangnam Station", "서울특별시 강남구 강남역", count: 100, kind: .neighbourhood),
        place(4, 1, "중구", "Jung-gu", "서울특별시 중구", count: 250),
        place(5, 4, "명동", "Myeong-dong", "서울특별시 중구 명동", count: 150, kind: .neighbourhood),
        place(6, 1, "성동구", "Seongdong-gu", "서울특별시 성동구", count: 20),
        place(7, 6, "성수동", "Seongsu-dong", "서울특별시 성동구 성수동", count: 15, kind: .neighbourhood),
        place(10, nil, "부산", "Busan", "부산광역시", count: 400, kind: .city),
        place(11, 10, "중구", "Jung-gu", "부산광역시 중구", count: 40),
        place(12, 10, "해운대구", "Haeundae-gu", "부산광역시 해운대구", count: 200),
        place(13, 12, "해운대해수욕장", "Haeundae Beach", "부산광역시 해운대구 해운대해수욕장", count: 120, kind: .neighbourhood),
        place(14, 10, "강서구", "Gangseo-gu", "부산광역시 강서구", count: 5),
        place(20, nil, "제주", "Jeju", "제주특별자치도", count: 500, kind: .city),
        place(21, 20, "제주시", "Jeju-si", "제주특별자치도 제주시", count: 300),
        place(30, nil, "강릉", "Gangneung", "강원특별자치도 강릉시", count: 80, kind: .city),
        place(31, 30, "주문진", "Jumunjin", "강원특별자치도 강릉시 주문진", count: 10),
        place(40, nil, "수원", "Suwon", "경기도 수원시", count: 60, kind: .city),
        place(41, 40, "행궁동", "Haenggung-dong", "경기도 수원시 팔달구 행궁동", count: 12, kind: .neighbourhood),
    ]))

    func names(_ query: String, limit: Int = 20) throws -> [String] {
        try service.autocomplete(query: query, limit: limit).map(\.location.name)
    }
    func ids(_ query: String, limit: Int = 20) throws -> [Int64] {
        try service.autocomplete(query: query, limit: limit).map(\.location.id.rawValue)
    }

    @Test func theLastSyllableMayStillBeComposing() throws {
        #expect(try names("성").contains("서울"))
        #expect(try names("행").starts(with: ["행궁동", "해운대구", "해운대해수욕장"]))   // literal first
        #expect(try names("서").contains("성수동"))
        #expect(try names("강남ㄱ") == ["강남구"])
        #expect(try names("강남구") == ["강남구"])
        // 서울 is typed ...성, 서우, 서울. The best literal match stays first; a composing
        // match of a place with at least ten times the listings of a later literal match
        // moves before it: 서울 (900) before 성수동 (15), not before 성동구.
        #expect(try names("성") == ["성동구", "서울", "성수동"])
        // 행궁동 is the only literal match for 행: it stays first, the composing ones follow.
        #expect(try names("행").first == "행궁동")
    }

    @Test func popularComposingMatchesMoveUpAmongLiteralOnes() {
        func order(_ hits: [(Bool, Int)]) -> [Int] {
            LocationService.promotingPopularComposingMatches(hits.map { (isLiteral: $0.0, listingCount: $0.1) })
        }
        // Literal 50, 20, 4, 0; composing 300, 100, 30.
        let hits = [(true, 50), (true, 20), (true, 4), (true, 0), (false, 300), (false, 100), (false, 30)]
        // 300 >= 10 x 20: before the second; 100 >= 10 x 4: before the third; 30 only before
        // the place without listings (counted as one).
        #expect(order(hits) == [0, 4, 1, 5, 2, 6, 3])
        #expect(order([(true, 0), (false, 1000)]) == [0, 1])   // the first literal match stays first
        #expect(order([(false, 5), (false, 500)]) == [0, 1])   // no literal match: order unchanged
        #expect(order([(true, 10), (true, 10), (false, 99)]) == [0, 1, 2])
    }

    @Test func theFirstPositionsAloneAreTheFullOrdersFirst() {
        // Autocomplete asks only for `limit` positions; computed alone they must be the
        // full order's first ones, for every limit (0 included) and mix of matches.
        var random = TestRandom(seed: 20261129)
        for _ in 0..<2_000 {
            let literal = Int(random.next() % 8), composing = Int(random.next() % 8)
            let counts = [0, 1, 3, 10, 30, 100, 1000]
            var hits: [(isLiteral: Bool, listingCount: Int)] = []
            for index in 0..<literal + composing {
                let count = counts[Int(random.next() % UInt64(counts.count))]
                hits.append((isLiteral: index < literal, listingCount: count))
            }
            let full = LocationService.promotingPopularComposingMatches(hits)
            for limit in 0...hits.count + 1 {
                #expect(LocationService.promotingPopularComposingMatches(hits, limit: limit) == Array(full.prefix(limit)),
                        "\(hits) limit \(limit)")
            }
        }
    }

    @Test func literalThenClassThenCount() throws {
        // 주문진 (prefix) and 제주 (contains) match as typed; 중구 needs 주 to become 중.
        #expect(try names("주") == ["주문진", "제주", "제주시", "중구", "중구"])
        #expect(try ids("주").suffix(2) == [4, 11])   // Seoul's 중구 has more listings
        // 초성: class then count.
        #expect(try names("ㅈㅈ") == ["제주", "제주시"])
        #expect(try names("ㅅㅇ") == ["서울", "수원", "해운대해수욕장"])   // exact, exact, contains
    }

    @Test func officialAndCommonForms() throws {
        #expect(try names("서울특별시").first == "서울")
        #expect(try names("서울특별").first == "서울")   // on the way to 서울특별시
        #expect(try names("서울시").first == "서울")
        #expect(try names("부산광역시").first == "부산")
        #expect(try names("제주도").first == "제주")
        #expect(try names("제주특별자치도").first == "제주")
        // The district named so comes before the city with the suffix left out.
        #expect(try names("제주시") == ["제주시", "제주"])
        #expect(try names("부산광역시 해운대구").first == "해운대구")
        #expect(try names("경기도 수원시") == ["수원"])
    }

    @Test func wordsNarrowByParent() throws {
        #expect(try names("서울 강남") == ["강남구", "강남역"])
        #expect(try ids("부산 중구") == [11])
        #expect(try ids("서울시 중구") == [4])
        #expect(try ids("seoul jung") == [4])
        #expect(try names("서울 명동") == ["명동"])    // a grandparent counts
        #expect(try names("부산 명동").isEmpty)
        #expect(try names("서 울") == ["서울"])       // one word with a space still matches
    }

    @Test func romanisation() throws {
        #expect(try names("myeongdong") == ["명동"])
        #expect(try names("Myeong-dong") == ["명동"])
        #expect(try names("haeundae") == ["해운대구", "해운대해수욕장"])
        #expect(try names("HAEUNDAE") == ["해운대구", "해운대해수욕장"])
    }

    @Test func duplicateNamesByCountWithTheirFullNames() throws {
        let both = try service.autocomplete(query: "중구", limit: 10)
        #expect(both.map(\.location.fullName) == ["서울특별시 중구", "부산광역시 중구"])
        #expect(both.allSatisfy { $0.rank == .exact && $0.isLiteral })
    }
}
