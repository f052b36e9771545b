import Foundation
import Testing
import Storage
@testable import Persistence

@Suite struct SchemaTests {
    @Test func migratesAnEmptyDatabaseOnceAndOnlyOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stays-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "c.sqlite").path

        #expect(!Schema.migrations.isEmpty)
        #expect(Schema.migrations.first?.version == 1)
        let pool = try openCatalogDatabase(path: path)
        let tables = try pool.read { db in
            try db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchAll { $0.string(0) }
        }
        #expect(tables == ["account_tokens", "accounts", "calendar_days", "calendar_exports", "calendar_import_closures",
                           "calendar_import_nights", "calendar_imports", "change_log", "change_log_trim", "events", "guests",
                           "idempotency_keys", "listing_drafts", "listing_imported_ratings", "listings", "location_ancestors",
                           "locations", "mail_outbox", "notifications", "reservation_nights", "reservation_requests",
                           "reservations", "review_reminders", "reviews", "schema_migrations", "sessions", "sign_in_failures",
                           "spent_refresh_tokens", "sqlite_sequence", "webhook_deliveries", "webhook_endpoints", "wishlist"])
        let applied = try pool.read { try Schema.migrator.appliedMigrations($0) }
        #expect(applied.map(\.version) == Schema.migrations.map(\.version))
        #expect(applied.map(\.checksum) == Schema.migrations.map(\.checksum))
        // Opening again applies nothing.
        let again = try DatabasePool(path: path)
        #expect(try Schema.migrator.migrate(again).isEmpty)
    }
}
