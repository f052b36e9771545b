import Domain
import Foundation

/// The SQL catalog a search index sits in front of, on either engine.
package protocol CatalogReads: ListingRepository, LocationRepository, Sendable {
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
package protocol SearchIndexSource: Sendable {
    func commitToken() throws -> Int64
    func loadIndex() throws -> SearchIndex
    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch])
}
