import Testing
import Domain
@testable import DataImport

/// Newer snapshots leave `price` empty in listings.csv: such listings are imported with the
/// lower median of their calendar's prices (over available days, else all days), and only
/// listings without a price anywhere are skipped, each with its reason.
@Suite struct PriceFromCalendarTests {
    let options = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore",
                                cityName: "Singapore")

    func run(calendar: Bool = true) throws -> (ImportSummary, FakeCatalogWriter) {
        let writer = FakeCatalogWriter()
        let folder = Fixtures.root + "/empty-prices"
        let summary = try Importer().import(listingsFile: folder + "/listings.csv",
                                            calendarFile: calendar ? folder + "/calendar.csv" : nil,
                                            options: options, writer: writer, progress: { _ in })
        return (summary, writer)
    }

    @Test func listingsWithoutAPriceTakeTheirCalendarMedian() throws {
        let (summary, writer) = try run()
        func price(_ id: Int64) -> Int64? { writer.state.listings[ListingID(id)]?.pricing.basePrice }
        #expect(price(71609) == 15_000)     // its own price
        #expect(price(369145) == 7_000)
        #expect(price(275343) == 5_800)     // the one available day, not the booked ones' 55.00
        #expect(price(294281) == 8_500)     // the median, not the mean 103.50
        #expect(price(481789) == 3_700)     // nothing available: over all days
        #expect(summary.listingsImported == 5)
        #expect(summary.listingsPricedFromCalendar == 3)
        #expect(summary.listingsSkipped == 2)
        let skipped = summary.issues.filter { $0.file == .listings }
        #expect(skipped.map(\.line) == [7, 8])
        #expect(skipped.allSatisfy { $0.reason.hasPrefix("no price: price is empty and the calendar has no price") })
        #expect(summary.listingSkipReasons.count == 1)
        // Days priced away from the median are stored as exceptions of the new base price.
        let days = writer.state.calendars[ListingID(294281)] ?? []
        #expect(days.compactMap(\.price).sorted() == [6_000, 6_000, 20_000, 20_000, 20_000])
    }

    @Test func withoutACalendarOnlyPricedListingsAreImported() throws {
        let (summary, writer) = try run(calendar: false)
        #expect(Set(writer.state.listings.keys) == [ListingID(71609), ListingID(369145)])
        #expect(summary.listingsSkipped == 5)
        #expect(summary.issues.filter { $0.reason == "no price: price is empty and no calendar was given" }.count == 5)
    }
}
