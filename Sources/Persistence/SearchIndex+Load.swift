import SearchIndex
import Storage

extension SearchIndex {
    /// Reads the whole catalog in one read transaction of `pool` (one consistent snapshot,
    /// whose change-log sequence becomes `appliedSequence`).
    public static func load(from pool: DatabasePool) throws -> SearchIndex {
        try load(from: pool, headroom: nil)
    }

    static func load(from pool: DatabasePool, headroom: Int?) throws -> SearchIndex {
        let clock = ContinuousClock()
        let started = clock.now
        let parts = try pool.read { db in try SearchIndexReader.read(db) }
        return SearchIndex(parts: parts, loadDuration: clock.now - started, headroom: headroom)
    }
}
