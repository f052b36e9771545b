import Domain
import Testing
@testable import DataImport

/// The landmark table: where each landmark is, and what the generator makes of it.
@Suite struct DemoLandmarksTests {
    @Test func theWellKnownPlacesAreThere() {
        let names = Set(DemoLandmarks.all.map(\.name))
        for name in ["경복궁", "남산", "N서울타워", "인천국제공항", "김포국제공항", "제주국제공항", "광장시장", "서울역",
                     "서울대학교", "부산역", "불국사", "성산일출봉", "수원화성", "자갈치시장"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(DemoLandmarks.all.count >= 200)
        #expect(names.count == DemoLandmarks.all.count, "a landmark is listed twice")
        let aliases = DemoLandmarks.all.flatMap(\.aliases)
        #expect(aliases.contains("인천공항") && aliases.contains("김포공항"))
    }

    /// A typo in a coordinate (a swapped or mistyped digit) puts a landmark far from its
    /// city: every landmark must lie within 45 km of its city's centre (Jeju's and Ulsan's
    /// spread the widest), and every district named must exist.
    @Test func everyLandmarkIsInItsCityAndDistrict() {
        for landmark in DemoLandmarks.all {
            guard let city = DemoGeography.cities.first(where: { $0.slug == landmark.city }) else {
                Issue.record("\(landmark.name): no city \(landmark.city)")
                continue
            }
            let distance = GreatCircle.distanceKm(Coordinate(latitude: city.latitude, longitude: city.longitude),
                                                  Coordinate(latitude: landmark.latitude, longitude: landmark.longitude))
            #expect(distance < 45, "\(landmark.name) is \(distance) km from \(city.name)")
            if let district = landmark.district {
                #expect(city.districts.contains { $0.name == district }, "\(landmark.name): no district \(district)")
            }
            #expect(!landmark.aliases.contains(landmark.name))
        }
    }

    @Test func theGeneratorSeedsThemAfterThePlacesUnderTheirDistricts() throws {
        let drafts = DemoGenerator(seed: 1, listingCount: 0, today: CalendarDate(year: 2027, month: 1, day: 1)!).locations
        let firstLandmark = try #require(drafts.firstIndex { $0.kind == .landmark })
        #expect(drafts[firstLandmark...].allSatisfy { $0.kind == .landmark })
        #expect(drafts.count - firstLandmark == DemoLandmarks.all.count)
        #expect(Set(drafts.map(\.externalKey)).count == drafts.count, "keys must be unique")
        let palace = try #require(drafts.first { $0.name == "경복궁" })
        #expect(palace.parentKey == "demo:seoul:jongno-gu")
        #expect(palace.fullName == "서울특별시 종로구 경복궁")
        #expect(palace.fullNameEnglish == "Gyeongbokgung Palace, Jongno-gu, Seoul")
        #expect(palace.searchRadiusKm == 3)
        let airport = try #require(drafts.first { $0.name == "인천국제공항" })
        #expect(airport.aliases == ["인천공항"] && airport.searchRadiusKm == 10)
        let keys = Set(drafts.map(\.externalKey))
        #expect(drafts.allSatisfy { $0.parentKey.map(keys.contains) ?? true })
    }
}
