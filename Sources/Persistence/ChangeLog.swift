import Domain
import Foundation
import Storage

/// Why a `change_log` row was written (the `reason` column). Informational: a reader acts
/// only on whether the row names one listing or the whole catalog.
package enum ChangeReason: String, Sendable, CaseIterable {
    case reservation, cancellation, listing, calendar, catalog
}

/// What a reader of the change log must do to catch up from the sequence it has applied.
package struct ChangeLogBatch: Equatable, Sendable {
    /// Why the reader cannot catch up by patching alone.
    package enum RebuildReason: String, Sendable {
        /// A catalog-wide row (locations, bulk imports).
        case catalogWide
        /// Rows after the reader's sequence were trimmed: it cannot know what changed.
        case gap
        /// More rows than the reader asked for: rebuilding is cheaper than patching.
        case tooManyChanges
    }

    /// The listings named by rows after the reader's sequence up to `through`, ascending,
    /// each once. Also filled when `rebuild` is set (for `catalogWide`): patching them
    /// keeps per-listing changes visible until the rebuild lands.
    package var listingIDs: [Int64]
    /// Set when the reader must also rebuild from a snapshot to be exact.
    package var rebuild: RebuildReason?
    /// The last sequence the batch covers: the reader has applied everything up to here
    /// once it has patched `listingIDs` (and, when `rebuild` is set, rebuilt).
    package var through: Int64
}

/// Reads the change log: the one interface the search index follows writes through. A
/// second storage engine implements it with its own connection type and SQL.
///
/// Promises: both calls read within the caller's transaction on `connection`, so what they
/// return is consistent with any data the caller reads in the same transaction.
package protocol ChangeLogReading {
    associatedtype Connection
    /// The highest sequence committed (0 for an empty, never-written log).
    func latestSequence(in connection: Connection) throws -> Int64
    /// The rows after `sequence`, at most `limit` of them; see `ChangeLogBatch`.
    func changes(after sequence: Int64, limit: Int, in connection: Connection) throws -> ChangeLogBatch
}

/// The change log in SQLite, this package's engine (tables `change_log` and `change_log_trim`, migration 0002):
/// every SQL statement that touches them is here.
///
/// Writers: call `append` in the same transaction as the change it records — one row per
/// changed listing, or one row with no listing for a change that is not about one listing
/// (locations, anything bulk). The search index of every process that opened the file
/// follows these rows (see `IndexedCatalog`): a write that changes what a search answers
/// and appends no row is not seen until the next full rebuild.
package struct ChangeLog: ChangeLogReading {
    package init() {}

    /// Appends one row. Must run inside the transaction of the change it records.
    package static func append(listing: ListingID?, reason: ChangeReason, in db: Database) throws {
        let statement = try db.cachedStatement(
            "INSERT INTO change_log (listing_id, reason, created_at) VALUES (?, ?, ?)")
        try statement.bind(listing?.rawValue, at: 1)
        try statement.bind(reason.rawValue, at: 2)
        try statement.bind(Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)), at: 3)
        try statement.run()
    }

    /// Deletes the rows written before `createdBefore` (unix milliseconds) and records the
    /// highest sequence deleted in `change_log_trim`, so that a reader that had not applied
    /// them knows it missed rows and rebuilds. Returns how many rows it deleted.
    @discardableResult
    package static func trim(createdBefore: Int64, in db: Database) throws -> Int {
        let last = try db.cachedStatement("SELECT max(seq) FROM change_log WHERE created_at < ?")
        try last.bind(createdBefore, at: 1)
        guard let through = try last.fetchOne({ $0.optionalInt64(0) }) ?? nil else { return 0 }
        let delete = try db.cachedStatement("DELETE FROM change_log WHERE seq <= ?")
        try delete.bind(through, at: 1)
        try delete.run()
        let deleted = db.changes
        let record = try db.cachedStatement(
            "UPDATE change_log_trim SET trimmed_through = max(trimmed_through, ?) WHERE id = 1")
        try record.bind(through, at: 1)
        try record.run()
        return deleted
    }

    package func latestSequence(in db: Database) throws -> Int64 {
        // max(seq) is one seek to the end of the rowid tree; after a trim of every row the
        // trim record still holds the last sequence.
        try db.cachedStatement("""
            SELECT max(COALESCE((SELECT max(seq) FROM change_log), 0), \
            COALESCE((SELECT trimmed_through FROM change_log_trim WHERE id = 1), 0))
            """).fetchOne { $0.int64(0) } ?? 0
    }

    package func changes(after sequence: Int64, limit: Int, in db: Database) throws -> ChangeLogBatch {
        let trim = try db.cachedStatement("SELECT trimmed_through FROM change_log_trim WHERE id = 1")
        let trimmedThrough = try trim.fetchOne { $0.int64(0) } ?? 0
        if sequence < trimmedThrough {
            return ChangeLogBatch(listingIDs: [], rebuild: .gap, through: try latestSequence(in: db))
        }
        let rows = try db.cachedStatement(
            "SELECT seq, listing_id FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?")
        try rows.bind(sequence, at: 1)
        try rows.bind(Int64(limit) + 1, at: 2)
        var ids = Set<Int64>()
        var catalogWide = false
        var through = sequence
        var count = 0
        try rows.forEachRow { row in
            count += 1
            guard count <= limit else { return }
            through = row.int64(0)
            if let id = row.optionalInt64(1) { ids.insert(id) } else { catalogWide = true }
        }
        if count > limit {
            return ChangeLogBatch(listingIDs: [], rebuild: .tooManyChanges, through: try latestSequence(in: db))
        }
        return ChangeLogBatch(listingIDs: ids.sorted(), rebuild: catalogWide ? .catalogWide : nil, through: through)
    }
}
