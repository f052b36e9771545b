import DataImport
import Domain
import Foundation
import Persistence
import Storage

/// The demo catalog a fresh `stays serve` starts with: deterministic for its seed.
public enum DemoData {
    public static let listingCount = 3000
    public static let seed: UInt64 = 20_261_122

    /// Seeds `listingCount` demo listings when the catalog has none.
    public static func seedIfEmpty(pool: DatabasePool, today: CalendarDate, log: (String) -> Void) throws {
        try seedIfEmpty(.sqlite(pool), today: today, log: log)
    }

    /// Seeds `listingCount` demo listings when the catalog has none — once, however many
    /// servers start on an empty PostgreSQL database together (`withBulkLoadLock`).
    public static func seedIfEmpty(_ database: CatalogDatabase, today: CalendarDate, log: (String) -> Void) throws {
        try database.withBulkLoadLock {
            guard try database.isEmpty() else { return }
            log("empty database, seeding \(listingCount) demo listings")
            let reporter = ProgressReporter()
            let summary = try DemoSeeder.seed(generator: DemoGenerator(seed: seed, listingCount: listingCount, today: today),
                                              writer: database.writer(), progress: reporter.handle)
            var path: String?
            if case .sqlite(let pool) = database { path = pool.path }
            reporter.finish(summary: "stays: seeded \(summary.listings) listings, \(summary.locations) locations, "
                            + "\(summary.calendarEntries) calendar entries", databasePath: path)
        }
    }
}
