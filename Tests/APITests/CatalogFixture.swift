import Domain
import Foundation
import Persistence
import Storage
import TestSupport

/// A small catalog built in code: Seoul (강남구 > 역삼동, 마포구), Busan (해운대구), with
/// listings whose prices and calendars the tests know by heart. "Today" is 2027-12-20 so
/// that stays can cross the year end and 2028-02-29.
enum CatalogFixture {
    static let today = CalendarDate(year: 2027, month: 12, day: 20)!

    /// The main test listing in 역삼동: 100,000 a night, 120,000 on Friday and Saturday
    /// nights, 10,000 per guest above 2, cleaning 30,000, weekly 10%, monthly 20%.
    /// Booked nights 2027-12-28 and 2027-12-29; 2027-12-31 costs 200,000; 2028-01-05 is
    /// closed to arrival.
    static let yeoksam = ListingID(101)
    /// A listing with an id above 2^53, in 해운대구, minimum 3 nights, at most 2 guests.
    static let haeundae = ListingID(9_007_199_254_740_993)

    static func date(_ text: String) -> CalendarDate { CalendarDate(text)! }

    /// Creates the database file in `directory`, migrates it and writes the catalog.
    static func make(in directory: URL) throws -> DatabasePool {
        let pool = try openCatalogDatabase(path: directory.appendingPathComponent("stays.sqlite").path)
        try populate(SQLiteCatalogWriter(pool: pool))
        return pool
    }

    /// A fresh PostgreSQL database, migrated, with the catalog written and then `extra`;
    /// nil when no test server is configured (`TemporaryPostgresDatabase`).
    static func makePostgres(extra: (any CatalogWriting) throws -> Void = { _ in }) throws -> TemporaryPostgresDatabase? {
        guard let database = try TemporaryPostgresDatabase.make() else { return nil }
        let writer = StoreCatalogWriter(pool: try openCatalogPostgres(url: database.url, maximumConnectionCount: 2))
        try populate(writer)
        try extra(writer)
        return database
    }

    /// Writes the catalog through either engine's writer.
    static func populate(_ writer: any CatalogWriting) throws {
        try writer.transaction {
            let seoul = try writer.saveLocation(draft("seoul", nil, .city, "서울", "Seoul", "서울특별시", 37.5665, 126.978))
            _ = seoul
            let gangnam = try writer.saveLocation(draft("gangnam", "seoul", .district, "강남구", "Gangnam-gu", "서울특별시 강남구", 37.5172, 127.0473))
            let yeoksamDong = try writer.saveLocation(draft("yeoksam", "gangnam", .neighbourhood, "역삼동", "Yeoksam-dong", "서울특별시 강남구 역삼동", 37.5006, 127.0364))
            let mapo = try writer.saveLocation(draft("mapo", "seoul", .district, "마포구", "Mapo-gu", "서울특별시 마포구", 37.5663, 126.9019))
            _ = try writer.saveLocation(draft("busan", nil, .city, "부산", "Busan", "부산광역시", 35.1796, 129.0756))
            let haeundaeGu = try writer.saveLocation(draft("haeundae", "busan", .district, "해운대구", "Haeundae-gu", "부산광역시 해운대구", 35.1631, 129.1635))

            try writer.saveListing(listing(yeoksam, in: yeoksamDong, base: 100_000, at: (37.5006, 127.0364),
                                           pricing: PricingRules(basePrice: 100_000, weekendPrice: 120_000, extraGuestFee: 10_000,
                                                                 guestsIncluded: 2, cleaningFee: 30_000,
                                                                 weeklyDiscountBasisPoints: 1000, monthlyDiscountBasisPoints: 2000),
                                           maxGuests: 4, score: 100))
            try writer.replaceCalendar(of: yeoksam, with: [
                CalendarEntry(date: date("2027-12-28"), status: .booked),
                CalendarEntry(date: date("2027-12-29"), status: .booked),
                CalendarEntry(date: date("2027-12-31"), price: 200_000),
                CalendarEntry(date: date("2028-01-05"), closedToArrival: true),
            ])
            try writer.saveListing(listing(haeundae, in: haeundaeGu, base: 80_000, at: (35.1587, 129.1604),
                                           pricing: PricingRules(basePrice: 80_000, cleaningFee: 20_000),
                                           maxGuests: 2, minNights: 3, score: 90))
            // Ten more Seoul listings for sorting, paging and the histogram: 50,000 ... 500,000.
            for index in 1...10 {
                let id = ListingID(Int64(200 + index))
                let location = index.isMultiple(of: 2) ? mapo : gangnam
                try writer.saveListing(listing(id, in: location, base: Int64(index) * 50_000,
                                               at: (37.50 + Double(index) * 0.005, 126.95 + Double(index) * 0.01),
                                               pricing: PricingRules(basePrice: Int64(index) * 50_000, cleaningFee: 10_000,
                                                                     weeklyDiscountBasisPoints: 500),
                                               maxGuests: 2 + index % 4, score: 50 - index,
                                               roomType: index % 3 == 0 ? .privateRoom : .entireHome))
            }
        }
        try writer.refreshLocationStatistics()
    }

    static func draft(_ key: String, _ parent: String?, _ kind: LocationKind, _ name: String, _ english: String,
                      _ fullName: String, _ lat: Double, _ lng: Double) -> LocationDraft {
        LocationDraft(externalKey: key, parentKey: parent, kind: kind, name: name, nameEnglish: english,
                      fullName: fullName, fullNameEnglish: "\(english)", coordinate: Coordinate(latitude: lat, longitude: lng),
                      imageURL: "https://example.com/\(key).jpg")
    }

    static func listing(_ id: ListingID, in location: LocationID, base: Int64, at point: (Double, Double),
                        pricing: PricingRules, maxGuests: Int, minNights: Int = 1, score: Int,
                        roomType: RoomType = .entireHome) -> Listing {
        Listing(id: id, locationID: location, title: "숙소 \(id)", description: "테스트 숙소", roomType: roomType,
                coordinate: Coordinate(latitude: point.0, longitude: point.1), timeZone: "Asia/Seoul", currency: .krw,
                photoURLs: ["https://example.com/\(id)/1.jpg"], amenities: ["와이파이"],
                host: Host(name: "호스트", isSuperhost: score > 60, since: CalendarDate(year: 2020, month: 1, day: 1)),
                maxGuests: maxGuests, bedrooms: 1, beds: 1, bathrooms: 1, rating: 4.5 + Double(score % 5) / 10,
                reviewCount: score, pricing: pricing, minNights: minNights, maxNights: 365, recommendationScore: score)
    }
}
