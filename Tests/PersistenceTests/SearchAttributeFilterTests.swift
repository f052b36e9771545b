import Domain
import Foundation
@testable import Persistence
@testable import SearchIndex
import TestSupport
import Testing

/// The amenity, room, instant-booking, superhost and free-cancellation filters: the index
/// and the SQL search (on each engine) find exactly the listings the Domain rule
/// (`ListingAttributeFilter.admits`) lets through, out of those the same search finds
/// without them, in the same order, with the same totals, prices and map points; and the
/// index follows a listing whose attributes change.
@Suite struct SearchAttributeFilterTests {
    /// Display strings as the data has them: the demo generator's, Inside Airbnb's (with
    /// their variants), a code as a host writes it, and strings no code recognises.
    static let amenityPool = [
        "와이파이", "주방", "무료 주차", "반려동물 동반 가능", "에어컨", "세탁기", "넷플릭스", "바다 전망",
        "Wifi", "Fast wifi – 300 Mbps", "Wifi – 21 Mbps", "Kitchen", "Kitchenette", "Free parking on premises",
        "Free street parking", "Paid parking off premises", "Pets allowed", "Pool", "Pool view", "Shared pool - ",
        "Shared outdoor pool - available all year, open 24 hours", "Washer –\u{a0}In unit", "Free dryer – In unit",
        "TV with standard cable", "32\" TV", "wifi", "pets_allowed", "Hot tub", "Crib", "Pack ’n play/Travel crib",
        "Smoking allowed", "Essentials", "O'Neill's 'quoted' amenity",
    ]
    static let today = CalendarDate("2027-03-01")!

    final class Catalog {
        let fixture: CatalogFixture
        /// What the Domain rule reads of every listing, by id.
        var attributes: [ListingID: ListingAttributes] = [:]

        init(engine: CatalogFixture.Engine, seed: UInt64) throws {
            fixture = try CatalogFixture(engine: engine)
            var random = TestRandom(seed: seed)
            var requestToBook: [Int64] = []
            try fixture.anyWriter.transaction {
                for number in 0..<160 {
                    let id = Int64(1_000 + number)
                    let area = [(fixture.gangnam, 37.51, 127.04), (fixture.mapo, 37.56, 126.90), (fixture.busan, 35.18, 129.07)]
                    let (location, lat, lng) = area[random.next(below: area.count)]
                    var listing = CatalogFixture.listing(
                        id, location, RoomType.allCases[random.next(below: 4)], base: Int64(random.next(in: 1...20)) * 10_000,
                        lat: lat + (random.unit() - 0.5) * 0.05, lng: lng + (random.unit() - 0.5) * 0.05,
                        maxGuests: random.next(in: 1...6), rating: random.chance(30) ? nil : 4.5, score: random.next(in: 0...50))
                    listing.amenities = SearchAttributeFilterTests.amenityPool.filter { _ in random.chance(25) }
                    listing.bedrooms = random.chance(15) ? nil : random.next(in: 0...5)
                    listing.beds = random.chance(15) ? nil : random.next(in: 0...6)
                    listing.bathrooms = random.chance(15) ? nil : Double(random.next(in: 0...8)) / 2
                    listing.host.isSuperhost = random.chance(35)
                    listing.cancellationPolicy = CancellationPolicy.allCases[random.next(below: 3)]
                    try fixture.add(listing)
                    let instantBook = random.chance(70)
                    if !instantBook { requestToBook.append(id) }
                    attributes[listing.id] = ListingAttributes(listing, instantBook: instantBook)
                }
            }
            for listing in fixture.listings where attributes[listing.id] == nil {
                attributes[listing.id] = ListingAttributes(listing, instantBook: true)
            }
            let ids = requestToBook.map(String.init).joined(separator: ", ")
            try fixture.execute("UPDATE listings SET instant_book = 0 WHERE id IN (\(ids))")
        }

        /// Every match of `search` with its attribute filter left out, through SQL, then the
        /// Domain rule: the reference.
        func expected(_ search: ListingSearch) throws -> [ListingMatch] {
            var plain = search
            plain.filter.attributes = ListingAttributeFilter()
            plain.limit = 1_000
            return try fixture.reads.searchListings(plain).matches.filter {
                search.filter.attributes.admits(attributes[$0.listing.id]!, stay: search.filter.stay)
            }
        }
    }

    static func randomFilter(_ random: inout TestRandom, _ fixture: CatalogFixture) -> ListingFilter {
        var filter = ListingFilter()
        switch random.next(below: 3) {
        case 0: filter.area = .location(fixture.seoul)
        case 1: filter.area = .location(fixture.busan)
        default: break
        }
        if random.chance(60) {
            let checkin = today.adding(days: random.next(in: 0...20))
            filter.stay = Stay(checkin: checkin, checkout: checkin.adding(days: random.next(in: 1...5)))
        }
        if random.chance(30) { filter.guests = GuestCount(adults: random.next(in: 1...4)) }
        if random.chance(20) { filter.maxPrice = Int64(random.next(in: 5...20)) * 10_000 }
        var wanted = ListingAttributeFilter()
        let codes: [AmenityCode] = [.wifi, .kitchen, .freeParking, .petsAllowed, .pool, .washer, .dryer, .tv, .crib,
                                    .hotTub, .smokingAllowed, .airConditioning, .seaView, .paidParking]
        if random.chance(50) { wanted.amenities = Set((0..<random.next(in: 1...3)).map { _ in codes[random.next(below: codes.count)] }) }
        wanted.instantBookOnly = random.chance(25)
        wanted.superhostOnly = random.chance(20)
        if random.chance(25) { wanted.minBedrooms = random.next(in: 1...4) }
        if random.chance(20) { wanted.minBeds = random.next(in: 1...5) }
        if random.chance(20) { wanted.minBathrooms = Double(random.next(in: 1...6)) / 2 }
        if random.chance(35) { wanted.freeCancellationOn = today }
        filter.attributes = wanted
        return filter
    }

    @Test(arguments: CatalogFixture.Engine.available)
    func theIndexAndTheSQLFindWhatTheDomainRuleAdmits(engine: CatalogFixture.Engine) throws {
        let catalog = try Catalog(engine: engine, seed: 0xA7E)
        let indexed = try catalog.fixture.indexedCatalog()
        var random = TestRandom(seed: 31)
        var nonEmpty = 0, narrowed = 0
        for round in 0..<150 {
            let filter = Self.randomFilter(&random, catalog.fixture)
            let sort = [ListingSort.recommended, .priceAscending, .ratingDescending][round % 3]
            let search = ListingSearch(filter: filter, sort: sort, limit: 1_000)
            let expected = try catalog.expected(search)
            #expect(indexed.index.search(search) != nil, "fell back to SQL: \(filter)")
            let fromIndex = try indexed.searchListings(search)
            let fromSQL = try catalog.fixture.reads.searchListings(search)
            #expect(fromIndex.matches == expected, "round \(round): index \(filter)")
            #expect(fromSQL.matches == expected, "round \(round): SQL \(filter)")
            #expect(fromIndex.total == expected.count && fromSQL.total == expected.count, "round \(round)")
            #expect(fromIndex.bounds == fromSQL.bounds, "round \(round)")
            // Pages through a cursor too.
            let small = ListingSearch(filter: filter, sort: sort, limit: 3)
            #expect(try indexed.searchListings(small) == catalog.fixture.reads.searchListings(small), "round \(round)")
            // The histogram's prices (bounds ignored) and the map's points agree as well.
            var unbounded = filter
            unbounded.maxPrice = nil
            let prices = try catalog.expected(ListingSearch(filter: unbounded)).map(\.nightlyPrice).sorted()
            #expect(try indexed.nightlyPrices(matching: filter).sorted() == prices, "round \(round)")
            #expect(try catalog.fixture.reads.nightlyPrices(matching: filter).sorted() == prices, "round \(round)")
            let points = expected.map(\.listing.id.rawValue).sorted()
            #expect(try indexed.mapPoints(matching: filter).map(\.id.rawValue).sorted() == points, "round \(round)")
            #expect(try catalog.fixture.reads.mapPoints(matching: filter).map(\.id.rawValue).sorted() == points, "round \(round)")
            if !expected.isEmpty { nonEmpty += 1 }
            var plain = search
            plain.filter.attributes = ListingAttributeFilter()
            if !filter.attributes.isEmpty, try catalog.fixture.reads.searchListings(plain).total > expected.count { narrowed += 1 }
        }
        // The filters must find things and must turn some away, or the comparison proves little.
        #expect(nonEmpty > 60, "only \(nonEmpty) searches matched anything")
        #expect(narrowed > 60, "only \(narrowed) searches were narrowed by their attributes")
    }

    /// Each filter on its own, on a listing made to pass and then to fail it.
    @Test(arguments: CatalogFixture.Engine.available)
    func theIndexFollowsAListingWhoseAttributesChange(engine: CatalogFixture.Engine) throws {
        let fixture = try CatalogFixture(engine: engine)
        let indexed = try fixture.indexedCatalog()
        var listing = try #require(fixture.listings.first { $0.id == ListingID(1) })
        let stay = Stay(checkin: Self.today.adding(days: 10), checkout: Self.today.adding(days: 12))!
        func found(_ wanted: ListingAttributeFilter) throws -> Bool {
            let filter = ListingFilter(area: .location(fixture.yeoksam), stay: stay, attributes: wanted)
            let index = try indexed.searchListings(ListingSearch(filter: filter)).matches.map(\.listing.id)
            let sql = try fixture.reads.searchListings(ListingSearch(filter: filter)).matches.map(\.listing.id)
            #expect(index == sql)
            return index == [ListingID(1)]
        }
        listing.amenities = ["Fast wifi – 300 Mbps", "Pets allowed"]
        listing.bedrooms = 2
        listing.beds = 3
        listing.bathrooms = 1.5
        listing.host.isSuperhost = true
        listing.cancellationPolicy = .moderate  // free until 5 days before: day 10 qualifies
        try fixture.add(listing)
        let everything = ListingAttributeFilter(amenities: [.wifi, .petsAllowed], instantBookOnly: true, minBedrooms: 2,
                                                minBeds: 3, minBathrooms: 1.5, superhostOnly: true,
                                                freeCancellationOn: Self.today)
        #expect(try found(everything))

        listing.amenities = ["Wifi"]
        try fixture.add(listing)
        #expect(try !found(ListingAttributeFilter(amenities: [.petsAllowed])))
        #expect(try found(ListingAttributeFilter(amenities: [.wifi])))
        listing.bedrooms = nil
        listing.beds = 1
        listing.bathrooms = 1
        try fixture.add(listing)
        #expect(try !found(ListingAttributeFilter(minBedrooms: 1)))
        #expect(try !found(ListingAttributeFilter(minBeds: 2)))
        #expect(try !found(ListingAttributeFilter(minBathrooms: 1.5)))
        #expect(try found(ListingAttributeFilter(minBathrooms: 1)))
        listing.host.isSuperhost = false
        listing.cancellationPolicy = .strict  // free until 14 days before: day 10 does not
        try fixture.add(listing)
        #expect(try !found(ListingAttributeFilter(superhostOnly: true)))
        #expect(try !found(ListingAttributeFilter(freeCancellationOn: Self.today)))
        #expect(try found(ListingAttributeFilter(instantBookOnly: true)))
        listing.instantBook = false
        try fixture.add(listing)
        #expect(try !found(ListingAttributeFilter(instantBookOnly: true)))
        #expect(try found(ListingAttributeFilter()))
    }
}
