import Foundation
import PostgresStorage
import TestSupport
import Testing

@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresNotificationTests {
    @Test func aCommittedNotifyWakesAListenerAndARolledBackOneDoesNot() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let listener = try PostgresConnection(url: database.url)
        try listener.listen("stays_test")
        let writer = try PostgresConnection(url: database.url)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try writer.transaction { connection in
                try connection.query("SELECT pg_notify($1, '')", ["stays_test"])
                throw Abort()
            }
        }
        #expect(try listener.waitForNotifications(timeoutMilliseconds: 200) == 0)
        try writer.transaction { try $0.query("SELECT pg_notify($1, '')", ["stays_test"]) }
        #expect(try listener.waitForNotifications(timeoutMilliseconds: 5_000) == 1)
    }

    @Test func channelNamesAreCheckedNotSpliced() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        #expect(throws: PostgresError.self) { try connection.listen("x; DROP TABLE y") }
        #expect(throws: PostgresError.self) { try connection.listen("1abc") }
    }
}
