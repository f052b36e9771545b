import Domain
import Foundation
import SearchIndex

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
        let parts = try engine.read { try SearchIndexReader.read($0) }
        return SearchIndex(parts: parts, loadDuration: clock.now - started)
    }

    func changes(after sequence: Int64, limit: Int) throws -> (ChangeLogBatch, [SearchIndexListingPatch]) {
        try engine.read { connection in
            let batch = try ChangeLog.changes(after: sequence, limit: limit, in: connection)
            return (batch, try batch.listingIDs.map { try SearchIndexReader.readListing($0, in: connection) })
        }
    }
}
