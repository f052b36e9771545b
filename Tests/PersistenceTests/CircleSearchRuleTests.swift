import Foundation
import TestSupport
import Testing
import Domain
import Storage
@testable import Persistence
@testable import SearchIndex

/// A search around a point (a landmark's) follows the Domain's rules on both fast paths:
/// `GreatCircle.distanceKm` for the distance, `SearchCircle.contains` for membership, nearest
/// first then id for `sort=distance`; and a landmark's listing count is its search's total.
@Suite struct CircleSearchRuleTests {
    /// The SQL spelling of the distance (`ListingSearchSQL.distanceKm`), run by SQLite, is the
    /// Swift rule bit for bit: in Korea, worldwide, across the antimeridian, at the poles, for
    /// antipodes and for the same point.
    @Test func theSQLDistanceIsTheDomainRuleBitForBit() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.prepare("SELECT " + ListingSearchSQL.distanceKm(latitude: ":lat", longitude: ":lng"))
        var random = TestRandom(seed: 0xD157)
        var pairs: [(Coordinate, Coordinate)] = [
            (Coordinate(latitude: 37.5796, longitude: 126.977), Coordinate(latitude: 37.5796, longitude: 126.977)),
            (Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 180)),
            (Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: -90, longitude: 0)),
            (Coordinate(latitude: -16.85, longitude: 179.99), Coordinate(latitude: -16.86, longitude: -179.99)),
            (Coordinate(latitude: 37.4602, longitude: 126.4407), Coordinate(latitude: 33.5104, longitude: 126.4914)),
        ]
        for _ in 0..<20_000 {
            if random.chance(50) {
                let centre = Coordinate(latitude: 33 + random.unit() * 5, longitude: 126 + random.unit() * 3.5)
                pairs.append((centre, Coordinate(latitude: centre.latitude + (random.unit() - 0.5) * 0.2,
                                                 longitude: centre.longitude + (random.unit() - 0.5) * 0.2)))
            } else {
                pairs.append((Coordinate(latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180),
                              Coordinate(latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180)))
            }
        }
        var wrong: [String] = []
        for (centre, point) in pairs {
            for (name, value) in ListingSearchSQL.centreParameters(centre) {
                guard case .real(let number) = value else { continue }
                try statement.bind(number, named: name)
            }
            try statement.bind(point.latitude, named: ":lat")
            try statement.bind(point.longitude, named: ":lng")
            let sql = try #require(try statement.fetchOne { $0.double(0) })
            let swift = GreatCircle.distanceKm(centre, point)
            if sql.bitPattern != swift.bitPattern { wrong.append("\(centre) → \(point): sql \(sql), swift \(swift)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(3))")
    }

    /// The box the fast paths narrow a circle by holds every point of the circle: points on
    /// and just inside its edge, in every direction, at any latitude, across the antimeridian.
    @Test func aCirclesBoxHoldsTheWholeCircle() {
        var random = TestRandom(seed: 0xB0C5)
        var tested = 0
        for _ in 0..<2_000 {
            let centre = Coordinate(latitude: random.unit() * 178 - 89, longitude: random.unit() * 360 - 180)
            let circle = SearchCircle(centre: centre, radiusKm: [0.1, 1, 3, 10, 50, 500][random.next(below: 6)])
            let box = circle.boundingBox
            for step in 0..<72 {
                // The point at the radius along bearing `step * 5°` (spherical destination formula).
                let bearing = Double(step) * 5 * GreatCircle.radiansPerDegree
                let angle = circle.radiusKm * 0.999_999 / GreatCircle.earthRadiusKm
                let latitude1 = centre.latitude * GreatCircle.radiansPerDegree
                let latitude2 = asin(sin(latitude1) * cos(angle) + cos(latitude1) * sin(angle) * cos(bearing))
                var longitude2 = centre.longitude * GreatCircle.radiansPerDegree
                    + atan2(sin(bearing) * sin(angle) * cos(latitude1), cos(angle) - sin(latitude1) * sin(latitude2))
                longitude2 = longitude2 / GreatCircle.radiansPerDegree
                if longitude2 > 180 { longitude2 -= 360 }
                if longitude2 < -180 { longitude2 += 360 }
                let point = Coordinate(latitude: latitude2 / GreatCircle.radiansPerDegree, longitude: longitude2)
                guard circle.contains(point) else { continue }
                tested += 1
                let inLatitude = point.latitude >= box.southWest.latitude && point.latitude <= box.northEast.latitude
                let west = box.southWest.longitude, east = box.northEast.longitude
                let inLongitude = west <= east ? (point.longitude >= west && point.longitude <= east)
                                               : (point.longitude >= west || point.longitude <= east)
                #expect(inLatitude && inLongitude, "\(point) of \(circle) outside \(box)")
            }
        }
        #expect(tested > 100_000)
    }

    /// Both paths find exactly the listings `SearchCircle.contains`, and order them nearest
    /// first by the Domain distance, then by id.
    @Test func circleSearchesFindExactlyTheDomainsListingsNearestFirst() throws {
        let catalog = try RandomCatalog(seed: 0xC1AC1E, listingCount: 300)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        var listings: [Listing] = []
        for id in catalog.listingIDs { listings.append(try #require(try catalog.catalog.listing(ListingID(id)))) }
        var random = TestRandom(seed: 5)
        var nonEmpty = 0
        for round in 0..<150 {
            let cities = [(37.55, 126.98), (35.15, 129.05), (-16.85, 179.95)]
            let (latitude, longitude) = cities[round % 3]
            let circle = SearchCircle(centre: Coordinate(latitude: latitude + (random.unit() - 0.5) * 0.1,
                                                         longitude: longitude + (random.unit() - 0.5) * 0.1),
                                      radiusKm: 0.2 + random.unit() * 8)
            var inside: [(id: ListingID, distance: Double)] = []
            for listing in listings where circle.contains(listing.coordinate) {
                inside.append((listing.id, GreatCircle.distanceKm(circle.centre, listing.coordinate)))
            }
            inside.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.id < b.id }
            let expected: [ListingID] = inside.map(\.id)
            let search = ListingSearch(filter: ListingFilter(area: .circle(circle)), sort: .distance, limit: 1_000)
            #expect(indexed.index.search(search) != nil)
            for (path, page) in [("sql", try catalog.catalog.searchListings(search)), ("index", try indexed.searchListings(search))] {
                #expect(page.matches.map(\.listing.id) == expected, "round \(round) \(path) for \(circle)")
                #expect(page.total == expected.count)
            }
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 100)
    }

    /// A landmark's `listingCount` (`refreshLocationStatistics`) is the total of the search
    /// around it with its radius, on both paths; its histogram and map count the same.
    @Test func aLandmarksCountIsItsSearchTotal() throws {
        let catalog = try RandomCatalog(seed: 0x1A4D, listingCount: 300)
        var random = TestRandom(seed: 9)
        var keys: [String] = []
        try catalog.writer.transaction {
            for index in 0..<20 {
                let key = "landmark-\(index)"
                var draft = LocationDraft(externalKey: key, parentKey: index % 2 == 0 ? "seoul" : nil, kind: .landmark,
                                          name: key, nameEnglish: key, fullName: key, fullNameEnglish: key,
                                          coordinate: Coordinate(latitude: 37.55 + (random.unit() - 0.5) * 0.2,
                                                                 longitude: 126.98 + (random.unit() - 0.5) * 0.3),
                                          imageURL: nil)
                draft.searchRadiusKm = index == 0 ? nil : 0.5 + random.unit() * 6
                _ = try catalog.writer.saveLocation(draft)
                keys.append(key)
            }
        }
        try catalog.writer.refreshLocationStatistics()
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let service = LocationService(repository: catalog.catalog)
        var counted = 0
        for landmark in try catalog.catalog.allLocations() where landmark.kind == .landmark {
            let area = try service.searchArea(.location(landmark.id), radiusKm: nil)
            let radius = landmark.searchRadiusKm ?? LocationService.defaultLandmarkRadiusKm
            #expect(area == .circle(SearchCircle(centre: landmark.coordinate, radiusKm: radius)))
            let filter = ListingFilter(area: area)
            let search = ListingSearch(filter: filter, limit: 1)
            #expect(try catalog.catalog.searchListings(search).total == landmark.listingCount, "\(landmark.name)")
            #expect(try indexed.searchListings(search).total == landmark.listingCount, "\(landmark.name)")
            #expect(try indexed.nightlyPrices(matching: filter).count == landmark.listingCount)
            #expect(try indexed.mapPoints(matching: filter).count == landmark.listingCount)
            counted += landmark.listingCount
        }
        #expect(counted > 40, "the landmarks must have listings around them, or the comparison proves little")
    }
}
