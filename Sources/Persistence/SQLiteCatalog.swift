import Domain
import Storage

/// The catalog's read side on SQLite: listings, calendars, search and locations.
///
/// Promises: safe from any thread (`Sendable`); every method runs in one read transaction
/// of the pool, so a search's page, total and bounds come from the same snapshot. Reads
/// run in parallel on the pool's reader connections and reuse prepared statements.
public final class SQLiteCatalog: ListingRepository, LocationRepository {
    public let pool: DatabasePool

    public init(pool: DatabasePool) {
        self.pool = pool
    }

    // MARK: ListingRepository

    public func listing(_ id: ListingID) throws -> Listing? {
        try pool.read { db in try Self.listing(id.rawValue, in: db) }
    }

    /// The listings with these ids that exist, in the order asked, from one snapshot, for
    /// search results: their description, amenities and house rules are left empty and
    /// only their first photo is kept (the list and the map show no more; reading them
    /// was most of a page's cost).
    public func listingSummaries(_ ids: [ListingID]) throws -> [Listing] {
        let byID = try listingSummariesByID(ids)
        return ids.compactMap { byID[$0] }
    }

    /// `listingSummaries` keyed by id, for callers that match them to rows of their own.
    public func listingSummariesByID(_ ids: [ListingID]) throws -> [ListingID: Listing] {
        guard !ids.isEmpty else { return [:] }
        return try pool.read { db in try Self.summaries(ids, in: db) }
    }

    public func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        try pool.read { db in try Self.calendarEntries(of: id, in: range, db: db) }
    }

    public func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        try pool.read { db in
            guard let listing = try Self.listingSummary(id.rawValue, in: db) else { return nil }
            return (listing, try Self.calendarEntries(of: id, in: range(listing), db: db))
        }
    }

    static func calendarEntries(of id: ListingID, in range: Range<CalendarDate>, db: Database) throws -> [CalendarEntry] {
        let statement = try db.cachedStatement(CalendarEntryRecord.select + """
             WHERE listing_id = ? AND day >= ? AND day < ? ORDER BY day
            """)
        try statement.bind(id.rawValue, at: 1)
        try statement.bind(range.lowerBound.daysSinceEpoch, at: 2)
        try statement.bind(range.upperBound.daysSinceEpoch, at: 3)
        return try statement.fetchAll { try CalendarEntryRecord.decode($0, listing: id) }
    }

    public func searchListings(_ search: ListingSearch) throws -> ListingPage {
        let query = ListingSearchSQL(filter: search.filter)
        let limit = max(0, search.limit)
        return try pool.read { db in
            // The page: ids and prices only (fetch one more row to know whether a next page
            // exists), then each listing by primary key.
            let page = try db.cachedStatement(query.pageSQL(sort: search.sort, hasCursor: search.after != nil))
            try query.bindFilter(to: page, withPriceBounds: true)
            if let after = search.after {
                try page.bind(after.sortKey, named: ":after_key")
                try page.bind(after.id.rawValue, named: ":after_id")
            }
            try page.bind(limit + 1, named: ":limit")
            let rows = try page.fetchAll { row in
                (id: row.int64(0), total: row.optionalInt64(1), nightly: row.int64(2), sortKey: row.double(3))
            }
            // Same snapshot: every listing found by the page query exists.
            let summaries = try Self.summaries(rows.prefix(limit).map { ListingID($0.id) }, in: db)
            let matches = rows.prefix(limit).compactMap { row in
                summaries[ListingID(row.id)].map {
                    ListingMatch(listing: $0, accommodationTotal: row.total, nightlyPrice: row.nightly)
                }
            }
            let nextCursor = rows.count > limit
                ? rows.prefix(limit).last.map { ListingCursor(sortKey: $0.sortKey, id: ListingID($0.id)) }
                : nil

            let summary = try db.cachedStatement(query.summarySQL)
            try query.bindFilter(to: summary, withPriceBounds: true)
            let (total, bounds) = try summary.fetchOne(ListingSearchSQL.summary) ?? (0, nil)
            return ListingPage(matches: matches, total: total, bounds: bounds, nextCursor: nextCursor)
        }
    }

    public func nightlyPrices(matching filter: ListingFilter) throws -> [Int64] {
        let query = ListingSearchSQL(filter: filter)
        return try pool.read { db in
            let statement = try db.cachedStatement(query.nightlyPricesSQL)
            try query.bindFilter(to: statement, withPriceBounds: false)
            return try statement.fetchAll { $0.int64(0) }
        }
    }

    public func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint] {
        let query = ListingSearchSQL(filter: filter)
        return try pool.read { db in
            let statement = try db.cachedStatement(query.mapPointsSQL)
            try query.bindFilter(to: statement, withPriceBounds: true)
            return try statement.fetchAll {
                ListingMapPoint(id: ListingID($0.int64(0)),
                                coordinate: Coordinate(latitude: $0.double(1), longitude: $0.double(2)),
                                nightlyPrice: $0.int64(3), accommodationTotal: $0.optionalInt64(4))
            }
        }
    }

    public func pricingRules(of ids: [ListingID]) throws -> [ListingID: PricingRules] {
        try listingSummariesByID(ids).mapValues(\.pricing)
    }

    // MARK: LocationRepository

    public func allLocations() throws -> [Location] {
        try pool.read { db in
            try db.cachedStatement(LocationRecord.select + " ORDER BY id").fetchAll(LocationRecord.decode)
        }
    }

    public func location(_ id: LocationID) throws -> Location? {
        try pool.read { db in
            let statement = try db.cachedStatement(LocationRecord.select + " WHERE id = ?")
            try statement.bind(id.rawValue, at: 1)
            return try statement.fetchOne(LocationRecord.decode)
        }
    }

    public func listingBounds(in id: LocationID) throws -> BoundingBox? {
        try pool.read { db in
            let statement = try db.cachedStatement("""
                SELECT count(*), min(latitude), max(latitude), min(longitude), max(longitude) FROM listings \
                WHERE location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = ?)
                """)
            try statement.bind(id.rawValue, at: 1)
            return try statement.fetchOne { row -> BoundingBox? in
                guard row.int(0) > 0 else { return nil }
                return BoundingBox(southWest: Coordinate(latitude: row.double(1), longitude: row.double(3)),
                                   northEast: Coordinate(latitude: row.double(2), longitude: row.double(4)))
            } ?? nil
        }
    }

    // MARK: helpers

    static func listing(_ id: Int64, in db: Database) throws -> Listing? {
        try fetch(id, in: db, ListingRecord.selectByID, ListingRecord.decode)
    }

    /// The summaries of those of `ids` that exist, by id: one statement per page (`id IN
    /// (...)`, prepared once per page size, in chunks of at most 64 ids) rather than one per
    /// listing.
    static func summaries(_ ids: [ListingID], in db: Database) throws -> [ListingID: Listing] {
        var byID: [ListingID: Listing] = [:]
        byID.reserveCapacity(ids.count)
        for start in stride(from: 0, to: ids.count, by: 64) {
            let chunk = ids[start..<min(start + 64, ids.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let statement = try db.cachedStatement(ListingRecord.selectSummaries + "(\(placeholders))")
            for (offset, id) in chunk.enumerated() { try statement.bind(id.rawValue, at: offset + 1) }
            try statement.forEachRow { row in
                let listing = try ListingRecord.decodeSummary(row)
                byID[listing.id] = listing
            }
        }
        return byID
    }

    static func listingSummary(_ id: Int64, in db: Database) throws -> Listing? {
        try fetch(id, in: db, ListingRecord.selectSummaryByID, ListingRecord.decodeSummary)
    }

    private static func fetch(_ id: Int64, in db: Database, _ sql: String,
                              _ decode: (Row) throws -> Listing) throws -> Listing? {
        let statement = try db.cachedStatement(sql)
        try statement.bind(id, at: 1)
        return try statement.fetchOne(decode)
    }
}

extension SQLiteCatalog {
    /// The currency most of the catalog's listings are priced in (KRW for an empty one).
    public func dominantCurrency() throws -> CurrencyCode {
        try pool.read { db in
            try db.cachedStatement("SELECT currency FROM listings GROUP BY currency ORDER BY count(*) DESC LIMIT 1")
                .fetchOne { CurrencyCode(rawValue: $0.string(0)) }
        } ?? .krw
    }

    /// True when there is no listing at all.
    public func isEmpty() throws -> Bool {
        try pool.read { db in
            try db.cachedStatement("SELECT NOT EXISTS (SELECT 1 FROM listings)").fetchOne { $0.bool(0) } ?? true
        }
    }

    /// Throws unless a reader can open the database and read its schema bookkeeping (for
    /// `/health/ready`).
    public func checkReadable() throws {
        try pool.read { db in try db.execute(sql: "SELECT 1 FROM schema_migrations LIMIT 1") }
    }
}
