import Domain
import Foundation
import HTTPServer
import Persistence
import PostgresStorage

/// `buildApplication` on PostgreSQL: one of any number of stateless servers sharing the
/// database. Connects and migrates (once across servers: advisory lock), seeds an empty
/// database when configured (once across servers), loads the search index from one
/// snapshot and follows the shared change log (`PostgresIndexSource`).
func buildPostgresApplication(_ configuration: ApplicationConfiguration, url: String) throws -> Application {
    let clock = ContinuousClock()
    let started = clock.now
    let pool = try openCatalogPostgres(url: url)
    configuration.log("database: PostgreSQL \(DatabaseLocation.postgres(url: url)), \(pool.maximumConnectionCount) connections at most")
    if configuration.seedDemoData {
        try DemoData.seedIfEmpty(.postgres(pool), today: configuration.dateProvider.today(in: configuration.timeZone),
                                 log: configuration.log)
    }
    var serverConfiguration = configuration.server
    if let limit = DescriptorLimit.raiseSoftToHard() {
        // Sockets to PostgreSQL: the pool's, and the listening connection.
        let reserve = 64 + pool.maximumConnectionCount + 1 + (configuration.metricsPort != nil ? 1 : 0)
        _ = serverConfiguration.fitConnectionCap(toDescriptorLimit: limit.soft, reserve: reserve)
    }
    let postgres = PostgresCatalog(pool: pool)
    let catalog = try IndexedCatalog(postgres: postgres, afterRebuild: ProcessMemory.releaseFreeHeap)
    configuration.log("search index: \(catalog.index.summary); serving after \(clock.now - started)")
    return try assembleApplication(
        configuration, serverConfiguration: serverConfiguration, catalog: catalog,
        bookingStore: PostgresBookingStore(pool: pool), currency: try postgres.dominantCurrency(),
        readiness: { try postgres.checkReadable() }, sqlitePool: nil, postgresPool: pool,
        maintenance: [Maintenance.changeLogTrim(of: pool, log: configuration.log)])
}
