import DataImport
import Domain
import Foundation
import Persistence
import Storage
import TestSupport
import Testing

/// Landmarks over a real socket, on the demo catalog: autocomplete finds them, and their id
/// searches the listings around them, nearest first, each card with its distance.
@Suite struct LandmarkEndToEndTests {
    static let server: APITestServer = {
        do {
            return try APITestServer(catalog: { directory in
                let pool = try openCatalogDatabase(path: directory.appendingPathComponent("demo.sqlite").path)
                let generator = DemoGenerator(seed: 20_261_122, listingCount: 3_000, today: CatalogFixture.today)
                _ = try DemoSeeder.seed(generator: generator, writer: SQLiteCatalogWriter(pool: pool), progress: { _ in })
                return pool
            })
        } catch { fatalError("cannot start the demo-catalog server: \(error)") }
    }()
    var server: APITestServer { Self.server }

    /// The haversine distance, written out here independently of the server's code.
    static func haversineKm(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let r = Double.pi / 180
        let a = pow(sin((lat2 - lat1) * r / 2), 2) + cos(lat1 * r) * cos(lat2 * r) * pow(sin((lng2 - lng1) * r / 2), 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }

    func landmark(_ query: String) throws -> [String: Any] {
        let found = try server.json("/locations?query=\(APITestServer.encode(query))&limit=5")
        return try #require((found["items"] as? [[String: Any]])?.first, "nothing found for \(query)")
    }

    @Test(arguments: [("경복궁", "경복궁"), ("남산", "남산"), ("인천공항", "인천국제공항"), ("gyeongbok", "경복궁"),
                      ("김포공항", "김포국제공항"), ("제주공항", "제주국제공항"), ("서울 경복궁", "경복궁"), ("경보", "경복궁")])
    func autocompleteFindsTheLandmark(query: String, name: String) throws {
        let item = try landmark(query)
        #expect(item["name"] as? String == name)
        #expect(item["kind"] as? String == "landmark")
        #expect((item["radiusKm"] as? Double ?? 0) > 0)
        #expect((item["listingCount"] as? Int ?? 0) > 0)
    }

    /// By initials, a district with the same ones (강북구) comes first: places before landmarks.
    @Test func initialsFindTheLandmarkAfterAPlace() throws {
        let items = try #require(try server.json("/locations?query=\(APITestServer.encode("ㄱㅂㄱ"))")["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String }.prefix(2) == ["강북구", "경복궁"])
    }

    @Test(arguments: ["경복궁", "남산", "인천공항"])
    func theLandmarksListingsAreAroundItNearestFirst(query: String) throws {
        let place = try landmark(query)
        let id = try #require(place["id"] as? String)
        let radius = try #require(place["radiusKm"] as? Double)
        let centre = try #require(place["coordinate"] as? [String: Double])
        var previous = -1.0
        var seen = Set<String>()
        var cursor: String?
        var total = 0
        repeat {
            let page = try server.json("/listings?locationId=\(id)&sort=distance&limit=40"
                                       + (cursor.map { "&cursor=\(APITestServer.encode($0))" } ?? ""))
            total = try #require(page["total"] as? Int)
            for card in try #require(page["items"] as? [[String: Any]]) {
                let distance = try #require(card["distanceKm"] as? Double)
                let coordinate = try #require(card["coordinate"] as? [String: Double])
                let expected = Self.haversineKm(centre["lat"]!, centre["lng"]!, coordinate["lat"]!, coordinate["lng"]!)
                #expect(distance <= radius)
                #expect(abs(distance - expected) <= 0.05 + 1e-9, "\(distance) vs \(expected)")
                #expect(distance == (distance * 10).rounded() / 10)   // one decimal
                #expect(expected <= radius + 1e-9)
                #expect(distance >= previous)   // nearest first (on rounded values: never backwards)
                previous = distance
                #expect(seen.insert(card["id"] as! String).inserted)
            }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        #expect(total > 0 && seen.count == total)
        #expect(place["listingCount"] as? Int == total)
    }

    /// The list, the histogram and the map count the same listings for a landmark, with and
    /// without dates and price bounds, and a smaller radius finds a subset.
    @Test func listHistogramAndMapAgree() throws {
        let id = try #require(try landmark("경복궁")["id"] as? String)
        for filter in ["", "&checkin=2028-01-10&checkout=2028-01-13&adults=2", "&maxPrice=90000", "&radiusKm=1.5"] {
            let total = try #require(try server.json("/listings?locationId=\(id)\(filter)")["total"] as? Int)
            let histogram = try server.json("/price-histogram?locationId=\(id)\(filter)")
            let map = try server.json("/listings/map?locationId=\(id)&zoom=13\(filter)")
            #expect(map["total"] as? Int == total, "\(filter)")
            let inRange = filter.contains("Price") ? histogram["countInRange"] as? Int : histogram["count"] as? Int
            #expect(inRange == total, "\(filter)")
            #expect(total > 0, "\(filter)")
        }
        let near = try server.json("/listings?locationId=\(id)&radiusKm=0.5&sort=distance&limit=50")
        for card in near["items"] as! [[String: Any]] { #expect((card["distanceKm"] as! Double) <= 0.5) }
        #expect((near["total"] as! Int) < (try server.json("/listings?locationId=\(id)")["total"] as! Int))
        // Cards of other searches carry no distance.
        let city = try server.json("/listings?limit=3")
        #expect((city["items"] as! [[String: Any]]).allSatisfy { $0["distanceKm"] == nil })
    }

    @Test func distanceAndRadiusNeedALandmark() throws {
        let id = try #require(try landmark("경복궁")["id"] as? String)
        let city = try #require(try landmark("서울")["id"] as? String)
        for (query, parameter) in [("/listings?sort=distance", "sort"), ("/listings?locationId=\(city)&sort=distance", "sort"),
                                   ("/listings?locationId=\(city)&radiusKm=2", "radiusKm"),
                                   ("/listings?locationId=\(id)&radiusKm=0", "radiusKm"),
                                   ("/listings?locationId=\(id)&radiusKm=51", "radiusKm"),
                                   ("/price-histogram?locationId=\(city)&radiusKm=2", "radiusKm")] {
            let problem = try server.json(query, status: 400)
            let names = (problem["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names == [parameter], "\(query)")
        }
    }
}
