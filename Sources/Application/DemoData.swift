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
    @discardableResult
    public static func seedIfEmpty(pool: DatabasePool, today: CalendarDate, log: (String) -> Void) throws -> Bool {
        try seedIfEmpty(.sqlite(pool), today: today, log: log)
    }

    /// Seeds `listingCount` demo listings when the catalog has none — once, however many
    /// servers start on an empty PostgreSQL database together (`withBulkLoadLock`). True when
    /// this call seeded.
    @discardableResult
    public static func seedIfEmpty(_ database: CatalogDatabase, today: CalendarDate, log: (String) -> Void) throws -> Bool {
        try database.withBulkLoadLock {
            guard try database.isEmpty() else { return false }
            log("empty database, seeding \(listingCount) demo listings")
            let reporter = ProgressReporter()
            let summary = try DemoSeeder.seed(generator: DemoGenerator(seed: seed, listingCount: listingCount, today: today),
                                              writer: database.writer(), progress: reporter.handle)
            var path: String?
            if case .sqlite(let pool) = database { path = pool.path }
            reporter.finish(summary: "stays: seeded \(summary.listings) listings, \(summary.locations) locations, "
                            + "\(summary.calendarEntries) calendar entries", databasePath: path)
            return true
        }
    }

    /// The demo guest and the demo host, created with the demo catalog: their emails and one
    /// generated password are logged this once (nothing else ever shows the password).
    public static func createDemoAccounts(_ accounts: AccountService, log: (String) -> Void) throws {
        // 16 random base64url characters: 96 bits, never a common password.
        let password = String(GuestToken().text.prefix(16))
        for (email, name, roles) in [("guest@stays.example", "데모 게스트", ["guest"]),
                                     ("host@stays.example", "데모 호스트", ["guest", "host"])] {
            _ = try accounts.createAccount(SignUpForm(email: email, password: Password(password), name: name, roles: roles),
                                           verified: true)
        }
        log("demo accounts: guest@stays.example (guest) and host@stays.example (host), password \(password) "
            + "(shown only now; `stays accounts create` makes more)")
    }
}
