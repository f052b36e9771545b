import Testing
@testable import Storage

@Suite struct MigratorTests {
    private let first = Migration(version: 1, name: "people", sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);")
    private let second = Migration(version: 2, name: "pets", sql: "CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER REFERENCES people(id));")

    private func tables(_ db: Database) throws -> [String] {
        try db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchAll { $0.string(0) }
    }

    @Test func appliesInVersionOrderAndIsIdempotent() throws {
        let db = try Database(inMemory: .init())
        // Given out of order: version 2 depends on version 1.
        let migrator = Migrator(migrations: [second, first])
        #expect(try migrator.migrate(db).map(\.version) == [1, 2])
        #expect(try tables(db) == ["people", "pets", "schema_migrations"])
        #expect(try migrator.migrate(db).isEmpty)
        let rows = try migrator.appliedMigrations(db)
        #expect(rows.map(\.version) == [1, 2])
        #expect(rows.map(\.checksum) == [first.checksum, second.checksum])
    }

    @Test func appliesOnlyWhatIsPending() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("m.sqlite")
        do {
            let db = try Database(path: path)
            try Migrator(migrations: [first]).migrate(db)
        }
        let db = try Database(path: path)
        #expect(try Migrator(migrations: [first, second]).migrate(db) == [second])
    }

    @Test func checksumIsStableFNV1a() {
        // FNV-1a 64 of the empty input is the offset basis; of "a", a published vector.
        #expect(Migration(version: 1, name: "x", sql: "").checksum == "cbf29ce484222325")
        #expect(Migration(version: 1, name: "x", sql: "a").checksum == "af63dc4c8601ec8c")
    }

    @Test func refusesAnEditedMigration() throws {
        let db = try Database(inMemory: .init())
        try Migrator(migrations: [first]).migrate(db)
        let edited = Migration(version: 1, name: "people", sql: first.sql + " -- tweak")
        let error = #expect(throws: MigrationError.self) { try Migrator(migrations: [edited, second]).migrate(db) }
        guard case .checksumMismatch(let version, let name, _, _) = error else {
            Issue.record("expected checksumMismatch, got \(String(describing: error))")
            return
        }
        #expect(version == 1)
        #expect(name == "people")
        #expect(error?.description.contains("people.sql") == true)
        // Refused before applying anything else.
        #expect(try tables(db) == ["people", "schema_migrations"])
    }

    @Test func refusesADatabaseNewerThanTheBuild() throws {
        let db = try Database(inMemory: .init())
        try Migrator(migrations: [first, second]).migrate(db)
        let error = #expect(throws: MigrationError.self) { try Migrator(migrations: [first]).migrate(db) }
        #expect(error == .unknownAppliedVersion(version: 2, name: "pets", newestKnown: 1))
    }

    @Test func refusesDuplicateVersions() throws {
        let db = try Database(inMemory: .init())
        let error = #expect(throws: MigrationError.self) {
            try Migrator(migrations: [first, Migration(version: 1, name: "again", sql: "")]).migrate(db)
        }
        #expect(error == .duplicateVersion(1))
    }

    @Test func aFailingMigrationLeavesNoPartialState() throws {
        let db = try Database(inMemory: .init())
        let broken = Migration(version: 2, name: "broken", sql: """
            CREATE TABLE halfway (x INTEGER);
            INSERT INTO people (name) VALUES ('kept only if the whole migration lands');
            INSERT INTO nowhere VALUES (1);
            """)
        let error = #expect(throws: MigrationError.self) { try Migrator(migrations: [first, broken]).migrate(db) }
        guard case .failed(let version, let name, let underlying) = error else {
            Issue.record("expected failed, got \(String(describing: error))")
            return
        }
        #expect(version == 2)
        #expect(name == "broken")
        #expect(underlying.message == "no such table: nowhere")
        // Migration 1 stays applied; nothing of migration 2 remains.
        #expect(try tables(db) == ["people", "schema_migrations"])
        #expect(try db.prepare("SELECT count(*) FROM people").fetchOne { $0.int(0) } == 0)
        #expect(try Migrator(migrations: [first]).appliedMigrations(db).map(\.version) == [1])
        #expect(!db.isInsideTransaction)
    }
}
