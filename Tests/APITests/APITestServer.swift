import API
import Application
import Domain
import Foundation
import HTTPServer
import Persistence
import Storage
import TestSupport

/// The real server (routes, services, SQLite repository) on a free port over the fixture
/// catalog, for tests that talk to it through a socket like a client would.
final class APITestServer: @unchecked Sendable {
    /// A storage engine an end-to-end test runs against: the same test code on both.
    enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
        /// SQLite always; PostgreSQL when a test server is configured (a note says so otherwise).
        static var available: [Engine] { TemporaryPostgresDatabase.isAvailable ? [.sqlite, .postgres] : [.sqlite] }
    }

    let directory: URL
    /// The SQLite catalog; nil on PostgreSQL.
    let pool: DatabasePool!
    let application: Application
    let port: Int
    /// The PostgreSQL database; nil on SQLite.
    let postgres: TemporaryPostgresDatabase?

    /// The production wiring (`buildApplication`) over the fixture catalog, on a free port.
    /// `catalog` writes the database in the given directory (the shared fixture by default);
    /// on PostgreSQL (`engine`) the fixture is written into a fresh database instead.
    /// `extra`: more catalog writes after the fixture's, on either engine.
    /// `configure`: changes to the configuration before the application is built.
    init(engine: Engine = .sqlite, today: CalendarDate = CatalogFixture.today, guestsPerMinute: Int = 0,
         catalog: (URL) throws -> DatabasePool = CatalogFixture.make,
         extra: (any CatalogWriting) throws -> Void = { _ in },
         configure: (inout ApplicationConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ApplicationConfiguration()
        switch engine {
        case .sqlite:
            pool = try catalog(directory)
            try extra(SQLiteCatalogWriter(pool: pool))
            postgres = nil
            configuration.databasePath = pool.path
        case .postgres:
            guard let database = try CatalogFixture.makePostgres(extra: extra) else {
                throw ClientError(description: "no PostgreSQL test server (STAYS_TEST_POSTGRES_URL)")
            }
            pool = nil
            postgres = database
            configuration.databasePath = database.url
        }
        configuration.seedDemoData = false
        configuration.dateProvider = FixedDateProvider(today)
        configuration.guestsPerMinutePerAddress = guestsPerMinute
        configuration.server.port = 0
        configuration.log = { _ in }
        // Account mail as files in the test's own folder, picked up at once; cheap hashes.
        configuration.mail.directory = directory.appendingPathComponent("mail").path
        configuration.mail.pollSeconds = 1
        configuration.passwordHashing = .testing
        configure(&configuration)
        application = try buildApplication(configuration)
        port = try application.start()
    }

    deinit {
        application.shutdown()
        application.waitUntilStopped()
        try? FileManager.default.removeItem(at: directory)
    }

    /// One GET on a fresh connection.
    func get(_ target: String, headers: [(String, String)] = []) throws -> ClientResponse {
        try TestClient(port: port).get(target, headers: headers)
    }

    /// One GET whose body must be a JSON object.
    func json(_ target: String, status: Int = 200, headers: [(String, String)] = []) throws -> [String: Any] {
        let response = try get(target, headers: headers)
        guard response.status == status else {
            throw ClientError(description: "GET \(target): expected \(status), got \(response.status): \(response.text)")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw ClientError(description: "GET \(target): body is not a JSON object")
        }
        return object
    }

    /// One percent-encoded query value.
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    /// The shared server most tests use; tests that write to the catalog make their own.
    /// On PostgreSQL when `STAYS_TEST_ENGINE=postgres` (and `STAYS_TEST_POSTGRES_URL`) are
    /// set: `.ci/postgres.sh` runs the read suites a second time that way, the same test code
    /// against the second engine.
    static let shared: APITestServer = {
        let engine: Engine = ProcessInfo.processInfo.environment["STAYS_TEST_ENGINE"] == "postgres" ? .postgres : .sqlite
        do { return try APITestServer(engine: engine) } catch { fatalError("cannot start the API test server: \(error)") }
    }()
}

