import Foundation
import TestSupport
import Testing
import Domain
import Storage
@testable import Persistence
@testable import SearchIndex

/// The index must answer every search exactly as the SQL does: same pages (listings,
/// totals, nightly prices), totals, bounds and cursors, and the same histogram prices.
@Suite struct SearchIndexEquivalenceTests {
    /// `farRows`: some calendars also have rows years away, so the calendar spans more than
    /// the index's bitset window and the rows outside it take the sorted-slice path.
    @Test(arguments: [false, true])
    func randomSearchesMatchTheSQLExactly(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0xFA2 : 0x5EED_2026, listingCount: 300, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        // With far rows the calendar is wider than the window: some rows are outside it.
        #expect(indexed.index.outsideBlockedDays.isEmpty != farRows)
        #expect(!indexed.index.exceptionalTerms.isEmpty)  // some listings take the wide path
        #expect(indexed.index.listingCount == catalog.listingIDs.count && catalog.listingIDs.count > 280)
        var random = TestRandom(seed: 42)
        var failures = 0
        var pagesCompared = 0
        var nonEmpty = 0
        for round in 0..<(farRows ? 250 : 500) where failures < 5 {
            var filter = catalog.randomFilter(&random)
            filter.minRating = catalog.randomMinRating(&random)
            let sqlPrices = try catalog.catalog.nightlyPrices(matching: filter).sorted()
            let indexPrices = try #require(indexed.index.nightlyPrices(matching: filter), "fell back to SQL: \(filter)").sorted()
            if sqlPrices != indexPrices {
                failures += 1
                Issue.record("round \(round) nightlyPrices differ for \(filter): \(sqlPrices) vs \(indexPrices)")
            }
            if !sqlPrices.isEmpty { nonEmpty += 1 }
            // Nearest first only around a point (`ListingService` refuses it elsewhere).
            for sort in ListingSort.allCases where sort != .distance || filter.area.centre != nil {
                let limit = [1, 2, 3, 5, 8, 13, 40][random.next(below: 7)]
                // A cursor of any value, not only one the server issued: fractional and
                // tied keys exercise the exact integer/real comparison.
                var cursor: ListingCursor? = random.next(below: 5) == 0 ? catalog.randomCursor(&random, sort: sort) : nil
                var pageCount = 0
                repeat {
                    let search = ListingSearch(filter: filter, sort: sort, limit: limit, after: cursor)
                    let expected = try catalog.catalog.searchListings(search)
                    #expect(indexed.index.search(search) != nil, "fell back to SQL: \(search)")
                    let actual = try indexed.searchListings(search)
                    pagesCompared += 1
                    if actual != expected {
                        failures += 1
                        Issue.record("""
                            round \(round) page \(pageCount) differs for \(search)
                              sql:   \(Self.summary(expected))
                              index: \(Self.summary(actual))
                            """)
                        break
                    }
                    cursor = expected.nextCursor
                    pageCount += 1
                } while cursor != nil
            }
        }
        // The random filters must actually find things, or the comparison proves little.
        #expect(nonEmpty > (farRows ? 100 : 200), "only \(nonEmpty) filters matched anything")
        #expect(pagesCompared > (farRows ? 1500 : 3000))
    }

    /// The map's points: the index gives the same (id, coordinate, nightly price) set as the
    /// SQL, price bounds applied, and as many as the search's total.
    @Test(arguments: [false, true])
    func randomMapPointsMatchTheSQLExactly(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0xFA3 : 0x3A9_2026, listingCount: 300, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        var random = TestRandom(seed: 16)
        var nonEmpty = 0
        var failures = 0
        for round in 0..<400 where failures < 5 {
            var filter = catalog.randomFilter(&random)
            filter.minRating = catalog.randomMinRating(&random)
            let order: (ListingMapPoint, ListingMapPoint) -> Bool = { $0.id < $1.id }
            let sql = try catalog.catalog.mapPoints(matching: filter).sorted(by: order)
            let index = try #require(indexed.index.mapPoints(matching: filter), "fell back to SQL: \(filter)").sorted(by: order)
            if sql != index {
                failures += 1
                Issue.record("round \(round) map points differ for \(filter): \(sql.count) vs \(index.count)")
            }
            let total = try catalog.catalog.searchListings(ListingSearch(filter: filter, limit: 1)).total
            #expect(sql.count == total, "round \(round)")
            #expect(Set(sql.map(\.id)).count == sql.count)
            if !sql.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 150, "only \(nonEmpty) filters matched anything")
    }

    /// The builder lays every location's listings out as one run of slots, which the scan
    /// takes as a range; a location whose slots are not one run takes the general path. Both
    /// must find the same listings.
    @Test func aLocationScannedAsASetOfSlotsMatchesItsRun() throws {
        let catalog = try RandomCatalog(seed: 0x51075, listingCount: 300)
        let index = try IndexedCatalog(catalog: catalog.catalog).index
        var random = TestRandom(seed: 11)
        var compared = 0
        for round in 0..<200 {
            var filter = catalog.randomFilter(&random)
            let location = catalog.locations[round % catalog.locations.count]
            filter.area = .location(location)
            var query = try #require(SearchIndexQuery(filter: filter, index: index))
            guard case .slots(let run) = query.candidates else {
                Issue.record("location \(location) is not one run of slots")
                continue
            }
            let positions = try #require(index.locationRanges[location.rawValue])
            #expect(positions.count == run.count)
            let expected = try #require(index.nightlyPrices(query)).sorted()
            query.candidates = .members(Array(index.locationSlots[positions]))
            #expect(try #require(index.nightlyPrices(query)).sorted() == expected, "\(filter)")
            if !expected.isEmpty { compared += 1 }
        }
        #expect(compared > 100)
    }

    /// Boxes no map sends, which the index's latitude strips must still answer as SQL does:
    /// the whole world, infinite and NaN edges, an inverted box, a box on a strip's edge.
    @Test func oddBoxesMatchTheSQL() throws {
        let catalog = try RandomCatalog(seed: 0xB0C5, listingCount: 200)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        func box(_ south: Double, _ west: Double, _ north: Double, _ east: Double) -> SearchArea {
            .boundingBox(BoundingBox(southWest: Coordinate(latitude: south, longitude: west),
                                     northEast: Coordinate(latitude: north, longitude: east)))
        }
        let areas: [SearchArea] = [
            box(-90, -180, 90, 180), box(-.infinity, -.infinity, .infinity, .infinity),
            box(.nan, 126, 38, 127), box(37, .nan, 38, 127), box(37, 126, 38, .nan),
            box(38, 126, 37, 127), box(35.15, 129.0, 35.15, 129.1), box(37.5, 126.9, 37.51, 127.1),
            box(-17, 179, -16, -179), box(-17, 179.95, -16, 179.9), box(-.infinity, 170, .infinity, -170),
        ]
        var found = 0
        for area in areas {
            let filter = ListingFilter(area: area)
            let expected = try catalog.catalog.nightlyPrices(matching: filter).sorted()
            #expect(try #require(indexed.index.nightlyPrices(matching: filter)).sorted() == expected, "\(area)")
            let search = ListingSearch(filter: filter, limit: 5)
            #expect(try indexed.searchListings(search) == catalog.catalog.searchListings(search), "\(area)")
            found += expected.count
        }
        #expect(found > 300)
    }

    @Test func aLimitOfZeroAndAnUnknownLocation() throws {
        let catalog = try RandomCatalog(seed: 7, listingCount: 40)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        for search in [
            ListingSearch(filter: ListingFilter(), limit: 0),
            ListingSearch(filter: ListingFilter(), limit: -3),
            ListingSearch(filter: ListingFilter(area: .location(LocationID(999_999)))),
            ListingSearch(filter: ListingFilter(minPrice: 10, maxPrice: 5)),
            ListingSearch(filter: ListingFilter(), sort: .priceAscending, after: ListingCursor(sortKey: .nan, id: ListingID(1))),
            ListingSearch(filter: ListingFilter(), sort: .recommended, after: ListingCursor(sortKey: .infinity, id: ListingID(1))),
            ListingSearch(filter: ListingFilter(), sort: .recommended, after: ListingCursor(sortKey: -.infinity, id: ListingID(1))),
        ] {
            #expect(try indexed.searchListings(search) == catalog.catalog.searchListings(search), "\(search)")
        }
    }

    @Test func anEmptyCatalog() throws {
        let catalog = try RandomCatalog(seed: 1, listingCount: 0)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        #expect(indexed.index.listingCount == 0)
        let filter = ListingFilter(stay: Stay(checkin: CalendarDate(year: 2028, month: 2, day: 28)!,
                                              checkout: CalendarDate(year: 2028, month: 3, day: 2)!))
        let page = try indexed.searchListings(ListingSearch(filter: filter))
        #expect(page == ListingPage(matches: [], total: 0, bounds: nil, nextCursor: nil))
        #expect(try indexed.nightlyPrices(matching: filter) == [])
    }

    @Test func exactIntegerRealComparison() {
        let compare = SearchIndexOrders.compare
        #expect(compare(5, 5.0) == 0)
        #expect(compare(5, 5.5) == -1)
        #expect(compare(6, 5.5) == 1)
        #expect(compare(-5, -5.5) == 1)
        #expect(compare(-6, -5.5) == -1)
        // 2^53 + 1 is not a Double: rounding the integer would call these equal.
        #expect(compare(9_007_199_254_740_993, 9_007_199_254_740_992.0) == 1)
        #expect(compare(.max, 9_223_372_036_854_775_808.0) == -1)
        #expect(compare(.min, -9_223_372_036_854_775_808.0) == 0)
        #expect(compare(.min, -.infinity) == 1)
        #expect(compare(.max, .infinity) == -1)
    }

    private static func summary(_ page: ListingPage) -> String {
        let items = page.matches.map { "\($0.listing.id)@\($0.nightlyPrice)/\($0.accommodationTotal.map(String.init) ?? "-")" }
        return "\(items) total \(page.total) bounds \(String(describing: page.bounds)) next \(String(describing: page.nextCursor))"
    }
}

/// A catalog on a temporary file, filled with random but reproducible listings and
/// calendars: Seoul and Busan (districts and neighbourhoods below them) and Taveuni on the
/// antimeridian; prices with weekend prices and extra-guest fees; calendars with booked
/// and blocked runs, price overrides (also on booked days), min/max-nights overrides,
/// closed-to-arrival/departure days, around the 2027/2028 year end and 2028-02-29.
final class RandomCatalog {
    let directory: URL
    let pool: DatabasePool
    let catalog: SQLiteCatalog
    let writer: SQLiteCatalogWriter
    private(set) var locations: [LocationID] = []
    private(set) var listingIDs: [Int64] = []
    /// The calendar window: 2027-10-01 ... 2028-04-30.
    static let firstDay = CalendarDate(year: 2027, month: 10, day: 1)!.daysSinceEpoch
    static let lastDay = CalendarDate(year: 2028, month: 4, day: 30)!.daysSinceEpoch

    private struct Region {
        let key: String
        let latitude: Double
        let longitude: Double
    }
    private static let cities = [
        Region(key: "seoul", latitude: 37.55, longitude: 126.98),
        Region(key: "busan", latitude: 35.15, longitude: 129.05),
        Region(key: "taveuni", latitude: -16.85, longitude: 179.9),
    ]

    /// Days years away from the window above, for `farRows` catalogs: around 2031-06-01.
    static let farDay = CalendarDate(year: 2031, month: 6, day: 1)!.daysSinceEpoch
    let farRows: Bool

    init(seed: UInt64, listingCount: Int, farRows: Bool = false) throws {
        self.farRows = farRows
        directory = FileManager.default.temporaryDirectory.appending(path: "stays-search-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        pool = try openCatalogDatabase(path: directory.appending(path: "catalog.sqlite").path)
        catalog = SQLiteCatalog(pool: pool)
        writer = SQLiteCatalogWriter(pool: pool)
        var random = TestRandom(seed: seed)
        var centers: [LocationID: (Double, Double)] = [:]
        try writer.transaction {
            for city in Self.cities {
                let cityID = try writer.saveLocation(Self.draft(city.key, nil, .city, city.latitude, city.longitude))
                locations.append(cityID)
                centers[cityID] = (city.latitude, city.longitude)
                for district in 0..<3 {
                    let key = "\(city.key)-d\(district)"
                    let lat = city.latitude + Double(district - 1) * 0.05
                    let lng = city.longitude + Double(district - 1) * 0.05
                    let districtID = try writer.saveLocation(Self.draft(key, city.key, .district, lat, lng))
                    locations.append(districtID)
                    centers[districtID] = (lat, lng)
                    for neighbourhood in 0..<2 {
                        let nlat = lat + Double(neighbourhood) * 0.01
                        let id = try writer.saveLocation(Self.draft("\(key)-n\(neighbourhood)", key, .neighbourhood, nlat, lng))
                        locations.append(id)
                        centers[id] = (nlat, lng)
                    }
                }
            }
            var usedIDs = Set<Int64>()
            for _ in 0..<listingCount {
                var id = Int64(random.next(in: 1...5_000))
                if random.chance(3) { id = 9_007_199_254_740_993 + Int64(random.next(below: 100)) }  // > 2^53
                guard usedIDs.insert(id).inserted else { continue }
                let location = locations[random.next(below: locations.count)]
                let (lat, lng) = centers[location]!
                var longitude = lng + (random.unit() - 0.5) * 0.3
                if longitude > 180 { longitude -= 360 }  // Taveuni straddles the antimeridian
                let listing = Self.randomListing(id: id, location: location, latitude: lat + (random.unit() - 0.5) * 0.1,
                                                 longitude: longitude, &random)
                try writer.saveListing(listing)
                var calendar = Self.randomCalendar(&random, from: Self.firstDay, through: Self.lastDay)
                if farRows && random.chance(30) {
                    calendar += Self.randomCalendar(&random, from: Self.farDay - 30, through: Self.farDay + 30)
                }
                try writer.replaceCalendar(of: listing.id, with: calendar)
                listingIDs.append(id)
            }
        }
        try writer.refreshLocationStatistics()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    private static func draft(_ key: String, _ parent: String?, _ kind: LocationKind, _ lat: Double, _ lng: Double) -> LocationDraft {
        LocationDraft(externalKey: key, parentKey: parent, kind: kind, name: key, nameEnglish: key, fullName: key,
                      fullNameEnglish: key, coordinate: Coordinate(latitude: lat, longitude: lng), imageURL: nil)
    }

    static func randomListing(id: Int64, location: LocationID, latitude: Double, longitude: Double,
                                      _ random: inout TestRandom) -> Listing {
        // Few distinct prices, scores and ratings, so that ties (broken by id) are common.
        let base = Int64(random.next(in: 1...30)) * 5_000 + (random.chance(20) ? Int64(random.next(below: 999)) : 0)
        let weekend: Int64? = random.chance(50) ? base + Int64(random.next(in: 0...6)) * 5_000 + 1 : nil
        let ratings: [Double?] = [nil, 3.0, 4.2, 4.5, 4.85, 5.0]
        let roomType = RoomType.allCases[random.next(below: 4)]
        var listing = CatalogFixture.listing(
            id, location, roomType, base: base, weekend: weekend, lat: latitude, lng: longitude,
            maxGuests: random.next(in: 1...8), rating: ratings[random.next(below: ratings.count)],
            score: random.next(in: 0...25),
            extraGuestFee: random.chance(40) ? Int64(random.next(in: 1...20)) * 1_000 : 0,
            guestsIncluded: random.next(in: 1...3), minNights: random.next(in: 1...3),
            availableUntil: random.chance(20) ? CalendarDate(daysSinceEpoch: random.next(in: firstDay...lastDay + 30)) : nil)
        listing.maxNights = [3, 7, 14, 30, 365][random.next(below: 5)]
        if listing.maxNights < listing.minNights { listing.maxNights = listing.minNights }
        // The rest of the stay terms (what a quote reads), from a stream of their own so
        // that the catalogs the searches above were tuned on stay the same.
        var terms = TestRandom(seed: UInt64(bitPattern: id) &* 0x9E37_79B9 &+ UInt64(base))
        let zones = [("Asia/Seoul", CurrencyCode.krw), ("Pacific/Fiji", CurrencyCode(rawValue: "FJD")),
                     ("America/New_York", CurrencyCode(rawValue: "USD")), ("Asia/Tokyo", CurrencyCode(rawValue: "JPY"))]
        (listing.timeZone, listing.currency) = zones[terms.chance(60) ? 0 : terms.next(below: zones.count)]
        listing.pricing.cleaningFee = terms.chance(30) ? 0 : Int64(terms.next(in: 1...80)) * 1_000 + Int64(terms.next(below: 7))
        listing.pricing.weeklyDiscountBasisPoints = terms.chance(50) ? 0 : terms.next(in: 1...3_000)
        listing.pricing.monthlyDiscountBasisPoints = terms.chance(50) ? 0 : [1, 2_500, 5_000, 9_999, 10_000][terms.next(below: 5)]
        listing.cancellationPolicy = CancellationPolicy.allCases[terms.next(below: CancellationPolicy.allCases.count)]
        // A few values too wide for the index's compact record or capacity byte: those
        // listings take the index's exact side path.
        switch random.next(below: 40) {
        case 0: listing.pricing.basePrice += 3_000_000_000
        case 1: listing.maxNights = 40_000
        case 2: listing.maxGuests = 300
        case 3: listing.pricing.guestsIncluded = 40_000
        case 4, 5: listing.maxGuests = random.next(in: 12...30)  // around the index's 16 capacity rows
        default: break
        }
        return listing
    }

    static func randomCalendar(_ random: inout TestRandom, from firstDay: Int, through lastDay: Int) -> [CalendarEntry] {
        var entries: [Int: CalendarEntry] = [:]
        func entry(_ day: Int) -> CalendarEntry {
            entries[day] ?? CalendarEntry(date: CalendarDate(daysSinceEpoch: day))
        }
        for _ in 0..<random.next(in: 0...8) {  // booked or blocked runs
            let start = random.next(in: firstDay...lastDay)
            let status: DayStatus = random.chance(70) ? .booked : .blocked
            for day in start..<min(start + random.next(in: 1...6), lastDay + 1) {
                var value = entry(day)
                value.status = status
                entries[day] = value
            }
        }
        for _ in 0..<random.next(in: 0...25) {  // price overrides, some on booked days
            let day = random.next(in: firstDay...lastDay)
            var value = entry(day)
            value.price = Int64(random.next(in: 1...60)) * 5_000 + Int64(random.next(below: 3))
            entries[day] = value
        }
        for _ in 0..<random.next(in: 0...6) {  // stay rules
            let day = random.next(in: firstDay...lastDay)
            var value = entry(day)
            switch random.next(below: 5) {
            case 0: value.closedToArrival = true
            case 1: value.closedToDeparture = true
            case 2: value.minNights = random.next(in: 2...5)
            case 3: value.maxNights = random.next(in: 1...10)
            default:
                value.minNights = random.next(in: 1...3)
                value.maxNights = random.next(in: 3...12)
                value.closedToDeparture = random.chance(50)
            }
            entries[day] = value
        }
        return entries.values.sorted { $0.date < $1.date }
    }

    func randomFilter(_ random: inout TestRandom) -> ListingFilter {
        var filter = ListingFilter()
        switch random.next(below: 7) {
        case 0:
            filter.area = .everywhere
        case 6:
            // Around a point (a landmark's search): a city, sometimes Taveuni, whose circles
            // cross the antimeridian.
            let city = Self.cities[random.chance(20) ? 2 : random.next(below: 2)]
            var longitude = city.longitude + (random.unit() - 0.5) * 0.2
            if longitude > 180 { longitude -= 360 }
            filter.area = .circle(SearchCircle(centre: Coordinate(latitude: city.latitude + (random.unit() - 0.5) * 0.1,
                                                                  longitude: longitude),
                                               radiusKm: [0.5, 1, 2, 3, 5, 10][random.next(below: 6)] * random.unit() + 0.1))
        case 1, 2:
            filter.area = .location(random.chance(5) ? LocationID(999_999) : locations[random.next(below: locations.count)])
        case 3:
            // Crossing the antimeridian around Taveuni.
            let south = -17.0 + random.unit() * 0.1, north = -16.8 + random.unit() * 0.1
            filter.area = .boundingBox(BoundingBox(southWest: Coordinate(latitude: south, longitude: 179.8 + random.unit() * 0.1),
                                                   northEast: Coordinate(latitude: north, longitude: -179.9 + random.unit() * 0.1)))
        default:
            let city = Self.cities[random.next(below: 2)]
            let south = city.latitude - random.unit() * 0.1, west = city.longitude - random.unit() * 0.1
            filter.area = .boundingBox(BoundingBox(southWest: Coordinate(latitude: south, longitude: west),
                                                   northEast: Coordinate(latitude: south + random.unit() * 0.15,
                                                                         longitude: west + random.unit() * 0.15)))
        }
        if random.chance(75) {
            let special = ["2027-12-31", "2027-12-30", "2028-02-29", "2028-02-28", "2027-11-30", "2028-01-31", "2027-10-01"]
            let checkin = farRows && random.chance(40)
                ? CalendarDate(daysSinceEpoch: random.next(in: Self.farDay - 35...Self.farDay + 35))
                : random.chance(25)
                ? CalendarDate(special[random.next(below: special.count)])!
                : CalendarDate(daysSinceEpoch: random.next(in: Self.firstDay - 5...Self.lastDay))
            let nights = random.chance(70) ? random.next(in: 1...7) : random.next(in: 1...40)
            filter.stay = Stay(checkin: checkin, checkout: checkin.adding(days: nights))
        }
        filter.guests = GuestCount(adults: random.chance(10) ? random.next(in: 12...24) : random.next(in: 1...5),
                                   children: random.chance(20) ? random.next(in: 1...2) : 0,
                                   infants: random.chance(10) ? 1 : 0)
        if random.chance(30) {
            filter.roomTypes = Set(RoomType.allCases.filter { _ in random.chance(50) })
        }
        if random.chance(30) { filter.minPrice = Int64(random.next(in: 0...30)) * 5_000 + Int64(random.next(below: 2)) }
        if random.chance(30) { filter.maxPrice = Int64(random.next(in: 4...60)) * 5_000 + Int64(random.next(below: 2)) }
        return filter
    }

    /// A `minRating` for a fifth of the filters (the ratings' own values among them, so
    /// bounds that equal a rating are common); nil otherwise.
    func randomMinRating(_ random: inout TestRandom) -> Double? {
        random.chance(20) ? [0, 3, 4.2, 4.5, 4.8, 5][random.next(below: 6)] : nil
    }

    /// A cursor somewhere in the sort's key range, sometimes on an exact key, sometimes between.
    func randomCursor(_ random: inout TestRandom, sort: ListingSort) -> ListingCursor {
        let key: Double
        switch sort {
        case .recommended: key = Double(random.next(in: 0...25)) + (random.chance(50) ? 0.5 : 0)
        case .priceAscending, .priceDescending: key = Double(random.next(in: 1...30) * 5_000) + (random.chance(30) ? 0.25 : 0)
        case .ratingDescending: key = [-1, 3.0, 4.2, 4.5, 4.85, 5.0, 4.3][random.next(below: 7)]
        case .distance: key = random.unit() * 6
        }
        let id = random.chance(50) && !listingIDs.isEmpty ? listingIDs[random.next(below: listingIDs.count)] : Int64(random.next(in: 1...5_000))
        return ListingCursor(sortKey: key, id: ListingID(id))
    }
}
