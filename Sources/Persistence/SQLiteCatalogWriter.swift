import Domain
import Storage

/// Bulk writes of catalog data through the pool's writer connection.
///
/// Promises: each call is atomic on its own; inside `transaction { }` every call joins
/// that one transaction (nested `transaction` calls become savepoints), which is how bulk
/// loads should batch their writes. Statements are prepared once per connection and
/// reused. One instance is used from one thread at a time (`CatalogWriting`); other
/// threads may read and write through the same pool meanwhile.
///
/// Every call appends to the change log (`ChangeLog.append`) in the same transaction as
/// its change — a row for the listing (`saveListing`, `replaceCalendar`) or a catalog-wide
/// row (`saveLocation`, `refreshLocationStatistics`) — which is how the search index of
/// every process on the file learns what to patch or that it must rebuild.
public final class SQLiteCatalogWriter: CatalogWriting {
    public let pool: DatabasePool
    // The writer connection while `transaction` runs on this instance, else nil.
    private var current: Database?

    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try pool.write { db in
            let outer = current
            current = db
            defer { current = outer }
            return try body()
        }
    }

    /// Runs `body` on the writer: joining the open `transaction` when there is one (in a
    /// savepoint when `body` has several statements that must land together), else in a
    /// transaction of its own.
    private func write<T>(multiStatement: Bool, _ body: (Database) throws -> T) throws -> T {
        guard let current else { return try pool.write(body) }
        return multiStatement ? try current.transaction(.immediate, body) : try body(current)
    }

    // MARK: locations

    public func saveLocation(_ draft: LocationDraft) throws -> LocationID {
        try write(multiStatement: true) { db in
            var parentID: Int64?
            if let parentKey = draft.parentKey {
                guard let id = try Self.locationID(externalKey: parentKey, in: db) else {
                    throw PersistenceError.unknownParentLocation(key: parentKey)
                }
                parentID = id
            }
            let existing = try db.cachedStatement("SELECT id, parent_id FROM locations WHERE external_key = ?")
            try existing.bind(draft.externalKey, at: 1)
            let found = try existing.fetchOne { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }

            if let found {
                if let parentID, try Self.isAncestor(found.id, of: parentID, in: db) {
                    throw PersistenceError.locationCycle(key: draft.externalKey, parentKey: draft.parentKey ?? "")
                }
                let update = try db.cachedStatement("""
                    UPDATE locations SET parent_id = ?, kind = ?, name = ?, name_en = ?, full_name = ?, \
                    full_name_en = ?, initials = ?, latitude = ?, longitude = ?, image_url = ?, aliases = ?, \
                    search_radius_km = ?, area_south = ?, area_west = ?, area_north = ?, area_east = ? WHERE id = ?
                    """)
                try Self.bindLocation(draft, parentID: parentID, to: update)
                try update.bind(found.id, at: 17)
                try update.run()
                if found.parentID != parentID {
                    try Self.rebuildAncestors(ofSubtree: found.id, in: db)
                }
                // Catalog-wide: a moved location moves every listing below it.
                try ChangeLog.append(listing: nil, reason: .catalog, in: db)
                return LocationID(found.id)
            }
            let insert = try db.cachedStatement("""
                INSERT INTO locations (parent_id, kind, name, name_en, full_name, full_name_en, initials, \
                latitude, longitude, image_url, aliases, search_radius_km, area_south, area_west, area_north, \
                area_east, external_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try Self.bindLocation(draft, parentID: parentID, to: insert)
            try insert.bind(draft.externalKey, at: 17)
            try insert.run()
            let id = db.lastInsertedRowID
            try Self.rebuildAncestors(of: id, parentID: parentID, in: db)
            try ChangeLog.append(listing: nil, reason: .catalog, in: db)
            return LocationID(id)
        }
    }

    private static func bindLocation(_ draft: LocationDraft, parentID: Int64?, to statement: Statement) throws {
        try statement.bind(parentID, at: 1)
        try statement.bind(draft.kind.rawValue, at: 2)
        try statement.bind(draft.name, at: 3)
        try statement.bind(draft.nameEnglish, at: 4)
        try statement.bind(draft.fullName, at: 5)
        try statement.bind(draft.fullNameEnglish, at: 6)
        try statement.bind(HangulSearch.initials(of: draft.name.lowercased()), at: 7)
        try statement.bind(draft.coordinate.latitude, at: 8)
        try statement.bind(draft.coordinate.longitude, at: 9)
        try statement.bind(draft.imageURL, at: 10)
        try statement.bind(JSONStringArray.encode(draft.aliases), at: 11)
        try statement.bind(draft.searchRadiusKm, at: 12)
        try statement.bind(draft.area?.southWest.latitude, at: 13)
        try statement.bind(draft.area?.southWest.longitude, at: 14)
        try statement.bind(draft.area?.northEast.latitude, at: 15)
        try statement.bind(draft.area?.northEast.longitude, at: 16)
    }

    private static func locationID(externalKey: String, in db: Database) throws -> Int64? {
        let statement = try db.cachedStatement("SELECT id FROM locations WHERE external_key = ?")
        try statement.bind(externalKey, at: 1)
        return try statement.fetchOne { $0.int64(0) }
    }

    /// True when `ancestor` is `location` or one of its ancestors.
    private static func isAncestor(_ ancestor: Int64, of location: Int64, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(
            "SELECT 1 FROM location_ancestors WHERE ancestor_id = ? AND location_id = ?")
        try statement.bind(ancestor, at: 1)
        try statement.bind(location, at: 2)
        return try statement.fetchOne { _ in true } ?? false
    }

    /// Rewrites the (location, ancestor) rows of `id`: itself at depth 0, then its
    /// parent's ancestors one level deeper. The parent's rows must be up to date.
    private static func rebuildAncestors(of id: Int64, parentID: Int64?, in db: Database) throws {
        let delete = try db.cachedStatement("DELETE FROM location_ancestors WHERE location_id = ?")
        try delete.bind(id, at: 1)
        try delete.run()
        let insertSelf = try db.cachedStatement(
            "INSERT INTO location_ancestors (location_id, ancestor_id, depth) VALUES (?, ?, 0)")
        try insertSelf.bind(id, at: 1)
        try insertSelf.bind(id, at: 2)
        try insertSelf.run()
        guard let parentID else { return }
        let insertAncestors = try db.cachedStatement("""
            INSERT INTO location_ancestors (location_id, ancestor_id, depth) \
            SELECT ?, ancestor_id, depth + 1 FROM location_ancestors WHERE location_id = ?
            """)
        try insertAncestors.bind(id, at: 1)
        try insertAncestors.bind(parentID, at: 2)
        try insertAncestors.run()
    }

    /// After `root` moved: rebuilds it and every location below it, parents first.
    private static func rebuildAncestors(ofSubtree root: Int64, in db: Database) throws {
        // Old depths still order the subtree parents-first: moving `root` shifts every
        // descendant's depth by the same amount.
        let subtree = try db.cachedStatement("""
            SELECT a.location_id, l.parent_id FROM location_ancestors a JOIN locations l ON l.id = a.location_id \
            WHERE a.ancestor_id = ? ORDER BY a.depth
            """)
        try subtree.bind(root, at: 1)
        let nodes = try subtree.fetchAll { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }
        for node in nodes {
            try rebuildAncestors(of: node.id, parentID: node.parentID, in: db)
        }
    }

    // MARK: listings

    public func saveListing(_ listing: Listing) throws {
        try write(multiStatement: true) { db in
            let statement = try db.cachedStatement(ListingRecord.upsert)
            try ListingRecord.bind(listing, to: statement)
            try statement.run()
            try ChangeLog.append(listing: listing.id, reason: .listing, in: db)
        }
    }

    /// Stores only the entries that differ from the listing's defaults (an available day
    /// with no override is the default), so the table stays "exceptions only". For two
    /// entries with the same date, the last wins. Nights held by confirmed reservations
    /// (`reservation_nights`) stay booked whatever the entries say: an import must never
    /// free a night someone has paid for.
    public func replaceCalendar(of id: ListingID, with entries: [CalendarEntry]) throws {
        try write(multiStatement: true) { db in
            let delete = try db.cachedStatement("DELETE FROM calendar_days WHERE listing_id = ?")
            try delete.bind(id.rawValue, at: 1)
            try delete.run()
            let insert = try db.cachedStatement("""
                INSERT OR REPLACE INTO calendar_days (listing_id, day, status, price, min_nights, max_nights, \
                closed_to_arrival, closed_to_departure) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for entry in entries where !Self.isDefault(entry) {
                try insert.bind(id.rawValue, at: 1)
                try insert.bind(entry.date.daysSinceEpoch, at: 2)
                try insert.bind(entry.status.rawValue, at: 3)
                try insert.bind(entry.price, at: 4)
                try insert.bind(entry.minNights, at: 5)
                try insert.bind(entry.maxNights, at: 6)
                try insert.bind(entry.closedToArrival, at: 7)
                try insert.bind(entry.closedToDeparture, at: 8)
                try insert.run()
            }
            let reserved = try db.cachedStatement("""
                INSERT INTO calendar_days (listing_id, day, status) \
                SELECT listing_id, night, 'booked' FROM reservation_nights WHERE listing_id = ? \
                ON CONFLICT(listing_id, day) DO UPDATE SET status = 'booked'
                """)
            try reserved.bind(id.rawValue, at: 1)
            try reserved.run()
            try ChangeLog.append(listing: id, reason: .calendar, in: db)
        }
    }

    static func isDefault(_ entry: CalendarEntry) -> Bool {
        entry.status == .available && entry.price == nil && entry.minNights == nil && entry.maxNights == nil
            && !entry.closedToArrival && !entry.closedToDeparture
    }

    // MARK: derived data

    public func refreshLocationStatistics() throws {
        try write(multiStatement: true) { db in
            try db.cachedStatement("""
                UPDATE locations SET listing_count = (SELECT count(*) FROM location_ancestors a \
                JOIN listings l ON l.location_id = a.location_id WHERE a.ancestor_id = locations.id)
                """).run()
            try Self.countListingsAroundLandmarks(in: db)
            try ChangeLog.append(listing: nil, reason: .catalog, in: db)
        }
    }

    /// Sets each landmark's `listing_count` to the listings within its search radius
    /// (`LandmarkListingCounts`).
    private static func countListingsAroundLandmarks(in db: Database) throws {
        let landmarks = try db.cachedStatement(LandmarkListingCounts.landmarksSQL).fetchAll(LandmarkListingCounts.landmark)
        guard !landmarks.isEmpty else { return }
        let points = try db.cachedStatement(LandmarkListingCounts.pointsSQL).fetchAll(LandmarkListingCounts.point)
        let update = try db.cachedStatement("UPDATE locations SET listing_count = ? WHERE id = ?")
        for (id, count) in LandmarkListingCounts.counts(of: landmarks, among: points) {
            try update.bind(count, at: 1)
            try update.bind(id, at: 2)
            try update.run()
        }
    }

    /// Deletes change-log rows written before `createdBefore` (unix milliseconds); a search
    /// index that had not applied them rebuilds whole (see `ChangeLog.trim`). Returns how
    /// many rows it deleted.
    @discardableResult
    public func trimChangeLog(createdBefore: Int64) throws -> Int {
        try write(multiStatement: true) { db in try ChangeLog.trim(createdBefore: createdBefore, in: db) }
    }
}
