import Domain
import PostgresStorage

/// The catalog's read side on PostgreSQL: listings, calendars and locations, decoded by the
/// same records as SQLite's (`ListingRecord`, `CalendarEntryRecord`, `LocationRecord`).
///
/// Searches are answered by the search index in front of it (`IndexedCatalog`); the few
/// the index leaves to SQL (nearest first without a centre, stays beyond ±2^31 days, sums
/// that overflow 64 bits) run SQLite's statements (`ListingSearchSQL`) in PostgreSQL's
/// dialect.
///
/// Promises: `Sendable`; every method reads one consistent state: a single statement
/// (which is its own snapshot, so it runs without BEGIN/COMMIT: two round trips fewer; a
/// quote's listing and calendar come back from one), two checked against the change-log
/// counter (`listingAndCalendar` with a listing-dependent range), or several in one
/// REPEATABLE READ transaction (a search left to SQL). The request path's listing and
/// calendar reads ask for binary results (`PostgresResultFormat.binary`): no number is
/// printed by the server and parsed back here.
public final class PostgresCatalog: CatalogReads {
    public let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func listing(_ id: ListingID) throws -> Listing? {
        try pool.autocommit { connection in
            try connection.query("SELECT \(ListingRecord.columns.joined(separator: ", ")) FROM listings WHERE id = $1",
                                 [id.rawValue], format: .binary).first { try ListingRecord.decode($0) }
        }
    }

    public func listingSummariesByID(_ ids: [ListingID]) throws -> [ListingID: Listing] {
        guard !ids.isEmpty else { return [:] }
        return try pool.autocommit { connection in
            var byID: [ListingID: Listing] = [:]
            try connection.query("SELECT \(ListingRecord.summaryColumns) FROM listings WHERE id = ANY($1::bigint[])",
                                 [PostgresBookingContext.arrayLiteral(ids.map(\.rawValue))], format: .binary).forEachRow { row in
                let listing = try ListingRecord.decodeSummary(row)
                byID[listing.id] = listing
            }
            return byID
        }
    }

    public func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        try pool.autocommit { connection in try Self.calendarEntries(of: id, in: range, connection: connection) }
    }

    /// One snapshot in two round trips instead of four (BEGIN, listing, calendar, COMMIT):
    /// each statement also reads the change log's counter, and every write to a listing or a
    /// calendar bumps it in its own transaction (`PostgresChangeLog.append`). Equal counters
    /// mean no such write committed between the two statements, so together they read one
    /// state; otherwise (rare: a write landed in between) the read runs again in a
    /// REPEATABLE READ transaction.
    public func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        let optimistic = try pool.withConnection { connection -> (listing: Listing, entries: [CalendarEntry])?? in
            let first = try connection.query(
                "SELECT \(ListingRecord.summaryColumns), (SELECT seq FROM change_log_counter WHERE id = 1) "
                    + "FROM listings WHERE id = $1", [id.rawValue], format: .binary)
            guard first.count > 0 else { return .some(nil) }
            let row = first.row(0)
            let listing = try ListingRecord.decodeSummary(row)
            let sequence = row.int64(ListingRecord.columns.count)
            let days = try range(listing)
            // The counter row joined to the days, so the counter comes back even with no days.
            let second = try connection.query("""
                SELECT c.day, c.status, c.price, c.min_nights, c.max_nights, c.closed_to_arrival, \
                c.closed_to_departure, k.seq FROM change_log_counter k LEFT JOIN calendar_days c \
                ON c.listing_id = $1 AND c.day >= $2 AND c.day < $3 WHERE k.id = 1 ORDER BY c.day
                """, [id.rawValue, days.lowerBound.daysSinceEpoch, days.upperBound.daysSinceEpoch], format: .binary)
            guard second.count > 0, second.row(0).int64(7) == sequence else { return nil }
            var entries: [CalendarEntry] = []
            try second.forEachRow { row in
                if !row.isNull(0) { entries.append(try CalendarEntryRecord.decode(row, listing: id)) }
            }
            return .some((listing, entries))
        }
        if let optimistic { return optimistic }
        return try pool.read { connection in
            guard let listing = try Self.listingSummary(id.rawValue, in: connection) else { return nil }
            return (listing, try Self.calendarEntries(of: id, in: range(listing), connection: connection))
        }
    }

    /// One round trip: one statement (its own snapshot) returns the listing's summary in its
    /// first row and the listing's calendar days in `range` in the rows after it, by day; no
    /// row for an unknown id. The summary comes once, not on every day's row: a summary's
    /// columns (its photo URLs above all) are most of a row, and libpq copies every value
    /// it receives.
    public func listingAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        try pool.autocommit { connection in
            let rows = try connection.query(Self.listingWithCalendarSQL,
                                            [id.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch],
                                            format: .binary)
            let day = ListingRecord.columns.count
            // The summary's row is the one without a day (NULLS FIRST); none: no such listing.
            guard rows.count > 0, rows.row(0).isNull(day) else { return nil }
            let listing = try ListingRecord.decodeSummary(rows.row(0))
            var entries: [CalendarEntry] = []
            entries.reserveCapacity(rows.count - 1)
            for index in 1..<rows.count {
                entries.append(try CalendarEntryRecord.decode(rows.row(index), listing: id, from: day))
            }
            return (listing, entries)
        }
    }

    /// The summary's row with NULL calendar columns, then the days' rows with NULL summary
    /// columns (UNION ALL takes each column's type from the branch that has one).
    private static let listingWithCalendarSQL: String = {
        let nullSummary = Array(repeating: "NULL", count: ListingRecord.columns.count).joined(separator: ", ")
        return "SELECT \(ListingRecord.summaryColumns), NULL AS day, NULL, NULL, NULL, NULL, NULL, NULL "
            + "FROM listings WHERE id = $1 UNION ALL "
            + "SELECT \(nullSummary), day, status, price, min_nights, max_nights, closed_to_arrival, closed_to_departure "
            + "FROM calendar_days WHERE listing_id = $1 AND day >= $2 AND day < $3 ORDER BY day NULLS FIRST"
    }()

    /// SQLite's search (`SQLiteCatalog.searchListings`) in PostgreSQL's dialect of the same
    /// `ListingSearchSQL`: the page, its listings and the total and bounds in one REPEATABLE
    /// READ snapshot. Only the searches the index leaves to SQL come here.
    public func searchListings(_ search: ListingSearch) throws -> ListingPage {
        let query = ListingSearchSQL(filter: search.filter, dialect: .postgres)
        let limit = max(0, search.limit)
        var values = query.parameters(withPriceBounds: true)
        if let after = search.after {
            values[":after_key"] = .real(after.sortKey)
            values[":after_id"] = .integer(after.id.rawValue)
        }
        // One more row than the page, to know whether a next page exists.
        values[":limit"] = .integer(Int64(limit) == Int64.max ? Int64.max : Int64(limit) + 1)
        let page = ListingSearchSQL.postgresStatement(query.pageSQL(sort: search.sort, hasCursor: search.after != nil), values)
        let summary = ListingSearchSQL.postgresStatement(query.summarySQL, query.parameters(withPriceBounds: true))
        return try pool.read { connection in
            let rows = try connection.query(page.sql, page.parameters).map { row in
                (id: row.int64(0), total: row.optionalInt64(1), nightly: row.int64(2), sortKey: row.double(3))
            }
            let served = rows.prefix(limit)
            var summaries: [ListingID: Listing] = [:]
            if !served.isEmpty {
                try connection.query("SELECT \(ListingRecord.summaryColumns) FROM listings WHERE id = ANY($1::bigint[])",
                                     [PostgresBookingContext.arrayLiteral(served.map(\.id))], format: .binary).forEachRow { row in
                    let listing = try ListingRecord.decodeSummary(row)
                    summaries[listing.id] = listing
                }
            }
            let matches = served.compactMap { row in
                summaries[ListingID(row.id)].map {
                    ListingMatch(listing: $0, accommodationTotal: row.total, nightlyPrice: row.nightly)
                }
            }
            let nextCursor = rows.count > limit
                ? served.last.map { ListingCursor(sortKey: $0.sortKey, id: ListingID($0.id)) }
                : nil
            let (total, bounds) = try connection.queryOne(summary.sql, summary.parameters,
                                                          ListingSearchSQL.summary) ?? (0, nil)
            return ListingPage(matches: matches, total: total, bounds: bounds, nextCursor: nextCursor)
        }
    }

    /// SQLite's `nightlyPrices` in PostgreSQL's dialect (one statement, its own snapshot).
    public func nightlyPrices(matching filter: ListingFilter) throws -> [Int64] {
        let query = ListingSearchSQL(filter: filter, dialect: .postgres)
        let statement = ListingSearchSQL.postgresStatement(query.nightlyPricesSQL, query.parameters(withPriceBounds: false))
        return try pool.autocommit { try $0.query(statement.sql, statement.parameters).map { $0.int64(0) } }
    }

    /// SQLite's `mapPoints` in PostgreSQL's dialect (one statement, its own snapshot).
    public func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint] {
        let query = ListingSearchSQL(filter: filter, dialect: .postgres)
        let statement = ListingSearchSQL.postgresStatement(query.mapPointsSQL, query.parameters(withPriceBounds: true))
        return try pool.autocommit { connection in
            try connection.query(statement.sql, statement.parameters).map {
                ListingMapPoint(id: ListingID($0.int64(0)),
                                coordinate: Coordinate(latitude: $0.double(1), longitude: $0.double(2)),
                                nightlyPrice: $0.int64(3), accommodationTotal: $0.optionalInt64(4))
            }
        }
    }

    public func allLocations() throws -> [Location] {
        try pool.autocommit { try $0.query(LocationRecord.select + " ORDER BY id").map { try LocationRecord.decode($0) } }
    }

    public func location(_ id: LocationID) throws -> Location? {
        try pool.autocommit { try $0.query(LocationRecord.select + " WHERE id = $1", [id.rawValue]).first { try LocationRecord.decode($0) } }
    }

    public func listingBounds(in id: LocationID) throws -> BoundingBox? {
        try pool.autocommit { connection in
            try connection.queryOne("""
                SELECT count(*), min(latitude), max(latitude), min(longitude), max(longitude) FROM listings \
                WHERE location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = $1)
                """, [id.rawValue]) { row -> BoundingBox? in
                guard row.int(0) > 0 else { return nil }
                return BoundingBox(southWest: Coordinate(latitude: row.double(1), longitude: row.double(3)),
                                   northEast: Coordinate(latitude: row.double(2), longitude: row.double(4)))
            } ?? nil
        }
    }

    /// The currency most listings are priced in (KRW for an empty catalog).
    public func dominantCurrency() throws -> CurrencyCode {
        try pool.autocommit {
            try $0.queryOne("SELECT currency FROM listings GROUP BY currency ORDER BY count(*) DESC LIMIT 1") {
                CurrencyCode(rawValue: $0.string(0))
            }
        } ?? .krw
    }

    public func isEmpty() throws -> Bool {
        try pool.autocommit { try $0.queryOne("SELECT NOT EXISTS (SELECT 1 FROM listings)") { $0.bool(0) } } ?? true
    }

    /// Throws unless a connection can read the schema bookkeeping (for `/health/ready`).
    public func checkReadable() throws {
        try pool.autocommit { try $0.query("SELECT 1 FROM schema_migrations LIMIT 1") }
    }

    // MARK: helpers (the booking transaction reads with them too)

    static func listingSummary(_ id: Int64, in connection: PostgresConnection) throws -> Listing? {
        try connection.query("SELECT \(ListingRecord.summaryColumns) FROM listings WHERE id = $1", [id], format: .binary)
            .first { try ListingRecord.decodeSummary($0) }
    }

    static func calendarEntries(of id: ListingID, in range: Range<CalendarDate>,
                                connection: PostgresConnection) throws -> [CalendarEntry] {
        try connection.query(CalendarEntryRecord.select + " WHERE listing_id = $1 AND day >= $2 AND day < $3 ORDER BY day",
                             [id.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch], format: .binary)
            .map { try CalendarEntryRecord.decode($0, listing: id) }
    }
}
