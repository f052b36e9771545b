import Domain
import PostgresStorage
import SearchIndex
import Storage

/// The catalog's read side, on either engine: listings, calendars, locations, and the
/// searches the search index leaves to SQL (`ListingSearchSQL`).
///
/// Promises: `Sendable`; every method reads one consistent state: a single statement
/// (its own snapshot), several in one snapshot (`StoreEngine.read`), or, for a quote's
/// listing and calendar on an engine where each statement is a round trip, two statements
/// checked against the change log's counter (`listingAndCalendar`). Reads run in parallel
/// and reuse prepared statements; the request path's rows are `compact` (PostgreSQL sends
/// them in binary: no number is printed by the server and parsed back here).
///
/// Each method is pre-specialized for both engines (`@_specialize`): callers reach the
/// catalog through protocols, where generic code would otherwise run unspecialized (the
/// SQLite calendar read took 44 instead of 37 µs of CPU without it, `stays bench-sql`).
public final class StoreCatalog<Engine: StoreEngine>: CatalogReads {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    // MARK: ListingRepository

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listing(_ id: ListingID) throws -> Listing? {
        try engine.readOne { try Self.listing(id.rawValue, in: $0) }
    }

    /// The listings with these ids that exist, in the order asked, from one snapshot, for
    /// search results: their description, amenities and house rules are left empty and
    /// only their first photo is kept (the list and the map show no more; reading them
    /// was most of a page's cost).
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listingSummaries(_ ids: [ListingID]) throws -> [Listing] {
        let byID = try listingSummariesByID(ids)
        return ids.compactMap { byID[$0] }
    }

    /// `listingSummaries` keyed by id, for callers that match them to rows of their own.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listingSummariesByID(_ ids: [ListingID]) throws -> [ListingID: Listing] {
        guard !ids.isEmpty else { return [:] }
        return try engine.readOne { try Self.summaries(ids, in: $0) }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        try engine.readOne { try Self.calendarEntries(of: id, in: range, in: $0) }
    }

    /// Where statements are round trips, one snapshot in two of them instead of four
    /// (BEGIN, listing, calendar, COMMIT): each statement also reads the change log's
    /// counter, and every write to a listing or a calendar bumps it in its own transaction
    /// (`ChangeLog.append`). Equal counters mean no such write committed between the two
    /// statements, so together they read one state; otherwise (rare: a write landed in
    /// between) the read runs again in one snapshot, as it always does in-process.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        if engine.dialect.hasChangeCounter, let optimistic = try optimisticListingAndCalendar(id, calendarIn: range) {
            return optimistic
        }
        return try engine.read { connection in
            guard let listing = try Self.listingSummary(id.rawValue, in: connection) else { return nil }
            return (listing, try Self.calendarEntries(of: id, in: range(listing), in: connection))
        }
    }

    /// Nil when a write landed between the two statements.
    private func optimisticListingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>)
        throws -> (listing: Listing, entries: [CalendarEntry])?? {
        try engine.readOne { connection -> (listing: Listing, entries: [CalendarEntry])?? in
            guard let (listing, sequence) = try connection.fetchOne(
                "SELECT \(ListingRecord.summaryColumns), (SELECT seq FROM change_log_counter WHERE id = 1) "
                    + "FROM listings WHERE id = ? AND status = 'published'", [id.rawValue], compact: true,
                { (try ListingRecord.decodeSummary($0), $0.int64(ListingRecord.columns.count)) })
            else { return .some(nil) }
            let days = try range(listing)
            var entries: [CalendarEntry] = []
            var counters: [Int64] = []
            // The counter row joined to the days, so the counter comes back even with no days.
            try connection.forEachRow("""
                SELECT c.day, c.status, c.price, c.min_nights, c.max_nights, c.closed_to_arrival, \
                c.closed_to_departure, k.seq FROM change_log_counter k LEFT JOIN calendar_days c \
                ON c.listing_id = ? AND c.day >= ? AND c.day < ? WHERE k.id = 1 ORDER BY c.day
                """, [id.rawValue, days.lowerBound.daysSinceEpoch, days.upperBound.daysSinceEpoch], compact: true) { row in
                counters.append(row.int64(7))
                if !row.isNull(0) { entries.append(try CalendarEntryRecord.decode(row, listing: id)) }
            }
            guard counters.first == sequence else { return nil }
            return .some((listing, entries))
        }
    }

    /// Where statements are round trips, one: it returns the listing's summary in its first
    /// row and the listing's calendar days in `range` in the rows after it, by day; no row
    /// for an unknown id. The summary comes once, not on every day's row: a summary's
    /// columns (its photo URLs above all) are most of a row, and libpq copies every value
    /// it receives. In-process, the two statements of one snapshot.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listingAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        guard engine.dialect.statementsAreRoundTrips else { return try listingAndCalendar(id, calendarIn: { _ in range }) }
        return try engine.readOne { connection in
            let day = ListingRecord.columns.count
            var listing: Listing?
            var entries: [CalendarEntry] = []
            var first = true
            try connection.forEachRow(Self.listingWithCalendarSQL,
                                      [id.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch],
                                      compact: true) { row in
                defer { first = false }
                // The summary's row is the one without a day (NULLS FIRST).
                if first {
                    if row.isNull(day) { listing = try ListingRecord.decodeSummary(row) }
                } else if listing != nil {
                    entries.append(try CalendarEntryRecord.decode(row, listing: id, from: day))
                }
            }
            return listing.map { ($0, entries) }
        }
    }

    /// The summary's row with NULL calendar columns, then the days' rows with NULL summary
    /// columns (UNION ALL takes each column's type from the branch that has one).
    private static var listingWithCalendarSQL: String {
        let nullSummary = Array(repeating: "NULL", count: ListingRecord.columns.count).joined(separator: ", ")
        return "SELECT \(ListingRecord.summaryColumns), NULL AS day, NULL, NULL, NULL, NULL, NULL, NULL "
            + "FROM listings WHERE id = ?1 AND status = 'published' UNION ALL "
            + "SELECT \(nullSummary), day, status, price, min_nights, max_nights, closed_to_arrival, closed_to_departure "
            + "FROM calendar_days WHERE listing_id = ?1 AND day >= ?2 AND day < ?3 ORDER BY day NULLS FIRST"
    }

    /// The page (ids and prices only; one more row than asked, to know whether a next page
    /// exists), then its listings by id, then the total and bounds, in one snapshot.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func searchListings(_ search: ListingSearch) throws -> ListingPage {
        let query = ListingSearchSQL(filter: search.filter, dialect: engine.dialect)
        let limit = max(0, search.limit)
        var values = query.parameters(withPriceBounds: true)
        if let after = search.after {
            values[":after_key"] = .real(after.sortKey)
            values[":after_id"] = .integer(after.id.rawValue)
        }
        values[":limit"] = .integer(Int64(limit) == Int64.max ? Int64.max : Int64(limit) + 1)
        let pageSQL = query.pageSQL(sort: search.sort, hasCursor: search.after != nil)
        return try engine.read { connection in
            let rows = try connection.fetchAll(pageSQL, .named(values)) { row in
                (id: row.int64(0), total: row.optionalInt64(1), nightly: row.int64(2), sortKey: row.double(3))
            }
            let served = rows.prefix(limit)
            // Same snapshot: every listing found by the page query exists.
            let summaries = try Self.summaries(served.map { ListingID($0.id) }, in: connection)
            let matches = served.compactMap { row in
                summaries[ListingID(row.id)].map {
                    ListingMatch(listing: $0, accommodationTotal: row.total, nightlyPrice: row.nightly)
                }
            }
            let nextCursor = rows.count > limit
                ? served.last.map { ListingCursor(sortKey: $0.sortKey, id: ListingID($0.id)) }
                : nil
            let (total, bounds) = try connection.fetchOne(
                query.summarySQL, .named(query.parameters(withPriceBounds: true)), ListingSearchSQL.summary) ?? (0, nil)
            return ListingPage(matches: matches, total: total, bounds: bounds, nextCursor: nextCursor)
        }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func nightlyPrices(matching filter: ListingFilter) throws -> [Int64] {
        let query = ListingSearchSQL(filter: filter, dialect: engine.dialect)
        return try engine.readOne {
            try $0.fetchAll(query.nightlyPricesSQL, .named(query.parameters(withPriceBounds: false))) { $0.int64(0) }
        }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint] {
        let query = ListingSearchSQL(filter: filter, dialect: engine.dialect)
        return try engine.readOne {
            try $0.fetchAll(query.mapPointsSQL, .named(query.parameters(withPriceBounds: true))) {
                ListingMapPoint(id: ListingID($0.int64(0)),
                                coordinate: Coordinate(latitude: $0.double(1), longitude: $0.double(2)),
                                nightlyPrice: $0.int64(3), accommodationTotal: $0.optionalInt64(4))
            }
        }
    }

    /// Only the columns a pin shows: a map asks for up to a few hundred listings, and whole
    /// summaries (title, photos, amenities decoded; read twice, for the rating and the
    /// pricing) cost the route a third more.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func pinDetails(of ids: [ListingID]) throws -> [ListingID: ListingPinDetails] {
        guard !ids.isEmpty else { return [:] }
        return try engine.readOne { connection in
            var details: [ListingID: ListingPinDetails] = [:]
            details.reserveCapacity(ids.count)
            try Self.forEachPublishedListing(ids, selectWhere: ListingRecord.selectPinDetailsWhere, in: connection) { row in
                details[ListingID(row.int64(0))] = ListingRecord.decodePinDetails(row)
            }
            return details
        }
    }

    // MARK: LocationRepository

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func allLocations() throws -> [Location] {
        try engine.readOne { try $0.fetchAll(LocationRecord.select + " ORDER BY id") { try LocationRecord.decode($0) } }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func location(_ id: LocationID) throws -> Location? {
        try engine.readOne {
            try $0.fetchOne(LocationRecord.select + " WHERE id = ?", [id.rawValue]) { try LocationRecord.decode($0) }
        }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func listingBounds(in id: LocationID) throws -> BoundingBox? {
        try engine.readOne { connection in
            try connection.fetchOne("""
                SELECT count(*), min(latitude), max(latitude), min(longitude), max(longitude) FROM listings \
                WHERE status = 'published' AND location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = ?)
                """, [id.rawValue]) { row -> BoundingBox? in
                guard row.int(0) > 0 else { return nil }
                return BoundingBox(southWest: Coordinate(latitude: row.double(1), longitude: row.double(3)),
                                   northEast: Coordinate(latitude: row.double(2), longitude: row.double(4)))
            } ?? nil
        }
    }

    // MARK: whole catalog

    /// The currency most of the catalog's listings are priced in (KRW for an empty one).
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func dominantCurrency() throws -> CurrencyCode {
        try engine.readOne {
            try $0.fetchOne("SELECT currency FROM listings GROUP BY currency ORDER BY count(*) DESC LIMIT 1") {
                CurrencyCode(rawValue: $0.string(0))
            }
        } ?? .krw
    }

    /// True when there is no listing at all.
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func isEmpty() throws -> Bool {
        try engine.readOne { try $0.fetchOne("SELECT NOT EXISTS (SELECT 1 FROM listings)") { $0.bool(0) } } ?? true
    }

    /// Throws unless a connection can read the schema bookkeeping (for `/health/ready`).
    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    public func checkReadable() throws {
        try engine.readOne { try $0.run("SELECT 1 FROM schema_migrations LIMIT 1", .none) }
    }

    // MARK: helpers (the booking transaction reads with them too)

    @_specialize(where Engine == SQLiteEngine, C == Database)
    @_specialize(where Engine == PostgresEngine, C == PostgresStoreConnection)
    static func listing<C: StoreConnection>(_ id: Int64, in connection: C) throws -> Listing? {
        try connection.fetchOne(ListingRecord.selectByID, [id], compact: true) { try ListingRecord.decode($0) }
    }

    @_specialize(where Engine == SQLiteEngine, C == Database)
    @_specialize(where Engine == PostgresEngine, C == PostgresStoreConnection)
    static func listingSummary<C: StoreConnection>(_ id: Int64, in connection: C) throws -> Listing? {
        try connection.fetchOne(ListingRecord.selectSummaryByID, [id], compact: true) { try ListingRecord.decodeSummary($0) }
    }

    @_specialize(where Engine == SQLiteEngine, C == Database)
    @_specialize(where Engine == PostgresEngine, C == PostgresStoreConnection)
    static func calendarEntries<C: StoreConnection>(of id: ListingID, in range: Range<CalendarDate>,
                                                    in connection: C) throws -> [CalendarEntry] {
        try connection.fetchAll(CalendarEntryRecord.select + " WHERE listing_id = ? AND day >= ? AND day < ? ORDER BY day",
                                [id.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch],
                                compact: true) { try CalendarEntryRecord.decode($0, listing: id) }
    }

    /// The summaries of those of `ids` that exist, by id. Where statements are round trips,
    /// one statement with the ids as one array; in-process, one statement per 64 ids
    /// (`id IN (?, ...)`, prepared once per size).
    @_specialize(where Engine == SQLiteEngine, C == Database)
    @_specialize(where Engine == PostgresEngine, C == PostgresStoreConnection)
    static func summaries<C: StoreConnection>(_ ids: [ListingID], in connection: C) throws -> [ListingID: Listing] {
        var byID: [ListingID: Listing] = [:]
        byID.reserveCapacity(ids.count)
        try forEachPublishedListing(ids, selectWhere: ListingRecord.selectSummariesWhere, in: connection) { row in
            let listing = try ListingRecord.decodeSummary(row)
            byID[listing.id] = listing
        }
        return byID
    }

    /// The rows of `selectWhere` (`SELECT … WHERE status = 'published' AND `) for `ids`: in
    /// chunks of 64 placeholders where statements are local, in one statement with an array
    /// where they are round trips.
    static func forEachPublishedListing<C: StoreConnection>(_ ids: [ListingID], selectWhere: String, in connection: C,
                                                            _ body: (C.Row) throws -> Void) throws {
        let chunk = connection.dialect.statementsAreRoundTrips ? max(ids.count, 1) : 64
        for start in stride(from: 0, to: ids.count, by: chunk) {
            let part = ids[start..<min(start + chunk, ids.count)]
            let sql: String
            let values: StoreArguments
            if connection.dialect.statementsAreRoundTrips {
                sql = selectWhere + connection.dialect.isOne(of: "id")
                values = [StoreValue.integers(part.map(\.rawValue))]
            } else {
                sql = selectWhere + "id IN (" + Array(repeating: "?", count: part.count).joined(separator: ", ") + ")"
                values = .positional(part.map { .integer($0.rawValue) })
            }
            try connection.forEachRow(sql, values, compact: true, body)
        }
    }
}
