import Foundation
import PostgresStorage
import Storage
import TestSupport
import Testing

@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresMigratorTests {
    private let first = Migration(version: 1, name: "people", sql: "CREATE TABLE people (id BIGINT PRIMARY KEY);")
    // Not idempotent: applied twice, the INSERT would fail on the primary key.
    private let second = Migration(version: 2, name: "seed", sql: "INSERT INTO people VALUES (1);")

    @Test func appliesInOrderOnceAndIsIdempotent() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        let migrator = PostgresMigrator(migrations: [second, first])
        #expect(try migrator.migrate(connection).map(\.version) == [1, 2])
        #expect(try migrator.migrate(connection).isEmpty)
        #expect(try migrator.appliedMigrations(connection).map(\.checksum) == [first.checksum, second.checksum])
    }

    @Test func manyServersStartingAtOnceMigrateExactlyOnce() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let migrator = PostgresMigrator(migrations: [first, second])
        let applied = LockedBox<[Int]>([])
        let failures = LockedBox<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do {
                let connection = try PostgresConnection(url: database.url)
                let done = try migrator.migrate(connection)
                applied.mutate { $0 += done.map(\.version) }
            } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        #expect(failures.value.isEmpty)
        #expect(applied.value.sorted() == [1, 2])
        let connection = try PostgresConnection(url: database.url)
        #expect(try connection.queryOne("SELECT count(*) FROM people") { $0.int(0) } == 1)
    }

    @Test func refusesAnEditedMigrationBeforeChangingAnything() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try PostgresMigrator(migrations: [first]).migrate(connection)
        let edited = Migration(version: 1, name: "people", sql: "CREATE TABLE people (id BIGINT);")
        #expect(throws: MigrationError.self) {
            try PostgresMigrator(migrations: [edited, second]).migrate(connection)
        }
        #expect(try connection.queryOne("SELECT count(*) FROM people") { $0.int(0) } == 0)
    }

    @Test func aFailingMigrationKeepsNothingOfIt() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        let broken = Migration(version: 2, name: "broken", sql: "CREATE TABLE pets (id BIGINT); SELECT no_such_function();")
        #expect(throws: PostgresMigrationFailure.self) {
            try PostgresMigrator(migrations: [first, broken]).migrate(connection)
        }
        #expect(try connection.queryOne("SELECT to_regclass('pets') IS NULL") { $0.bool(0) } == true)
        #expect(try PostgresMigrator(migrations: [first]).appliedMigrations(connection).map(\.version) == [1])
    }
}
