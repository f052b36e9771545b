import Domain
import Testing
@testable import DataImport

/// The amenity strings the data has today map to codes: every one the demo generator
/// writes but one (넷플릭스 is a service, not an amenity a search filters by), and the
/// common ones of the real Inside Airbnb sample.
@Suite struct AmenityCodeCoverageTests {
    @Test func everyDemoAmenityButStreamingHasACode() {
        let strings = DemoListingMaker.amenities + ["바다 전망"]
        for amenity in strings where amenity != "넷플릭스" {
            #expect(AmenityCode.codes(of: [amenity]).count == 1, "\(amenity)")
        }
        #expect(AmenityCode.codes(of: ["넷플릭스"]).isEmpty)
    }

    @Test func theRealSamplesCommonAmenitiesHaveCodes() throws {
        let writer = FakeCatalogWriter()
        _ = try Importer().import(
            listingsFile: Fixtures.singapore + "/listings_detailed.csv", calendarFile: nil,
            options: ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore", cityName: "Singapore"),
            writer: writer, progress: { _ in })
        let listings = Array(writer.state.listings.values)
        #expect(listings.count == 60)
        func share(_ code: AmenityCode) -> Int {
            listings.filter { AmenityCode.codes(of: $0.amenities).contains(code) }.count
        }
        // Wifi and air conditioning are near universal in Singapore; a pool and a washer common.
        #expect(share(.wifi) >= 55)
        #expect(share(.airConditioning) >= 45)
        #expect(share(.kitchen) >= 30 && share(.washer) >= 30 && share(.pool) >= 10)
        // No string names two codes.
        for amenity in Set(listings.flatMap(\.amenities)) {
            #expect(AmenityCode.codes(of: [amenity]).count <= 1, "\(amenity)")
        }
    }
}
