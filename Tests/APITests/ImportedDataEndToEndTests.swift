import API
import Application
import DataImport
import Domain
import Foundation
import HTTPServer
import Persistence
import TestSupport
import Testing

/// The real Inside Airbnb sample (Singapore, CC BY 4.0) imported into SQLite with the real
/// importer, then served: the API must answer from imported data exactly as from demo data.
@Suite struct ImportedDataEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DataImportTests/Fixtures/insideairbnb-singapore").standardized
    static let today = CalendarDate(year: 2026, month: 11, day: 23)!

    @Test func importedListingsAreSearchableQuotableAndHaveCalendars() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try openCatalogDatabase(path: directory.appendingPathComponent("stays.sqlite").path)
        let options = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore",
                                    cityName: "Singapore", shiftDatesTo: Self.today)
        let summary = try Importer().import(
            listingsFile: Self.fixtures.appendingPathComponent("listings_detailed.csv").path,
            calendarFile: Self.fixtures.appendingPathComponent("calendar.csv").path,
            options: options, writer: SQLiteCatalogWriter(pool: pool), progress: { _ in })
        #expect(summary.listingsImported == 60)
        #expect(summary.listingsSkipped == 0)

        var configuration = ApplicationConfiguration()
        configuration.databasePath = pool.path
        configuration.seedDemoData = false
        configuration.dateProvider = FixedDateProvider(Self.today)
        configuration.timeZone = "Asia/Singapore"
        configuration.server.port = 0
        configuration.log = { _ in }
        let server = try buildApplication(configuration)
        let port = try server.start()
        defer { server.shutdown(); server.waitUntilStopped() }
        func json(_ target: String) throws -> [String: Any] {
            let response = try TestClient(port: port).get(target)
            #expect(response.status == 200, "\(target): \(response.text)")
            return try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        }

        // 18-digit ids survive the import and the API as exact strings.
        let big = try json("/listings/551721556791874223")
        #expect(big["id"] as? String == "551721556791874223")
        #expect(big["currency"] as? String == "SGD")
        #expect(big["timeZone"] as? String == "Asia/Singapore")
        #expect((big["nightlyPrice"] as? NSNumber)?.int64Value == 34_100)   // $341.00 in cents

        // A two-night stay two days after the (shifted) snapshot start.
        let stay = "checkin=2026-11-25&checkout=2026-11-27&adults=2"
        let search = try json("/listings?\(stay)&limit=50")
        let items = try #require(search["items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        #expect(search["total"] as? Int == items.count)
        for item in items {
            let id = try #require(item["id"] as? String)
            let quote = try json("/quote?listingId=\(id)&\(stay)")
            #expect((quote["total"] as? NSNumber)?.int64Value == (item["totalPrice"] as? NSNumber)?.int64Value)
            #expect(quote["currency"] as? String == "SGD")
            let calendar = try json("/calendar?listingId=\(id)&months=1&start=2026-11")
            #expect(calendar["timeZone"] as? String == "Asia/Singapore")
            let days = (calendar["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []
            #expect(days.count == 30)
            // The snapshot covers 30 days from today: the nights after it are not bookable.
            #expect(days.first { $0["date"] as? String == "2026-11-25" }?["available"] as? Bool == true)
        }
        // Imported places know their listings, so the home screen's places work as on demo data.
        let popular = try #require(try json("/locations/popular?limit=5")["items"] as? [[String: Any]])
        #expect(popular.first?["name"] as? String == "Singapore")
        #expect(popular.first?["listingCount"] as? Int == 60)
        #expect(popular.allSatisfy { ($0["listingCount"] as? Int ?? 0) > 0 })
        // Near the Tampines listing (71609): its neighbourhood, with its count.
        let nearby = try #require(try json("/locations/nearby?lat=1.34537&lng=103.95887&limit=3")["items"]
                                    as? [[String: Any]])
        #expect(!nearby.isEmpty)
        #expect(nearby.contains { $0["name"] as? String == "Tampines" })
        #expect(nearby.allSatisfy { ($0["listingCount"] as? Int ?? 0) > 0 })
        let found = try #require(try json("/locations?query=Tampines")["items"] as? [[String: Any]])
        #expect((found.first?["listingCount"] as? Int ?? 0) > 0)

        let later = try json("/calendar?listingId=551721556791874223&months=1&start=2027-01")
        let januaryDays = (later["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []
        #expect(januaryDays.allSatisfy { $0["available"] as? Bool == false })
    }
}
