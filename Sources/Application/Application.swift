import API
import DataImport
import Domain
import Foundation
import HTTPServer
import Persistence
import PostgresStorage
import SearchIndex
import Storage
import Synchronization

/// A wired Stays server: database, search index, services, routes and HTTP server, built
/// by `buildApplication` — the one wiring `stays serve` and the end-to-end tests share.
///
/// Thread safety: `Sendable`; `start`, `shutdown` and `waitUntilStopped` as `HTTPServer`.
public final class Application: Sendable {
    public let configuration: ApplicationConfiguration
    /// The database, of either engine.
    public let database: CatalogDatabase
    public let catalog: IndexedCatalog
    public let services: APIServices
    public let server: HTTPServer
    public let metrics: Metrics
    /// The listener of `GET /metrics` alone, when `configuration.metricsPort` is set.
    public let metricsServer: HTTPServer?
    /// Background upkeep (`Maintenance`), stopped at shutdown.
    private let maintenance: [RepeatingTask]
    private let boundMetricsPort = Atomic<Int>(-1)

    init(configuration: ApplicationConfiguration, database: CatalogDatabase, catalog: IndexedCatalog,
         services: APIServices, server: HTTPServer, metrics: Metrics, metricsServer: HTTPServer?,
         maintenance: [RepeatingTask]) {
        self.configuration = configuration
        self.database = database
        self.catalog = catalog
        self.services = services
        self.server = server
        self.metrics = metrics
        self.metricsServer = metricsServer
        self.maintenance = maintenance
    }

    /// The SQLite pool when the database is a SQLite file, else nil.
    public var pool: DatabasePool? {
        if case .sqlite(let pool) = database { return pool }
        return nil
    }

    /// Starts listening (and the metrics listener, if configured); returns the bound port
    /// (the configured one, or the free one picked for port 0).
    public func start() throws -> Int {
        if let metricsServer {
            boundMetricsPort.store(try metricsServer.start(), ordering: .relaxed)
        }
        return try server.start()
    }

    /// The metrics listener's bound port once started; nil without one.
    public var metricsPort: Int? {
        let port = boundMetricsPort.load(ordering: .relaxed)
        return port >= 0 ? port : nil
    }

    /// Stops accepting, finishes in-flight requests (up to the grace period), closes.
    public func shutdown() {
        for task in maintenance { task.stop() }
        server.shutdown()
        metricsServer?.shutdown()
    }

    /// Returns when both listeners and their connections are closed, and the access log is
    /// written out.
    public func waitUntilStopped() {
        server.waitUntilStopped()
        metricsServer?.waitUntilStopped()
        configuration.accessLog?.flush()
    }
}

/// Opens (creating and migrating) the database of either engine, seeds an empty one with
/// demo data when configured (once, however many servers start on one PostgreSQL database
/// together), loads the search index and builds the services and routes. Does not start
/// listening: call `start()`.
public func buildApplication(_ configuration: ApplicationConfiguration) throws -> Application {
    let clock = ContinuousClock()
    let started = clock.now
    let database: CatalogDatabase
    switch configuration.database {
    case .sqlite(let path):
        database = .sqlite(try openServedDatabase(path: path, configuration: configuration))
    case .postgres:
        guard !configuration.readOnly else { throw ReadOnlyDatabaseError(path: configuration.database.description, pending: []) }
        database = try CatalogDatabase.open(configuration.database)
    }
    if case .postgres(let pool) = database {
        configuration.log("database: PostgreSQL \(configuration.database), \(pool.maximumConnectionCount) connections at most")
    }
    var seeded = false
    if configuration.seedDemoData && !configuration.readOnly {
        seeded = try DemoData.seedIfEmpty(database, today: configuration.dateProvider.today(in: configuration.timeZone),
                                 log: configuration.log)
    }
    // Every SQLite reader now, so a burst never opens database files; then the connection cap
    // fits what is left of the descriptor limit (raised to the hard limit first).
    if case .sqlite(let pool) = database { try pool.openAllReaders() }
    var serverConfiguration = configuration.server
    let requestedCap = serverConfiguration.maxConnections
    if let limit = DescriptorLimit.raiseSoftToHard() {
        let reserve = descriptorReserve(database, metricsListener: configuration.metricsPort != nil)
        let cap = serverConfiguration.fitConnectionCap(toDescriptorLimit: limit.soft, reserve: reserve)
        configuration.log("file descriptors: limit \(limit.soft) (hard \(limit.hard)); connection cap \(cap)"
            + (cap < requestedCap ? " (lowered from \(requestedCap), keeping \(reserve) in reserve)" : ""))
    }
    let engine = database.engine
    let accounts = try AccountWiring.service(configuration, engine: engine)
    if seeded {
        // Before the search index loads, so it loads the demo hosts' request-to-book
        // listings as they are (after it, their change-log row would start a rebuild that
        // a first search could race).
        let demo = try DemoData.createDemoAccounts(accounts, log: configuration.log)
        try engine.assignListings(to: demo.hosts, requestToBookEvery: DemoData.requestToBookEvery)
        try DemoData.bookPastStay(for: demo.guest, hosts: demo.hosts, engine: engine,
                                  today: configuration.dateProvider.today(in: configuration.timeZone),
                                  pricing: configuration.pricing)
    }
    let catalog = try engine.indexedCatalog(afterRebuild: ProcessMemory.releaseFreeHeap)
    configuration.log("search index: \(catalog.index.summary); serving after \(clock.now - started)")
    var maintenance: [RepeatingTask]
    let readiness: @Sendable () throws -> Void
    switch database {
    case .sqlite(let pool):
        maintenance = Maintenance.tasks(for: pool, readOnly: configuration.readOnly, log: configuration.log)
        readiness = { try pool.faults.checkWritable(); try engine.checkReadable() }
    case .postgres:
        maintenance = [Maintenance.changeLogTrim(of: database, log: configuration.log)]
        readiness = { try engine.checkReadable() }
    }

    if !configuration.readOnly { maintenance.append(AccountWiring.mailDelivery(configuration, engine: engine)) }

    let limit = configuration.guestsPerMinutePerAddress
    var services = APIServices(
        catalog: catalog, bookingStore: engine.bookingStore(), dateProvider: configuration.dateProvider,
        pricing: configuration.pricing, timeZone: configuration.timeZone, currency: try engine.dominantCurrency(),
        guestCreationLimit: limit > 0 ? RateLimiter(limit: limit, periodSeconds: 60) : nil,
        requestExpirySeconds: configuration.requestExpirySeconds,
        accounts: accounts, readiness: readiness)
    if services.accounts != nil {
        (services.notifications, services.webhooks) = WebhookWiring.services(configuration, engine: engine)
    }
    let reviews = ReviewWiring.service(configuration, engine: engine)
    services.reviews = reviews
    if !configuration.readOnly {
        maintenance.append(ReviewWiring.publishing(reviews, every: configuration.reviewJobInterval, log: configuration.log))
        maintenance.append(ReviewWiring.reminding(reviews, every: configuration.reviewJobInterval, log: configuration.log))
    }
    let hosts = HostService(store: engine.hostStore(), dateProvider: configuration.dateProvider,
                            configuration: configuration.hosts, searchCatchUp: {
        do { try catalog.waitForRebuilds() } catch {
            configuration.log("search index: catching up after a listing write failed: \(error)")
        }
    })
    services.hosts = hosts
    if !configuration.readOnly { maintenance.append(RequestExpiry.task(hosts, log: configuration.log)) }
    if !configuration.readOnly {
        maintenance.append(AccountWiring.signInFailureTrim(accounts, log: configuration.log))
    }
    let log = configuration.log
    if !configuration.readOnly {
        let sync = CalendarSyncWiring.service(configuration, engine: engine)
        services.calendarSync = sync
        maintenance.append(CalendarSyncWiring.polling(sync, log: log))
    }

    let metrics = Metrics()
    registerApplicationMetrics(metrics, catalog: catalog, database: database, services: services,
                               accessLog: configuration.accessLog)
    if case .sqlite(let pool) = database { registerStorageFaultMetrics(metrics, faults: pool.faults) }
    let deliverer = WebhookWiring.deliverer(configuration, engine: engine)
    WebhookWiring.registerMetrics(metrics, deliverer: deliverer, engine: engine, dateProvider: configuration.dateProvider)
    if !configuration.readOnly { maintenance += WebhookWiring.workers(deliverer, configuration) }
    if let sync = services.calendarSync { CalendarSyncWiring.registerMetrics(metrics, sync: sync) }
    var router = StaysAPI.router(services: services, webClient: configuration.webClient)
    var metricsServer: HTTPServer?
    if let port = configuration.metricsPort {
        var listener = configuration.server
        listener.port = port
        metricsServer = HTTPServer(configuration: listener, responder: metrics.responder(), eventLoops: 1, log: log)
    } else {
        // Loopback only: a scrape from elsewhere uses `--metrics-port` (docs/deployment.md).
        router.get("/metrics", using: [LocalOnly()]) { [metrics] _ in metrics.response() }
    }
    let server = HTTPServer(configuration: serverConfiguration,
                            responder: router.responder(errorLog: log, metrics: metrics,
                                                        compression: configuration.compression, cors: configuration.cors),
                            accessLog: configuration.accessLog?.sink, metrics: metrics, log: log)
    return Application(configuration: configuration, database: database, catalog: catalog,
                       services: services, server: server, metrics: metrics, metricsServer: metricsServer,
                       maintenance: maintenance)
}

/// Descriptors kept out of the connection cap: 64 for the listener(s), epoll, pipes, log files
/// and the like, plus the database's: on SQLite each connection with its database, WAL and
/// shm files (the readers, the writer and the checkpointer); on PostgreSQL a socket per
/// pooled connection and the listening one.
func descriptorReserve(_ database: CatalogDatabase, metricsListener: Bool) -> Int {
    let databaseDescriptors: Int
    switch database {
    case .sqlite(let pool): databaseDescriptors = 3 * (pool.maximumReaderCount + 2)
    case .postgres(let pool): databaseDescriptors = pool.maximumConnectionCount + 1
    }
    return 64 + databaseDescriptors + (metricsListener ? 1 : 0)
}

/// A database file that cannot be opened while serving means the process is short of
/// descriptors (the path was good at start): 503 with `Retry-After`, not 500.
extension DatabaseOpenError: ResourceExhaustionError {}

/// PostgreSQL restarting, failing over, down or at its connection limit: 503 with
/// `Retry-After`, not 500. A booking that met it may be sent again with its idempotency key.
extension PostgresUnavailableError: ResourceExhaustionError {
    public var unavailableDetail: String { "The database cannot be reached; try again shortly." }
}

/// The metrics beyond HTTP's: the search index, the database pool, bookings, the access log
/// and the build.
private func registerApplicationMetrics(_ metrics: Metrics, catalog: IndexedCatalog, database: CatalogDatabase,
                                        services: APIServices, accessLog: AccessLogWriter?) {
    let bookings = services.bookings.counters
    let buildLabels = [("version", BuildInfo.version), ("commit", BuildInfo.commit), ("swift", BuildInfo.swift)]
    metrics.register { text in
        let index = catalog.status
        text.family("stays_search_index_sequence", .gauge, "The change-log sequence the search index has applied.")
        text.sample("stays_search_index_sequence", Int(index.sequence))
        text.family("stays_search_index_listings", .gauge, "Listings in the search index.")
        text.sample("stays_search_index_listings", index.listings)
        text.family("stays_search_index_last_update_timestamp_seconds", .gauge,
                    "When the search index last changed (load, patch or rebuild), in seconds since 1970.")
        text.sample("stays_search_index_last_update_timestamp_seconds", index.lastUpdate)
        text.family("stays_search_index_rebuilds_total", .counter,
                    "Full rebuilds of the search index swapped in since start (its memory is built anew).")
        text.sample("stays_search_index_rebuilds_total", catalog.rebuildCount)
        switch database {
        case .sqlite(let pool):
            text.family("stays_sqlite_pool_waits_total", .counter,
                        "Times a reader or the writer connection was not free at once.")
            text.sample("stays_sqlite_pool_waits_total", pool.waitCount)
        case .postgres(let pool):
            text.family("stays_postgres_pool_waits_total", .counter, "Times no PostgreSQL connection was free at once.")
            text.sample("stays_postgres_pool_waits_total", pool.waitCount)
        }
        text.family("stays_bookings_created_total", .counter, "Reservations created.")
        text.sample("stays_bookings_created_total", bookings.created)
        text.family("stays_bookings_cancelled_total", .counter, "Reservations cancelled.")
        text.sample("stays_bookings_cancelled_total", bookings.cancelled)
        accessLog?.collect(into: &text)
        text.family("stays_build_info", .gauge, "The running build: version, git commit, Swift compiler.")
        text.sample("stays_build_info", labels: buildLabels, 1)
    }
}
