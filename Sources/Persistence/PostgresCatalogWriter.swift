import Domain
import PostgresStorage

/// Bulk writes of catalog data on PostgreSQL (seed, import): `SQLiteCatalogWriter`'s
/// promises — each call atomic on its own, every call inside `transaction { }` joining that
/// transaction (in a savepoint), and every call appending to the change log in the same
/// transaction — so the other servers' search indexes follow an import as they follow bookings.
///
/// One instance is used from one thread at a time (`CatalogWriting`).
public final class PostgresCatalogWriter: CatalogWriting {
    public let pool: PostgresPool
    // The connection while `transaction` runs on this instance, else nil.
    private var current: PostgresConnection?

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if current != nil { return try body() }
        return try pool.write { connection in
            current = connection
            defer { current = nil }
            return try body()
        }
    }

    private func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        guard let current else { return try pool.write(body) }
        return try current.savepoint(body)
    }

    // MARK: locations

    public func saveLocation(_ draft: LocationDraft) throws -> LocationID {
        try write { connection in
            var parentID: Int64?
            if let parentKey = draft.parentKey {
                guard let id = try connection.queryOne("SELECT id FROM locations WHERE external_key = $1", [parentKey],
                                                       { $0.int64(0) }) else {
                    throw PersistenceError.unknownParentLocation(key: parentKey)
                }
                parentID = id
            }
            let values: [(any PostgresBindable)?] = [
                parentID, draft.kind.rawValue, draft.name, draft.nameEnglish, draft.fullName, draft.fullNameEnglish,
                HangulSearch.initials(of: draft.name.lowercased()), draft.coordinate.latitude,
                draft.coordinate.longitude, draft.imageURL, JSONStringArray.encode(draft.aliases), draft.searchRadiusKm,
                draft.area?.southWest.latitude, draft.area?.southWest.longitude, draft.area?.northEast.latitude,
                draft.area?.northEast.longitude,
            ]
            let found = try connection.queryOne("SELECT id, parent_id FROM locations WHERE external_key = $1",
                                                [draft.externalKey]) { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }
            if let found {
                if let parentID, try connection.queryOne(
                    "SELECT 1 FROM location_ancestors WHERE ancestor_id = $1 AND location_id = $2",
                    [found.id, parentID], { _ in true }) == true {
                    throw PersistenceError.locationCycle(key: draft.externalKey, parentKey: draft.parentKey ?? "")
                }
                try connection.query("""
                    UPDATE locations SET parent_id = $1, kind = $2, name = $3, name_en = $4, full_name = $5, \
                    full_name_en = $6, initials = $7, latitude = $8, longitude = $9, image_url = $10, aliases = $11, \
                    search_radius_km = $12, area_south = $13, area_west = $14, area_north = $15, area_east = $16 \
                    WHERE id = $17
                    """, values + [found.id])
                if found.parentID != parentID {
                    try Self.rebuildAncestors(ofSubtree: found.id, in: connection)
                }
                try PostgresChangeLog.append(listing: nil, reason: .catalog, in: connection)
                return LocationID(found.id)
            }
            let id = try connection.queryOne("""
                INSERT INTO locations (parent_id, kind, name, name_en, full_name, full_name_en, initials, \
                latitude, longitude, image_url, aliases, search_radius_km, area_south, area_west, area_north, area_east, \
                external_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
                RETURNING id
                """, values + [draft.externalKey]) { $0.int64(0) } ?? 0
            try Self.rebuildAncestors(of: id, parentID: parentID, in: connection)
            try PostgresChangeLog.append(listing: nil, reason: .catalog, in: connection)
            return LocationID(id)
        }
    }

    private static func rebuildAncestors(of id: Int64, parentID: Int64?, in connection: PostgresConnection) throws {
        try connection.query("DELETE FROM location_ancestors WHERE location_id = $1", [id])
        try connection.query("INSERT INTO location_ancestors (location_id, ancestor_id, depth) VALUES ($1, $1, 0)", [id])
        guard let parentID else { return }
        try connection.query("""
            INSERT INTO location_ancestors (location_id, ancestor_id, depth) \
            SELECT $1::bigint, ancestor_id, depth + 1 FROM location_ancestors WHERE location_id = $2
            """, [id, parentID])
    }

    private static func rebuildAncestors(ofSubtree root: Int64, in connection: PostgresConnection) throws {
        let nodes = try connection.query("""
            SELECT a.location_id, l.parent_id FROM location_ancestors a JOIN locations l ON l.id = a.location_id \
            WHERE a.ancestor_id = $1 ORDER BY a.depth
            """, [root]).map { (id: $0.int64(0), parentID: $0.optionalInt64(1)) }
        for node in nodes {
            try rebuildAncestors(of: node.id, parentID: node.parentID, in: connection)
        }
    }

    // MARK: listings

    public func saveListing(_ listing: Listing) throws {
        try write { connection in
            try connection.query(ListingRecord.postgresUpsert, ListingRecord.values(of: listing))
            try PostgresChangeLog.append(listing: listing.id, reason: .listing, in: connection)
        }
    }

    /// As `SQLiteCatalogWriter.replaceCalendar`: only entries that differ from the defaults
    /// are stored, the last of two with one date wins, and held nights stay booked.
    public func replaceCalendar(of id: ListingID, with entries: [CalendarEntry]) throws {
        try write { connection in
            try connection.query("DELETE FROM calendar_days WHERE listing_id = $1", [id.rawValue])
            var latest: [Int: CalendarEntry] = [:]
            for entry in entries where !SQLiteCatalogWriter.isDefault(entry) { latest[entry.date.daysSinceEpoch] = entry }
            let rows = latest.values.sorted { $0.date < $1.date }
            if !rows.isEmpty {
                // One statement for the whole calendar (a round trip per day made a 100k-listing
                // seed take minutes): each column as one array parameter, zipped by unnest.
                func array(_ values: [Int64?]) -> String {
                    "{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
                }
                try connection.query("""
                    INSERT INTO calendar_days (listing_id, day, status, price, min_nights, max_nights, \
                    closed_to_arrival, closed_to_departure) \
                    SELECT $1::bigint, day, status, price, min_nights, max_nights, cta, ctd \
                    FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::int[]) \
                    AS t(day, status, price, min_nights, max_nights, cta, ctd)
                    """, [
                        id.rawValue, array(rows.map { Int64($0.date.daysSinceEpoch) }),
                        // Status names are the enum's raw values (letters only): safe as array elements.
                        "{" + rows.map(\.status.rawValue).joined(separator: ",") + "}",
                        array(rows.map(\.price)), array(rows.map { $0.minNights.map(Int64.init) }),
                        array(rows.map { $0.maxNights.map(Int64.init) }),
                        array(rows.map { $0.closedToArrival ? 1 : 0 }), array(rows.map { $0.closedToDeparture ? 1 : 0 }),
                    ])
            }
            try connection.query("""
                INSERT INTO calendar_days (listing_id, day, status) \
                SELECT listing_id, night, 'booked' FROM reservation_nights WHERE listing_id = $1 \
                ON CONFLICT (listing_id, day) DO UPDATE SET status = 'booked'
                """, [id.rawValue])
            try PostgresChangeLog.append(listing: id, reason: .calendar, in: connection)
        }
    }

    // MARK: derived data

    public func refreshLocationStatistics() throws {
        try write { connection in
            try connection.query("""
                UPDATE locations SET listing_count = (SELECT count(*) FROM location_ancestors a \
                JOIN listings l ON l.location_id = a.location_id WHERE a.ancestor_id = locations.id)
                """)
            let landmarks = try connection.query(LandmarkListingCounts.landmarksSQL).map(LandmarkListingCounts.landmark)
            if !landmarks.isEmpty {
                let points = try connection.query(LandmarkListingCounts.pointsSQL).map(LandmarkListingCounts.point)
                for (id, count) in LandmarkListingCounts.counts(of: landmarks, among: points) {
                    try connection.query("UPDATE locations SET listing_count = $1 WHERE id = $2", [count, id])
                }
            }
            try PostgresChangeLog.append(listing: nil, reason: .catalog, in: connection)
        }
    }

    /// As `SQLiteCatalogWriter.trimChangeLog`.
    @discardableResult
    public func trimChangeLog(createdBefore: Int64) throws -> Int {
        try write { connection in try PostgresChangeLog.trim(createdBefore: createdBefore, in: connection) }
    }
}
