import Domain
import Foundation
import Storage
import Synchronization

/// The SQL catalog a search index sits in front of, on either engine.
protocol CatalogReads: ListingRepository, LocationRepository, Sendable {
    func listingSummariesByID(_ ids: [ListingID]) throws -> [ListingID: Listing]
}

extension SQLiteCatalog: CatalogReads {}

/// What `IndexedCatalog` follows: one engine's database and change log.
///
/// Promises: `loadIndex` reads one snapshot, its sequence included; `changes` reads the log
/// after a sequence and the listings it names in one snapshot; `commitToken` is cheap
/// (called before every search) and differs from its previous value whenever a commit may
/// have added log rows since.
protocol SearchIndexSource: Sendable {
    func commitToken() throws -> Int64
    func loadIndex() throws -> SearchIndex
    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch])
}

/// SQLite: `PRAGMA data_version` on a read-only connection of its own, which changes
/// whenever another connection, in this process or another, commits.
///
/// Thread safety: `commitToken` uses that connection and must be called by one thread at a
/// time (`IndexedCatalog` calls it under its mutex); the rest go through the pool.
final class SQLiteIndexSource: SearchIndexSource, @unchecked Sendable {
    let pool: DatabasePool
    private let versionReader: Database

    init(pool: DatabasePool) throws {
        self.pool = pool
        var configuration = pool.configuration
        configuration.readOnly = true
        versionReader = try Database(path: pool.path, configuration: configuration)
    }

    func commitToken() throws -> Int64 {
        try versionReader.cachedStatement("PRAGMA data_version").fetchOne { $0.int64(0) } ?? 0
    }

    func loadIndex() throws -> SearchIndex { try SearchIndex.load(from: pool) }

    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch]) {
        try pool.read { db in
            let batch = try ChangeLog().changes(after: sequence, limit: limit, in: db)
            let rows = SQLiteIndexRows(db: db)
            return (batch, try batch.listingIDs.map { try SearchIndexBuilder.readListing($0, in: rows) })
        }
    }
}
