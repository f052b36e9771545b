import API
import DataImport
import Domain
import Foundation
import HTTPServer
import Persistence
import Storage

/// A wired Stays server: database, search index, services, routes and HTTP server, built
/// by `buildApplication` — the one wiring `stays serve` and the end-to-end tests share.
///
/// Thread safety: `Sendable`; `start`, `shutdown` and `waitUntilStopped` as `HTTPServer`.
public final class Application: Sendable {
    public let configuration: ApplicationConfiguration
    public let pool: DatabasePool
    public let catalog: IndexedCatalog
    public let services: APIServices
    public let server: HTTPServer
    private let janitor: ChangeLogJanitor

    init(configuration: ApplicationConfiguration, pool: DatabasePool, catalog: IndexedCatalog, services: APIServices,
         server: HTTPServer, janitor: ChangeLogJanitor) {
        self.configuration = configuration
        self.pool = pool
        self.catalog = catalog
        self.services = services
        self.server = server
        self.janitor = janitor
    }

    /// Starts listening; returns the bound port (the configured one, or the free one picked
    /// for port 0).
    public func start() throws -> Int {
        try server.start()
    }

    /// Stops accepting, finishes in-flight requests (up to the grace period), closes.
    public func shutdown() {
        janitor.stop()
        server.shutdown()
    }

    public func waitUntilStopped() {
        server.waitUntilStopped()
    }
}

/// Opens (creating and migrating) the database, seeds an empty one with demo data when
/// configured, loads the search index and builds the services and routes. Does not start
/// listening: call `start()`.
public func buildApplication(_ configuration: ApplicationConfiguration) throws -> Application {
    let pool = try openCatalogDatabase(path: configuration.databasePath)
    if configuration.seedDemoData {
        try DemoData.seedIfEmpty(pool: pool, today: configuration.dateProvider.today(in: configuration.timeZone),
                                 log: configuration.log)
    }
    let sqlite = SQLiteCatalog(pool: pool)
    let catalog = try IndexedCatalog(catalog: sqlite)
    configuration.log("search index: \(catalog.index.summary)")
    let limit = configuration.guestsPerMinutePerAddress
    let services = APIServices(
        catalog: catalog, bookingStore: SQLiteBookingStore(pool: pool), dateProvider: configuration.dateProvider,
        pricing: configuration.pricing, timeZone: configuration.timeZone, currency: try sqlite.dominantCurrency(),
        guestCreationLimit: limit > 0 ? RateLimiter(limit: limit, periodSeconds: 60) : nil,
        readiness: { try sqlite.checkReadable() })
    let log = configuration.log
    let server = HTTPServer(configuration: configuration.server,
                            responder: StaysAPI.router(services: services).responder(errorLog: log),
                            accessLog: configuration.accessLog)
    let janitor = ChangeLogJanitor(writer: SQLiteCatalogWriter(pool: pool), log: log)
    return Application(configuration: configuration, pool: pool, catalog: catalog, services: services, server: server,
                       janitor: janitor)
}
