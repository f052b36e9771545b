import Domain
import Foundation
import SearchIndex

/// Why a `change_log` row was written (the `reason` column). Informational: a reader acts
/// only on whether the row names one listing or the whole catalog.
package enum ChangeReason: String, Sendable, CaseIterable {
    case reservation, cancellation, listing, calendar, catalog, review
}

/// The change log (tables `change_log` and `change_log_trim`; on PostgreSQL also
/// `change_log_counter`): every SQL statement that touches them, for either engine.
///
/// Writers: call `append` in the same transaction as the change it records, after its other
/// writes — one row per changed listing, or one row with no listing for a change that is not
/// about one listing (locations, anything bulk). The search index of every process on the
/// database follows these rows (see `IndexedCatalog`): a write that changes what a search
/// answers and appends no row is not seen until the next full rebuild.
///
/// Commit order: a reader that has applied through N must never later find a row below N.
/// SQLite's one writer commits in sequence order, each row numbered one past the highest
/// handed out (kept in `change_log_trim` once trimmed), so no number is used twice.
/// PostgreSQL's writers run concurrently, so `append` takes the next number from the
/// single row of `change_log_counter` (UPDATE ... RETURNING): its row lock is held to
/// COMMIT, so the next writer gets its number only after this one committed (a sequence or
/// identity column would not promise that: 12 can commit before 11). The cost is that
/// writers serialize from their `append` to their COMMIT, which is why writers append last.
///
/// Wake-up (PostgreSQL): `append` also sends `NOTIFY stays_changes` (delivered at COMMIT,
/// never for a rollback). Followers LISTEN and then read the log from their sequence, so a
/// lost notification only delays a follower until its next poll.
package enum ChangeLog {
    /// The channel `append` notifies on PostgreSQL.
    package static let channel = "stays_changes"

    /// Appends one row. Must run inside the transaction of the change it records.
    static func append(listing: ListingID?, reason: ChangeReason, in connection: some StoreConnection) throws {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        guard connection.dialect.hasChangeCounter else {
            try connection.run(sqliteAppend, [listing?.rawValue, reason.rawValue, now])
            return
        }
        try connection.run("""
            WITH next AS (UPDATE change_log_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq) \
            INSERT INTO change_log (seq, listing_id, reason, created_at) \
            SELECT seq, CAST(? AS BIGINT), ?, CAST(? AS BIGINT) FROM next
            """, [listing?.rawValue, reason.rawValue, now])
        try connection.run("SELECT pg_notify(?, '')", [channel])
    }

    /// Deletes the rows written before `createdBefore` (unix milliseconds) and records the
    /// highest sequence deleted in `change_log_trim`, so that a reader that had not applied
    /// them knows it missed rows and rebuilds. Returns how many rows it deleted.
    @discardableResult
    static func trim(createdBefore: Int64, in connection: some StoreConnection) throws -> Int {
        guard let through = try connection.fetchOne("SELECT max(seq) FROM change_log WHERE created_at < ?",
                                                    [createdBefore], { $0.optionalInt64(0) }) ?? nil
        else { return 0 }
        let deleted = try connection.run("DELETE FROM change_log WHERE seq <= ?", [through])
        try connection.run("UPDATE change_log_trim SET trimmed_through = "
                           + connection.dialect.greater("trimmed_through", "CAST(? AS BIGINT)") + " WHERE id = 1", [through])
        return deleted
    }

    /// The highest sequence committed (0 for an empty, never-written log), in the caller's
    /// transaction.
    static func latestSequence(in connection: some StoreConnection) throws -> Int64 {
        if connection.dialect.hasChangeCounter {
            // The last number handed out; its row is updated only by committed transactions
            // as far as this snapshot can see.
            return try connection.fetchOne("SELECT seq FROM change_log_counter WHERE id = 1") { $0.int64(0) } ?? 0
        }
        // max(seq) is one seek to the end of the rowid tree; after a trim of every row the
        // trim record still holds the last sequence.
        return try connection.fetchOne("""
            SELECT max(COALESCE((SELECT max(seq) FROM change_log), 0), \
            COALESCE((SELECT trimmed_through FROM change_log_trim WHERE id = 1), 0))
            """) { $0.int64(0) } ?? 0
    }

    /// SQLite's append: the next number after the last one handed out, trimmed or not (what
    /// AUTOINCREMENT promised, without the `sqlite_sequence` page it wrote in every booking's
    /// commit). Rows left after a trim are all above `trimmed_through`, so the log's own
    /// highest row decides while it has one; the trim record once it is empty.
    private static let sqliteAppend = """
        INSERT INTO change_log (seq, listing_id, reason, created_at) VALUES (COALESCE((SELECT max(seq) FROM change_log), \
        (SELECT trimmed_through FROM change_log_trim WHERE id = 1), 0) + 1, ?, ?, ?)
        """

    /// The rows after `sequence`, at most `limit` of them, in the caller's transaction (so
    /// consistent with anything else it reads there); see `ChangeLogBatch`.
    static func changes(after sequence: Int64, limit: Int, in connection: some StoreConnection) throws -> ChangeLogBatch {
        let trimmedThrough = try connection.fetchOne("SELECT trimmed_through FROM change_log_trim WHERE id = 1") {
            $0.int64(0)
        } ?? 0
        if sequence < trimmedThrough {
            return ChangeLogBatch(listingIDs: [], rebuild: .gap, through: try latestSequence(in: connection))
        }
        var ids = Set<Int64>()
        var catalogWide = false
        var through = sequence
        var count = 0
        try connection.forEachRow("SELECT seq, listing_id FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?",
                                  [sequence, Int64(limit) + 1]) { row in
            count += 1
            guard count <= limit else { return }
            through = row.int64(0)
            if let id = row.optionalInt64(1) { ids.insert(id) } else { catalogWide = true }
        }
        if count > limit {
            return ChangeLogBatch(listingIDs: [], rebuild: .tooManyChanges, through: try latestSequence(in: connection))
        }
        return ChangeLogBatch(listingIDs: ids.sorted(), rebuild: catalogWide ? .catalogWide : nil, through: through)
    }
}
