import Domain
import Foundation
import PostgresStorage

/// The change log on PostgreSQL (tables `change_log`, `change_log_counter`,
/// `change_log_trim`; Migrations/postgres/0001): every SQL statement that touches them,
/// and the notification that wakes the other servers.
///
/// Commit order: `append` takes the next sequence number from the single row of
/// `change_log_counter` (UPDATE ... RETURNING) in the writer's transaction. The row lock is
/// held until that transaction ends, so the next writer gets its number only after this one
/// committed: numbers become visible in ascending order, and a reader that has applied
/// through N never later finds a row below N. (A sequence or identity column would not
/// promise that: 12 can commit before 11.) The cost is that writers serialize from their
/// `append` to their COMMIT, which is why writers append last.
///
/// Wake-up: `append` also sends `NOTIFY stays_changes` (delivered at COMMIT, never for a
/// rollback). Followers LISTEN and then read the log from their sequence, so a lost
/// notification only delays a follower until its next poll.
package struct PostgresChangeLog: ChangeLogReading {
    /// The channel `append` notifies.
    package static let channel = "stays_changes"

    package init() {}

    /// Appends one row. Must run inside the transaction of the change it records, after
    /// its other writes (the counter's lock is held from here to COMMIT).
    package static func append(listing: ListingID?, reason: ChangeReason, in connection: PostgresConnection) throws {
        try connection.query("""
            WITH next AS (UPDATE change_log_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq) \
            INSERT INTO change_log (seq, listing_id, reason, created_at) SELECT seq, $1::bigint, $2, $3::bigint FROM next
            """, [listing?.rawValue, reason.rawValue, Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))])
        try connection.query("SELECT pg_notify($1, '')", [channel])
    }

    /// As `ChangeLog.trim`: deletes rows written before `createdBefore` and records the
    /// highest sequence deleted, so a reader that had not applied them rebuilds.
    @discardableResult
    package static func trim(createdBefore: Int64, in connection: PostgresConnection) throws -> Int {
        guard let through = try connection.queryOne(
            "SELECT max(seq) FROM change_log WHERE created_at < $1", [createdBefore], { $0.optionalInt64(0) }) ?? nil
        else { return 0 }
        let deleted = try connection.query("DELETE FROM change_log WHERE seq <= $1", [through]).affectedRows
        try connection.query(
            "UPDATE change_log_trim SET trimmed_through = greatest(trimmed_through, $1::bigint) WHERE id = 1", [through])
        return deleted
    }

    package func latestSequence(in connection: PostgresConnection) throws -> Int64 {
        // The counter is the last number handed out; its row is updated only by committed
        // transactions as far as this snapshot can see.
        try connection.queryOne("SELECT seq FROM change_log_counter WHERE id = 1") { $0.int64(0) } ?? 0
    }

    package func changes(after sequence: Int64, limit: Int, in connection: PostgresConnection) throws -> ChangeLogBatch {
        let trimmedThrough = try connection.queryOne(
            "SELECT trimmed_through FROM change_log_trim WHERE id = 1") { $0.int64(0) } ?? 0
        if sequence < trimmedThrough {
            return ChangeLogBatch(listingIDs: [], rebuild: .gap, through: try latestSequence(in: connection))
        }
        let rows = try connection.query(
            "SELECT seq, listing_id FROM change_log WHERE seq > $1 ORDER BY seq LIMIT $2", [sequence, Int64(limit) + 1])
        if rows.count > limit {
            return ChangeLogBatch(listingIDs: [], rebuild: .tooManyChanges, through: try latestSequence(in: connection))
        }
        var ids = Set<Int64>()
        var catalogWide = false
        var through = sequence
        rows.forEachRow { row in
            through = row.int64(0)
            if let id = row.optionalInt64(1) { ids.insert(id) } else { catalogWide = true }
        }
        return ChangeLogBatch(listingIDs: ids.sorted(), rebuild: catalogWide ? .catalogWide : nil, through: through)
    }
}
