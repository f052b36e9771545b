import Domain

/// Bulk writes of catalog data (seed, import, tools), on either engine.
///
/// Promises: each call is atomic on its own; inside `transaction { }` every call joins
/// that one transaction (each call, and a nested `transaction`, in a savepoint of it),
/// which is how bulk loads should batch their writes. Statements are prepared once per
/// connection and reused. One instance is used from one thread at a time
/// (`CatalogWriting`); other threads may read and write through the same engine meanwhile.
///
/// Every call appends to the change log (`ChangeLog.append`) in the same transaction as
/// its change — a row for the listing (`saveListing`, `replaceCalendar`) or a catalog-wide
/// row (`saveLocation`, `refreshLocationStatistics`) — which is how the search index of
/// every server on the database learns what to patch or that it must rebuild.
public final class StoreCatalogWriter<Engine: StoreEngine>: CatalogWriting {
    let engine: Engine
    // The connection while `transaction` runs on this instance, else nil.
    private var current: Engine.Connection?

    init(engine: Engine) {
        self.engine = engine
    }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if let current { return try current.savepoint(body) }
        return try engine.write { connection in
            current = connection
            defer { current = nil }
            return try body()
        }
    }

    /// Runs `body` joining the open `transaction` (in a savepoint, so that its statements
    /// land together or not at all) when there is one, else in a transaction of its own.
    func write<T>(_ body: (Engine.Connection) throws -> T) throws -> T {
        guard let current else { return try engine.write(body) }
        return try current.savepoint { try body(current) }
    }

    // MARK: locations

    public func saveLocation(_ draft: LocationDraft) throws -> LocationID {
        try write { connection in
            var parentID: Int64?
            if let parentKey = draft.parentKey {
                guard let id = try connection.fetchOne("SELECT id FROM locations WHERE external_key = ?", [parentKey],
                                                       { $0.int64(0) }) else {
                    throw PersistenceError.unknownParentLocation(key: parentKey)
                }
                parentID = id
            }
            let values = Self.locationValues(draft, parentID: parentID)
            let found = try connection.fetchOne("SELECT id, parent_id FROM locations WHERE external_key = ?",
                                                [draft.externalKey]) { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }
            if let found {
                if let parentID, try connection.exists(
                    "SELECT 1 FROM location_ancestors WHERE ancestor_id = ? AND location_id = ?", [found.id, parentID]) {
                    throw PersistenceError.locationCycle(key: draft.externalKey, parentKey: draft.parentKey ?? "")
                }
                try connection.run("""
                    UPDATE locations SET parent_id = ?, kind = ?, name = ?, name_en = ?, full_name = ?, \
                    full_name_en = ?, initials = ?, latitude = ?, longitude = ?, image_url = ?, aliases = ?, \
                    search_radius_km = ?, area_south = ?, area_west = ?, area_north = ?, area_east = ? WHERE id = ?
                    """, .positional(values + [.integer(found.id)]))
                if found.parentID != parentID {
                    try Self.rebuildAncestors(ofSubtree: found.id, in: connection)
                }
                // Catalog-wide: a moved location moves every listing below it.
                try ChangeLog.append(listing: nil, reason: .catalog, in: connection)
                return LocationID(found.id)
            }
            let id = try connection.insertReturningID("""
                INSERT INTO locations (parent_id, kind, name, name_en, full_name, full_name_en, initials, \
                latitude, longitude, image_url, aliases, search_radius_km, area_south, area_west, area_north, \
                area_east, external_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, .positional(values + [.text(draft.externalKey)]))
            try Self.rebuildAncestors(of: id, parentID: parentID, in: connection)
            try ChangeLog.append(listing: nil, reason: .catalog, in: connection)
            return LocationID(id)
        }
    }

    /// A location's columns from `parent_id` to `area_east`, in the statements' order.
    private static func locationValues(_ draft: LocationDraft, parentID: Int64?) -> [StoreValue] {
        [
            parentID.storeValue, draft.kind.rawValue.storeValue, draft.name.storeValue, draft.nameEnglish.storeValue,
            draft.fullName.storeValue, draft.fullNameEnglish.storeValue,
            HangulSearch.initials(of: draft.name.lowercased()).storeValue, draft.coordinate.latitude.storeValue,
            draft.coordinate.longitude.storeValue, draft.imageURL.storeValue,
            JSONStringArray.encode(draft.aliases).storeValue, draft.searchRadiusKm.storeValue,
            (draft.area?.southWest.latitude).storeValue, (draft.area?.southWest.longitude).storeValue,
            (draft.area?.northEast.latitude).storeValue, (draft.area?.northEast.longitude).storeValue,
        ]
    }

    /// Rewrites the (location, ancestor) rows of `id`: itself at depth 0, then its
    /// parent's ancestors one level deeper. The parent's rows must be up to date.
    private static func rebuildAncestors(of id: Int64, parentID: Int64?, in connection: Engine.Connection) throws {
        try connection.run("DELETE FROM location_ancestors WHERE location_id = ?", [id])
        try connection.run("INSERT INTO location_ancestors (location_id, ancestor_id, depth) VALUES (?, ?, 0)", [id, id])
        guard let parentID else { return }
        try connection.run("""
            INSERT INTO location_ancestors (location_id, ancestor_id, depth) \
            SELECT CAST(? AS BIGINT), ancestor_id, depth + 1 FROM location_ancestors WHERE location_id = ?
            """, [id, parentID])
    }

    /// After `root` moved: rebuilds it and every location below it, parents first.
    private static func rebuildAncestors(ofSubtree root: Int64, in connection: Engine.Connection) throws {
        // Old depths still order the subtree parents-first: moving `root` shifts every
        // descendant's depth by the same amount.
        let nodes = try connection.fetchAll("""
            SELECT a.location_id, l.parent_id FROM location_ancestors a JOIN locations l ON l.id = a.location_id \
            WHERE a.ancestor_id = ? ORDER BY a.depth
            """, [root]) { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }
        for node in nodes {
            try rebuildAncestors(of: node.id, parentID: node.parentID, in: connection)
        }
    }

    // MARK: listings

    public func saveListing(_ listing: Listing) throws {
        try write { connection in
            try connection.run(ListingRecord.upsert, .positional(ListingRecord.values(of: listing)))
            try ChangeLog.append(listing: listing.id, reason: .listing, in: connection)
        }
    }

    /// Stores only the entries that differ from the listing's defaults (an available day
    /// with no override is the default), so the table stays "exceptions only". For two
    /// entries with the same date, the last wins. Nights held by confirmed reservations
    /// (`reservation_nights`) stay booked whatever the entries say: an import must never
    /// free a night someone has paid for.
    public func replaceCalendar(of id: ListingID, with entries: [CalendarEntry]) throws {
        var latest: [Int: CalendarEntry] = [:]
        for entry in entries where !Self.isDefault(entry) { latest[entry.date.daysSinceEpoch] = entry }
        let rows = latest.values.sorted { $0.date < $1.date }
        try write { connection in
            try connection.run("DELETE FROM calendar_days WHERE listing_id = ?", [id.rawValue])
            if connection.dialect.statementsAreRoundTrips {
                try connection.writeCalendarRowsAtOnce(rows, of: id, replacingExisting: false)
            } else {
                for entry in rows {
                    try connection.run("""
                        INSERT INTO calendar_days (listing_id, day, status, price, min_nights, max_nights, \
                        closed_to_arrival, closed_to_departure) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, [id.rawValue, entry.date.daysSinceEpoch, entry.status.rawValue, entry.price, entry.minNights,
                              entry.maxNights, entry.closedToArrival, entry.closedToDeparture])
                }
            }
            try connection.run("""
                INSERT INTO calendar_days (listing_id, day, status) \
                SELECT listing_id, night, 'booked' FROM reservation_nights WHERE listing_id = ? \
                ON CONFLICT (listing_id, day) DO UPDATE SET status = 'booked'
                """, [id.rawValue])
            try ChangeLog.append(listing: id, reason: .calendar, in: connection)
        }
    }

    static func isDefault(_ entry: CalendarEntry) -> Bool {
        entry.status == .available && entry.price == nil && entry.minNights == nil && entry.maxNights == nil
            && !entry.closedToArrival && !entry.closedToDeparture
    }

    // MARK: derived data

    public func refreshLocationStatistics() throws {
        try write { connection in
            try connection.run("""
                UPDATE locations SET listing_count = (SELECT count(*) FROM location_ancestors a \
                JOIN listings l ON l.location_id = a.location_id WHERE a.ancestor_id = locations.id \
                AND l.status = 'published')
                """, .none)
            try Self.countListingsAroundLandmarks(in: connection)
            try ChangeLog.append(listing: nil, reason: .catalog, in: connection)
        }
    }

    /// Sets each landmark's `listing_count` to the listings within its search radius
    /// (`LandmarkListingCounts`).
    private static func countListingsAroundLandmarks(in connection: Engine.Connection) throws {
        let landmarks = try connection.fetchAll(LandmarkListingCounts.landmarksSQL) { LandmarkListingCounts.landmark($0) }
        guard !landmarks.isEmpty else { return }
        let points = try connection.fetchAll(LandmarkListingCounts.pointsSQL) { LandmarkListingCounts.point($0) }
        for (id, count) in LandmarkListingCounts.counts(of: landmarks, among: points) {
            try connection.run("UPDATE locations SET listing_count = ? WHERE id = ?", [count, id])
        }
    }

    /// Deletes change-log rows written before `createdBefore` (unix milliseconds); a search
    /// index that had not applied them rebuilds whole (see `ChangeLog.trim`). Returns how
    /// many rows it deleted.
    @discardableResult
    public func trimChangeLog(createdBefore: Int64) throws -> Int {
        try write { connection in try ChangeLog.trim(createdBefore: createdBefore, in: connection) }
    }
}
