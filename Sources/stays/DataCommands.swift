import Application
import CommandLineOptions
import DataImport
import Domain
import Foundation
import Persistence
import Storage

/// `stays seed`.
enum SeedCommand {
    /// Listings per transaction unless `--batch-size` says otherwise.
    static let batchSize = 1000

    static let specs: [OptionSpec] = [
        DatabaseSetting.spec,
        OptionSpec.value("listings", "N", "how many listings to generate").defaulting(to: String(DemoData.listingCount)),
        OptionSpec.value("seed", "S", "generator seed; the same seed gives the same data").defaulting(to: String(DemoData.seed)),
        OptionSpec.value("batch-size", "N", "listings per transaction").defaulting(to: String(batchSize)),
        .today,
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let count = try options.integer("listings", default: DemoData.listingCount, in: 1...10_000_000)
        let batchSize = try options.integer("batch-size", default: Self.batchSize, in: 1...100_000)
        let seedText = options.string("seed", default: String(DemoData.seed))
        guard let seed = UInt64(seedText) else { throw options.invalid("seed", seedText, "expected a whole number") }
        let today = try options.dateProvider().today(in: DemoGenerator.timeZone)
        let database = try CatalogDatabase.open(DatabaseSetting(options).location)
        let reporter = ProgressReporter()
        let summary = try database.withBulkLoadLock {
            try DemoSeeder.seed(generator: DemoGenerator(seed: seed, listingCount: count, today: today),
                                writer: database.writer(), batchSize: batchSize, progress: reporter.handle)
        }
        reporter.finish(summary: "seeded \(summary.listings) listings, \(summary.locations) locations, "
                        + "\(summary.calendarEntries) calendar entries", databasePath: try checkpoint(database))
        return 0
    }
}

/// `stays import`.
enum ImportCommand {
    /// The listings' time zone unless `--time-zone` says otherwise.
    static let timeZone = "Asia/Seoul"

    static let specs: [OptionSpec] = [
        DatabaseSetting.spec,
        .value("listings", "FILE", "Inside Airbnb listings.csv (summary or detailed)"),
        .value("calendar", "FILE", "Inside Airbnb calendar.csv"),
        .value("neighbourhoods", "FILE", "Inside Airbnb neighbourhoods.csv: the group of a neighbourhood whose listings leave it empty"),
        .value("neighbourhoods-geojson", "FILE", "Inside Airbnb neighbourhoods.geojson: a neighbourhood's area and centre from its polygon"),
        .value("reviews", "FILE", "Inside Airbnb reviews.csv: review texts of the imported listings, shown without a rating"),
        .value("currency", "CODE", "ISO 4217 currency of the prices (the files write every currency with $)"),
        OptionSpec.value("time-zone", "IANA", "time zone of the listings").defaulting(to: timeZone),
        .value("city", "NAME", "name of the city the neighbourhoods belong to (default: from the file name's folder)"),
        .flag("shift-dates", "move calendar dates so the snapshot's first day becomes today"),
        .today,
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        guard let listings = options.string("listings") else { throw UsageError("import needs --listings FILE") }
        guard let currencyText = options.string("currency") else {
            throw UsageError("import needs --currency CODE (Inside Airbnb writes every currency with $)")
        }
        guard let currency = CurrencyCode(validating: currencyText) else {
            throw options.invalid("currency", currencyText, "expected an ISO 4217 code such as KRW or SGD")
        }
        let timeZone = options.string("time-zone", default: Self.timeZone)
        guard TimeZone(identifier: timeZone) != nil else {
            throw options.invalid("time-zone", timeZone, "expected an IANA time zone such as Asia/Singapore")
        }
        let city = options.string("city") ?? URL(fileURLWithPath: listings).deletingLastPathComponent().lastPathComponent
        let shiftTo = try options.flag("shift-dates") ? options.dateProvider().today(in: timeZone) : nil
        let database = try CatalogDatabase.open(DatabaseSetting(options).location)
        let reporter = ProgressReporter()
        let summary = try database.withBulkLoadLock {
            try Importer().import(
                listingsFile: listings, calendarFile: options.string("calendar"),
                options: ImportOptions(currency: currency, timeZone: timeZone, cityName: city, shiftDatesTo: shiftTo,
                                       neighbourhoodsFile: options.string("neighbourhoods"),
                                       neighbourhoodsGeoJSONFile: options.string("neighbourhoods-geojson"),
                                       reviewsFile: options.string("reviews")),
                writer: database.writer(), progress: reporter.handle)
        }
        reporter.finish(summary: summary.report, databasePath: try checkpoint(database))
        // Some rows skipped is a normal import (each is reported above); none kept is a failure.
        return summary.importedAnything ? 0 : 1
    }
}

/// SQLite: moves the write-ahead log into the database file, so the size reported after a
/// bulk write is the real one and the next reader starts from a short log; returns the
/// file's path for that report. PostgreSQL: nothing to do, no file to report (nil).
func checkpoint(_ database: CatalogDatabase) throws -> String? {
    guard case .sqlite(let pool) = database else { return nil }
    try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    return pool.path
}
