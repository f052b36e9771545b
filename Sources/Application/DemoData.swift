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

    /// The demo hosts besides host@stays.example: every demo listing belongs to one of them.
    static let moreDemoHosts = [("host2@stays.example", "데모 호스트 2"), ("host3@stays.example", "데모 호스트 3")]
    /// One demo listing in this many is request-to-book (`instantBook: false`).
    public static let requestToBookEvery = 5

    /// The demo guest and the demo hosts, created with the demo catalog: their emails and one
    /// generated password are logged this once (nothing else ever shows the password).
    /// Returns the guest's id and the hosts' ids (host@stays.example first), for
    /// `assignListings` and `bookPastStay`.
    @discardableResult
    public static func createDemoAccounts(_ accounts: AccountService, log: (String) -> Void) throws
        -> (guest: GuestID, hosts: [AccountID]) {
        // 16 random base64url characters: 96 bits, never a common password.
        let password = String(GuestToken().text.prefix(16))
        var hosts: [AccountID] = []
        var guest = GuestID(0)
        for (email, name, roles) in [("guest@stays.example", "데모 게스트", ["guest"]),
                                     ("host@stays.example", "데모 호스트", ["guest", "host"])]
            + moreDemoHosts.map({ ($0.0, $0.1, ["host"]) }) {
            let account = try accounts.createAccount(SignUpForm(email: email, password: Password(password), name: name,
                                                                roles: roles), verified: true)
            if roles.contains("host") { hosts.append(account.id) } else { guest = account.guestID }
        }
        log("demo accounts: guest@stays.example (guest) and host@stays.example, "
            + moreDemoHosts.map(\.0).joined(separator: ", ") + " (hosts of the demo listings), password \(password) "
            + "(shown only now; `stays accounts create` makes more)")
        return (guest, hosts)
    }

    /// The demo guest's one finished stay: three nights that ended the day before `today`, at
    /// the last instant-book listing of host2@stays.example (`hosts[1]`), so that a fresh demo
    /// has a trip to review and its reminders (`review.reminder`) to show. (host@stays.example,
    /// whose screens the browser test walks, keeps an inbox without it.)
    static func bookPastStay(for guest: GuestID, hosts: [AccountID], engine: some StoreEngine, today: CalendarDate,
                             pricing: PricingConfiguration) throws {
        guard hosts.count > 1, let stay = Stay(checkin: today.adding(days: -4), checkout: today.adding(days: -1)) else { return }
        try engine.bookDemoStay(stay, guest: guest, atListingOf: hosts[1], pricing: pricing)
    }
}
