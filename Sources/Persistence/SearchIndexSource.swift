import Domain
import Foundation

/// The SQL catalog a search index sits in front of, on either engine.
protocol CatalogReads: ListingRepository, LocationRepository, Sendable {
    func listingSummaries(_ ids: [ListingID]) throws -> [Listing]
    /// `listingSummaries` keyed by id, for callers that match them to rows of their own.
    func listingSummariesByID(_ ids: [ListingID]) throws -> [ListingID: Listing]
}

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

/// The search index's source on either engine: the engine's commit token
/// (`StoreEngine.makeCommitToken`), the index read in one snapshot, the log and the
/// listings it names in another.
///
/// Thread safety: `commitToken` must be called by one thread at a time (`IndexedCatalog`
/// calls it under its mutex); the rest go through the engine.
final class StoreIndexSource<Engine: StoreEngine>: SearchIndexSource {
    let engine: Engine
    private let token: any CommitToken

    init(engine: Engine) throws {
        self.engine = engine
        token = try engine.makeCommitToken()
    }

    func commitToken() throws -> Int64 { try token.current() }

    func loadIndex() throws -> SearchIndex {
        let clock = ContinuousClock()
        let started = clock.now
        let parts = try engine.read { try SearchIndexBuilder.read($0) }
        return SearchIndex(parts: parts, loadDuration: clock.now - started)
    }

    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch]) {
        try engine.read { connection in
            let batch = try ChangeLog.changes(after: sequence, limit: limit, in: connection)
            return (batch, try batch.listingIDs.map { try SearchIndexBuilder.readListing($0, in: connection) })
        }
    }
}
