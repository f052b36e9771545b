import Domain
import Foundation
import Persistence
import Storage

/// A catalog of its own for the calendar-against-quote tests: listings whose calendars
/// exercise every rule a stay must pass (booked and blocked runs leaving single free nights,
/// minimum and maximum nights overridden by day, closed to arrival and to departure, an
/// availability window), over the year end and 2028-02-29. "Today" is
/// `CatalogFixture.today` (2027-12-20).
enum CalendarFixture {
    /// Minimum 2, maximum 6 nights; available until 2028-02-20.
    static let strict = ListingID(301)
    /// Minimum 1, maximum 3 nights, with longer minimums on some days.
    static let loose = ListingID(302)
    /// Minimum 3, maximum 5 nights; the only way through February's end is around 02-29.
    static let leap = ListingID(303)
    static let listings = [strict, loose, leap]

    static func make(in directory: URL) throws -> DatabasePool {
        let pool = try openCatalogDatabase(path: directory.appendingPathComponent("stays.sqlite").path)
        let writer = SQLiteCatalogWriter(pool: pool)
        func date(_ text: String) -> CalendarDate { CatalogFixture.date(text) }
        func booked(_ from: String, _ nights: Int, _ status: DayStatus = .booked) -> [CalendarEntry] {
            (0..<nights).map { CalendarEntry(date: date(from).adding(days: $0), status: status) }
        }
        try writer.transaction {
            let seoul = try writer.saveLocation(CatalogFixture.draft("seoul", nil, .city, "서울", "Seoul", "서울특별시",
                                                                     37.5665, 126.978))
            var strict = CatalogFixture.listing(self.strict, in: seoul, base: 100_000, at: (37.55, 126.97),
                                                pricing: PricingRules(basePrice: 100_000), maxGuests: 4,
                                                minNights: 2, score: 10)
            strict.maxNights = 6
            strict.availableUntil = date("2028-02-20")
            try writer.saveListing(strict)
            try writer.replaceCalendar(of: self.strict, with:
                booked("2027-12-21", 1)                 // 12-20 alone before it: one free night
                + booked("2027-12-23", 2)               // 12-22 alone again
                + booked("2027-12-30", 1, .blocked)     // across the year end
                + booked("2028-01-08", 3)
                + [CalendarEntry(date: date("2027-12-27"), closedToArrival: true),
                   CalendarEntry(date: date("2028-01-03"), closedToDeparture: true),
                   CalendarEntry(date: date("2028-01-04"), closedToDeparture: true),
                   CalendarEntry(date: date("2028-01-14"), minNights: 4, maxNights: 4),
                   CalendarEntry(date: date("2028-01-20"), closedToArrival: true, closedToDeparture: true)]
                + booked("2028-02-01", 1))

            var loose = CatalogFixture.listing(self.loose, in: seoul, base: 60_000, at: (37.56, 126.98),
                                               pricing: PricingRules(basePrice: 60_000), maxGuests: 2, score: 9)
            loose.maxNights = 3
            try writer.saveListing(loose)
            try writer.replaceCalendar(of: self.loose, with:
                booked("2027-12-24", 2, .blocked)
                + [CalendarEntry(date: date("2027-12-28"), minNights: 3),
                   CalendarEntry(date: date("2027-12-31"), closedToArrival: true),
                   CalendarEntry(date: date("2028-01-01"), closedToDeparture: true),
                   CalendarEntry(date: date("2028-01-10"), minNights: 5, maxNights: 5)]
                + booked("2028-01-12", 1))

            var leap = CatalogFixture.listing(self.leap, in: seoul, base: 70_000, at: (37.57, 126.99),
                                              pricing: PricingRules(basePrice: 70_000), maxGuests: 2,
                                              minNights: 3, score: 8)
            leap.maxNights = 5
            try writer.saveListing(leap)
            try writer.replaceCalendar(of: self.leap, with:
                booked("2028-02-24", 1) + booked("2028-03-03", 2)
                + [CalendarEntry(date: date("2028-02-29"), closedToArrival: true),
                   CalendarEntry(date: date("2028-03-01"), closedToDeparture: true)])
        }
        try writer.refreshLocationStatistics()
        return pool
    }
}
