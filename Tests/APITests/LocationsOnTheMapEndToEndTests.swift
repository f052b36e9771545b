import Foundation
import Testing

/// Places for a map app on the demo catalog (shared with `LandmarkEndToEndTests`): those
/// inside a box, by kind, and "nearby" that stops at a distance.
@Suite struct LocationsOnTheMapEndToEndTests {
    var server: APITestServer { LandmarkEndToEndTests.server }
    static let seoul = (swLat: 37.4, swLng: 126.8, neLat: 37.7, neLng: 127.2)
    static var seoulBox: String { "\(seoul.swLat),\(seoul.swLng),\(seoul.neLat),\(seoul.neLng)" }

    func items(_ target: String) throws -> [[String: Any]] {
        try server.json(target)["items"] as? [[String: Any]] ?? []
    }

    func inSeoul(_ item: [String: Any]) -> Bool {
        guard let point = item["coordinate"] as? [String: Any], let lat = point["lat"] as? Double,
              let lng = point["lng"] as? Double else { return false }
        return (Self.seoul.swLat...Self.seoul.neLat).contains(lat) && (Self.seoul.swLng...Self.seoul.neLng).contains(lng)
    }

    @Test func theLandmarksInsideABoxMostPopularFirst() throws {
        let landmarks = try items("/locations?bbox=\(Self.seoulBox)&kind=landmark&limit=20")
        #expect(landmarks.count == 20)
        #expect(landmarks.allSatisfy { $0["kind"] as? String == "landmark" && inSeoul($0) })
        let counts = landmarks.map { $0["listingCount"] as? Int ?? -1 }
        #expect(counts == counts.sorted(by: >), "\(counts)")
        // Every kind: cities too, and nothing outside the box (부산 is not in Seoul's box).
        let cities = try items("/locations?bbox=\(Self.seoulBox)&kind=city")
        #expect(cities.map { $0["name"] as? String } == ["서울"])
        let all = try items("/locations?bbox=\(Self.seoulBox)&limit=20")
        #expect(Set(all.compactMap { $0["kind"] as? String }).count > 1 && all.allSatisfy(inSeoul))
    }

    @Test func nearestToTheBoxCentreFirst() throws {
        let places = try items("/locations?bbox=\(Self.seoulBox)&kind=landmark&sort=distance&limit=20")
        let centre = ((Self.seoul.swLat + Self.seoul.neLat) / 2, (Self.seoul.swLng + Self.seoul.neLng) / 2)
        let distances = places.map { item -> Double in
            let point = item["coordinate"] as? [String: Any] ?? [:]
            return LandmarkEndToEndTests.haversineKm(centre.0, centre.1, point["lat"] as? Double ?? 0, point["lng"] as? Double ?? 0)
        }
        #expect(places.count == 20 && distances == distances.sorted(), "\(distances)")
    }

    @Test func badCombinationsAreNamed() throws {
        func names(_ target: String) throws -> [String] {
            let body = try server.json(target, status: 400)
            return (body["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(try names("/locations") == ["query"])
        #expect(try names("/locations?query=seoul&bbox=\(Self.seoulBox)") == ["bbox"])
        #expect(try names("/locations?bbox=\(Self.seoulBox)&kind=palace") == ["kind"])
        #expect(try names("/locations?query=seoul&kind=city&sort=distance") == ["kind", "sort"])
        #expect(try names("/locations?bbox=30,170,40,-170") == ["bbox"])
    }

    @Test func nearbyStopsAtItsCapAndSaysSo() throws {
        let tokyo = try server.json("/locations/nearby?lat=35.68&lng=139.76")
        #expect((tokyo["items"] as? [Any])?.isEmpty == true)
        #expect(tokyo["maxDistanceKm"] as? Double == 100)
        let busan = try items("/locations/nearby?lat=35.16&lng=129.16&limit=20")
        #expect(!busan.isEmpty)
        #expect(busan.allSatisfy { ($0["distanceKm"] as? Double ?? 999) <= 100 })
    }
}
