import Foundation
import Testing
@testable import Domain

/// Landmarks in autocomplete, and searches around them.
@Suite struct LandmarkSearchTests {
    static func landmark(_ id: Int64, _ name: String, _ english: String, count: Int, lat: Double, lon: Double,
                         aliases: [String] = [], radius: Double? = 3) -> Location {
        Location(id: LocationID(id), parentID: LocationID(1), kind: .landmark, name: name, nameEnglish: english,
                 fullName: "서울특별시 \(name)", fullNameEnglish: "\(english), Seoul",
                 coordinate: Coordinate(latitude: lat, longitude: lon), imageURL: nil, listingCount: count,
                 aliases: aliases, searchRadiusKm: radius)
    }

    let repository = FakeLocationRepository([
        makeLocation(1, "서울", "Seoul", count: 900, lat: 37.5665, lon: 126.9780, kind: .city),
        makeLocation(2, "종로구", "Jongno-gu", count: 100, lat: 37.5735, lon: 126.9790),
        // Landmarks near the city centre count more listings than the city's districts.
        landmark(10, "서울역", "Seoul Station", count: 5_000, lat: 37.5547, lon: 126.9707),
        landmark(11, "경복궁", "Gyeongbokgung Palace", count: 4_000, lat: 37.5796, lon: 126.9770),
        landmark(12, "인천국제공항", "Incheon International Airport", count: 80, lat: 37.4602, lon: 126.4407,
                 aliases: ["인천공항"], radius: 10),
        landmark(13, "종로타워", "Jongno Tower", count: 9_000, lat: 37.5706, lon: 126.9830, radius: nil),
    ])

    @Test func autocompleteFindsLandmarksByNameAliasInitialsAndRomanisation() throws {
        let service = LocationService(repository: repository)
        func names(_ query: String) throws -> [String] { try service.autocomplete(query: query, limit: 5).map(\.location.name) }
        #expect(try names("경복궁") == ["경복궁"])
        #expect(try names("ㄱㅂㄱ") == ["경복궁"])
        #expect(try names("경보") == ["경복궁"])          // 복 still being typed
        #expect(try names("gyeongbok") == ["경복궁"])
        #expect(try names("인천공항") == ["인천국제공항"])  // an alias
        #expect(try names("인천공") == ["인천국제공항"])
        #expect(try names("서울 경복궁") == ["경복궁"])     // narrowed by its city
        #expect(try service.autocomplete(query: "경복궁", limit: 1).first?.location.kind == .landmark)
    }

    @Test func landmarksRankAfterPlacesThatMatchAsWell() throws {
        let service = LocationService(repository: repository)
        // 서울 is exact; 서울역 (prefix, more listings) follows it.
        #expect(try service.autocomplete(query: "서울", limit: 5).map(\.location.name) == ["서울", "서울역"])
        // Both prefix matches: the district before the landmark with 90 times its listings.
        #expect(try service.autocomplete(query: "종로", limit: 5).map(\.location.name) == ["종로구", "종로타워"])
        // A better match still wins: exact landmark before a prefix district.
        #expect(try service.autocomplete(query: "종로타워", limit: 5).map(\.location.name) == ["종로타워"])
    }

    @Test func aLandmarksSearchAreaIsTheCircleAroundIt() throws {
        let service = LocationService(repository: repository)
        let palace = Coordinate(latitude: 37.5796, longitude: 126.9770)
        #expect(try service.searchArea(.location(LocationID(11)), radiusKm: nil)
                == .circle(SearchCircle(centre: palace, radiusKm: 3)))
        #expect(try service.searchArea(.location(LocationID(11)), radiusKm: 1.5)
                == .circle(SearchCircle(centre: palace, radiusKm: 1.5)))
        #expect(try service.searchArea(.location(LocationID(12)), radiusKm: nil).centre != nil)
        // Without a stored radius: the documented default.
        #expect(try service.searchArea(.location(LocationID(13)), radiusKm: nil)
                == .circle(SearchCircle(centre: Coordinate(latitude: 37.5706, longitude: 126.9830),
                                        radiusKm: LocationService.defaultLandmarkRadiusKm)))
        // Other areas are searched as they are; a radius is only for a landmark.
        #expect(try service.searchArea(.location(LocationID(2)), radiusKm: nil) == .location(LocationID(2)))
        #expect(try service.searchArea(.everywhere, radiusKm: nil) == .everywhere)
        #expect(throws: StaysError.invalidParameter("radiusKm", "applies only to the locationId of a landmark")) {
            try service.searchArea(.location(LocationID(2)), radiusKm: 2)
        }
        #expect(throws: StaysError.locationNotFound(LocationID(99))) {
            try service.searchArea(.location(LocationID(99)), radiusKm: nil)
        }
        // The landmark's page fits the map to the circle its search covers.
        #expect(try service.location(id: LocationID(11)).bounds == SearchCircle(centre: palace, radiusKm: 3).boundingBox)
    }

    @Test func circleRule() {
        let centre = Coordinate(latitude: 37.5796, longitude: 126.9770)
        let circle = SearchCircle(centre: centre, radiusKm: 3)
        // One degree of latitude is 111.195 km on the sphere: 0.0269° north is ~2.99 km.
        #expect(circle.contains(Coordinate(latitude: 37.5796 + 0.0269, longitude: 126.9770)))
        #expect(!circle.contains(Coordinate(latitude: 37.5796 + 0.0271, longitude: 126.9770)))
        #expect(circle.contains(centre))
        #expect(abs(GreatCircle.distanceKm(centre, Coordinate(latitude: 38.5796, longitude: 126.9770)) - 111.195) < 0.001)
        #expect(GreatCircle.displayKm(2.94) == 2.9 && GreatCircle.displayKm(2.95) == 3.0 && GreatCircle.displayKm(0.04) == 0)
    }
}

@Suite struct DistanceSortTests {
    static func listing(_ id: Int64, latitude: Double) -> Listing {
        var listing = makeListing(id: id)
        listing.coordinate = Coordinate(latitude: latitude, longitude: 126.9770)
        return listing
    }
    let near = listing(1, latitude: 37.5800)
    let far = listing(2, latitude: 37.6000)

    @Test func aSearchAroundAPointCarriesEachDistance() throws {
        let service = ListingService(listings: FakeListingRepository(listings: [far, near]),
                                     dateProvider: FixedDateProvider(date("2026-09-01")))
        let centre = Coordinate(latitude: 37.5796, longitude: 126.9770)
        let result = try service.search(ListingSearch(filter: ListingFilter(area: .circle(SearchCircle(centre: centre, radiusKm: 5))),
                                                      sort: .distance))
        // The fake repository keeps its order; the service only labels each item.
        #expect(result.items.map(\.distanceKm) == [GreatCircle.displayKm(GreatCircle.distanceKm(centre, far.coordinate)),
                                                   GreatCircle.displayKm(GreatCircle.distanceKm(centre, near.coordinate))])
        #expect(result.items.map(\.distanceKm) == [2.3, 0])
        let elsewhere = try service.search(ListingSearch(filter: ListingFilter()))
        #expect(elsewhere.items.allSatisfy { $0.distanceKm == nil })
    }

    @Test func sortingByDistanceNeedsACentre() throws {
        let service = ListingService(listings: FakeListingRepository(listings: [near]),
                                     dateProvider: FixedDateProvider(date("2026-09-01")))
        #expect(throws: StaysError.invalidParameter("sort", "distance needs a search around a point: the locationId of a landmark")) {
            try service.search(ListingSearch(filter: ListingFilter(area: .location(LocationID(3))), sort: .distance))
        }
    }
}
