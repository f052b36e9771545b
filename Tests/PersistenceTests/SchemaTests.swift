import Foundation
import Testing
import Domain
import Storage
@testable import Persistence

@Suite struct SchemaTests {
    @Test func migratesAnEmptyDatabaseOnceAndOnlyOnce() throws {
        let directory = try Self.temporaryDirectory()
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

    /// A CHECK `x IN (a, b, c)` costs a temporary b-tree for every row it checks (migration 15):
    /// no table's constraint lists more than two values with IN, and the constraints written
    /// with OR still refuse what they refused.
    @Test func checkConstraintsCompareInPlaceAndStillRefuse() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try openCatalogDatabase(path: directory.appending(path: "c.sqlite").path)
        let lists = try pool.read { db in
            try db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchAll { ($0.string(0), $0.string(1)) }
        }.flatMap { table, sql in
            sql.matches(of: /IN \(('[^']*'|\d+)(, ('[^']*'|\d+))+\)/).compactMap { match in
                match.output.0.matches(of: /'[^']*'|\d+/).count >= 3 ? "\(table): \(match.output.0)" : nil
            }
        }
        #expect(lists.isEmpty, "CHECK constraints with IN lists of three or more values: \(lists)")
        #expect(try Self.ephemeralTables(in: "INSERT INTO calendar_days (listing_id, day, status) VALUES (1, 1, 'booked')", pool) == 0)

        for sql in [
            "INSERT INTO calendar_days (listing_id, day, status) VALUES (1, 1, 'sold')",
            "INSERT INTO reservation_requests (reservation_id, status, expires_at) VALUES (1, 'lapsed', 1)",
            "INSERT INTO webhook_deliveries (endpoint_id, event_id, status, created_at, next_attempt_at) VALUES (1, 1, 'lost', 1, 1)",
        ] {
            let error = #expect(throws: DatabaseError.self) { try pool.write { try $0.execute(sql: sql) } }
            #expect(error?.message.contains("CHECK constraint failed") == true, "\(sql): \(String(describing: error))")
        }
    }

    /// A database migrated before version 15 has its constraints rewritten, and the writer that
    /// migrated it compiles the new ones at once (its schema is reloaded), as a new connection does.
    @Test func versionFifteenRewritesAnOlderDatabasesConstraints() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "old.sqlite").path
        let older = Migrator(migrations: Schema.migrations.filter { $0.version < 15 })
        let db = try Database(path: path)
        try older.migrate(db)
        #expect(try Self.ephemeralTables(in: "INSERT INTO calendar_days (listing_id, day, status) VALUES (1, 1, 'booked')", db) > 0)
        #expect(try Schema.migrator.migrate(db).map(\.version) == Self.versions(from: 15))
        #expect(try Self.ephemeralTables(in: "INSERT INTO calendar_days (listing_id, day, status) VALUES (1, 1, 'booked')", db) == 0)
        #expect(try Self.ephemeralTables(in: """
            INSERT INTO reservations (id, guest_id, listing_id, checkin, checkout, adults, children, infants, currency, \
            nightly_prices, line_items, total, cancellation_policy, status, created_at) \
            VALUES (1, 1, 1, 1, 2, 1, 0, 0, 'KRW', '1', 'a:1', 1, 'strict', 'confirmed', 1)
            """, db) == 0)
        #expect(try db.prepare("PRAGMA integrity_check").fetchOne { $0.string(0) } == "ok")
        let indexes = try db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").fetchAll { $0.string(0) }
        #expect(!indexes.contains("events_created") && !indexes.contains("idempotency_keys_created"))
        let fresh = try DatabasePool(path: path)
        #expect(try fresh.read { try Self.ephemeralTables(in: "UPDATE webhook_deliveries SET status = 'failed'", $0) } == 0)
    }

    /// Version 15 numbers the change log without AUTOINCREMENT: a log migrated with rows goes
    /// on after its highest, one emptied goes on after the number AUTOINCREMENT had reached,
    /// and no row writes `sqlite_sequence` any more.
    @Test(arguments: [false, true])
    func versionFifteenKeepsTheChangeLogsNumbering(emptied: Bool) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appending(path: "old.sqlite").path)
        try Migrator(migrations: Schema.migrations.filter { $0.version < 15 }).migrate(db)
        for _ in 0..<3 { try db.execute(sql: "INSERT INTO change_log (listing_id, reason, created_at) VALUES (1, 'listing', 0)") }
        if emptied { try db.execute(sql: "DELETE FROM change_log") }
        #expect(try Schema.migrator.migrate(db).map(\.version) == Self.versions(from: 15))

        try db.transaction { try ChangeLog.append(listing: ListingID(2), reason: .calendar, in: $0) }
        #expect(try db.prepare("SELECT seq FROM change_log WHERE listing_id = 2").fetchOne { $0.int64(0) } == 4)
        #expect(try ChangeLog.latestSequence(in: db) == 4)
        let trimmed = try db.prepare("SELECT trimmed_through FROM change_log_trim").fetchOne { $0.int64(0) }
        #expect(trimmed == (emptied ? 3 : 0))
        #expect(try db.prepare("SELECT count(*) FROM sqlite_sequence WHERE name = 'change_log'").fetchOne { $0.int(0) } == 0)
    }

    /// Version 16 makes `idempotency_keys` a rowid table (its rows appended, not put in random
    /// leaves): every key and receipt is kept, in the order they were stored, and the key
    /// still refuses a second row for one guest.
    @Test func versionSixteenKeepsEveryIdempotencyKeyInARowidTable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appending(path: "old.sqlite").path)
        try Migrator(migrations: Schema.migrations.filter { $0.version < 16 }).migrate(db)
        try db.execute(sql: "PRAGMA foreign_keys = OFF")  // keys alone, without their guests and reservations
        let rows: [(guest: Int64, key: String, created: Int64)] = [(7, "b", 300), (7, "a", 100), (9, "a", 200)]
        for row in rows {
            try db.execute(sql: """
                INSERT INTO idempotency_keys (guest_id, key, request_hash, reservation_id, response_body, created_at) \
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [row.guest, row.key, [UInt8](repeating: 1, count: 32), row.created, Array("{\"\(row.key)\"}".utf8),
                                 row.created])
        }
        let stored = "SELECT guest_id, key, reservation_id, response_body, created_at FROM idempotency_keys ORDER BY guest_id, key"
        func read(_ sql: String) throws -> [String] {
            try db.prepare(sql).fetchAll { row in (0..<5).map { row.optionalString($0) ?? "NULL" }.joined(separator: "|") }
        }
        let before = try read(stored)
        #expect(try Schema.migrator.migrate(db).map(\.version) == Self.versions(from: 16))

        #expect(try read(stored) == before)
        let table = try db.prepare("SELECT sql FROM sqlite_master WHERE name = 'idempotency_keys'").fetchOne { $0.string(0) }
        #expect(table?.contains("WITHOUT ROWID") == false)
        #expect(try db.prepare("SELECT created_at FROM idempotency_keys ORDER BY rowid").fetchAll { $0.int64(0) } == [100, 200, 300])
        let error = #expect(throws: DatabaseError.self) {
            try db.execute(sql: """
                INSERT INTO idempotency_keys (guest_id, key, request_hash, reservation_id, response_body, created_at) \
                VALUES (7, 'a', x'00', 1, x'00', 400)
                """)
        }
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(try db.prepare("PRAGMA integrity_check").fetchOne { $0.string(0) } == "ok")
    }

    /// Version 17 drops `reservation_nights`' index by reservation (a page in every booking's
    /// commit): ending a reservation finds its nights by the table's key instead, and none of
    /// its statements scans a table.
    @Test func aReservationsNightsAreFreedThroughTheTablesKey() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try openCatalogDatabase(path: directory.appending(path: "c.sqlite").path)
        let indexes = try pool.read { db in
            try db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'reservation_nights'")
                .fetchAll { $0.string(0) }
        }
        #expect(!indexes.contains("reservation_nights_reservation"))
        #expect(RequestEnding.freeNightsStatements.count == 3)
        for sql in RequestEnding.freeNightsStatements {
            let plan = try pool.read { db in
                try db.prepare("EXPLAIN QUERY PLAN " + sql).fetchAll { $0.string(3) }
            }
            #expect(!plan.isEmpty && plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(sql): \(plan)")
        }
    }

    /// The versions a database at `version - 1` is migrated through to the current one.
    private static func versions(from version: Int) -> [Int] {
        Schema.migrations.map(\.version).filter { $0 >= version }
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stays-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func ephemeralTables(in sql: String, _ pool: DatabasePool) throws -> Int {
        try pool.read { try ephemeralTables(in: sql, $0) }
    }

    /// How many temporary b-trees the statement's program opens.
    private static func ephemeralTables(in sql: String, _ db: Database) throws -> Int {
        try db.prepare("EXPLAIN " + sql).fetchAll { $0.string(1) }.filter { $0 == "OpenEphemeral" }.count
    }
}
