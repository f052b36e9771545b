import Domain

/// Calendar sync's storage (`CalendarSyncStore`) on either engine: export tokens, imports,
/// the nights each import holds and the calendar rows imports closed (schema 11 / postgres 9).
///
/// How imported nights close the calendar: guests' search, calendar, quote and booking all
/// read `calendar_days`, so an imported night is a `blocked` row there, and
/// `calendar_import_closures` remembers which rows imports closed, so that only those are
/// opened again; the host's own block over an imported night is the absence of that row
/// (`StoreHostContext.setOwnBlocks`), so it outlives the import's event. `reconcile` is the one place that makes the calendar agree with the imports;
/// it writes only the nights that disagree, and appends to the change log only then.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreCalendarSync<Engine: StoreEngine>: CalendarSyncStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    static var importColumns: String {
        """
        id, listing_id, name, url, export_token_hint, created_at, last_synced_at, last_status, last_error, \
        event_count, night_count, warnings, consecutive_failures, next_sync_at
        """
    }

    static func decodeImport(_ row: some StoreRow) throws -> CalendarImport {
        CalendarImport(
            id: CalendarImportID(row.int64(0)), listingID: ListingID(row.int64(1)), name: row.string(2), url: row.string(3),
            exportTokenHint: row.string(4), createdAt: Instant(millisecondsSinceEpoch: row.int64(5)),
            lastSyncedAt: row.optionalInt64(6).map(Instant.init(millisecondsSinceEpoch:)),
            lastStatus: row.optionalString(7).flatMap(CalendarImport.Status.init(rawValue:)),
            lastError: row.optionalString(8), eventCount: row.int(9), nightCount: row.int(10),
            warnings: try JSONStringArray.decode(row.string(11)), consecutiveFailures: row.int(12),
            nextSyncAt: Instant(millisecondsSinceEpoch: row.int64(13)))
    }

    public func listing(_ id: ListingID) throws -> CalendarListing? {
        try engine.readOne { connection in
            try connection.fetchOne("""
                SELECT id, title, time_zone, available_until, host_account_id FROM listings WHERE id = ?
                """, [id.rawValue]) { row in
                CalendarListing(id: ListingID(row.int64(0)), title: row.string(1), timeZone: row.string(2),
                                availableUntil: row.optionalInt64(3).map { CalendarDate(daysSinceEpoch: Int($0)) },
                                hostAccountID: row.optionalInt64(4).map(AccountID.init(_:)))
            }
        }
    }

    public func exportHint(of listing: ListingID) throws -> String? {
        try engine.readOne { connection in
            try connection.fetchOne("SELECT token_hint FROM calendar_exports WHERE listing_id = ?", [listing.rawValue]) {
                $0.string(0)
            }
        }
    }

    public func setExportToken(of listing: ListingID, digest: [UInt8], hint: String, at instant: Instant) throws {
        _ = try engine.write { connection in
            try connection.run("""
                INSERT INTO calendar_exports (listing_id, token_hash, token_hint, created_at) VALUES (?, ?, ?, ?) \
                ON CONFLICT (listing_id) DO UPDATE SET token_hash = excluded.token_hash, \
                token_hint = excluded.token_hint, created_at = excluded.created_at
                """, [listing.rawValue, digest, hint, instant.millisecondsSinceEpoch])
        }
    }

    public func exportTarget(digest: [UInt8]) throws -> CalendarExportTarget? {
        try engine.read { connection in
            if let listing = try connection.fetchOne("SELECT listing_id FROM calendar_exports WHERE token_hash = ?",
                                                     [digest], { $0.int64(0) }) {
                return CalendarExportTarget(listingID: ListingID(listing), excluding: nil)
            }
            return try connection.fetchOne("SELECT listing_id, id FROM calendar_imports WHERE export_token_hash = ?",
                                           [digest]) {
                CalendarExportTarget(listingID: ListingID($0.int64(0)), excluding: CalendarImportID($0.int64(1)))
            }
        }
    }

    public func feedContent(of listing: ListingID, from today: CalendarDate, to end: CalendarDate,
                            excluding: CalendarImportID?) throws -> CalendarFeedContent {
        try engine.read { connection in
            var held: [ReservationID: [CalendarDate]] = [:]
            var reservationNights = Set<Int>()
            try connection.forEachRow("""
                SELECT reservation_id, night FROM reservation_nights WHERE listing_id = ? AND night >= ? AND night < ? \
                ORDER BY night
                """, [listing.rawValue, today.daysSinceEpoch, end.daysSinceEpoch]) { row in
                held[ReservationID(row.int64(0)), default: []].append(CalendarDate(daysSinceEpoch: row.int(1)))
                reservationNights.insert(row.int(1))
            }
            // Closed nights: blocked or booked rows no reservation explains, except those
            // only the excluded import closed (its own events must not echo back to it).
            let closed = try connection.fetchAll("""
                SELECT d.day FROM calendar_days d WHERE d.listing_id = :listing AND d.day >= :from AND d.day < :end \
                AND d.status <> 'available' AND NOT (d.status = 'blocked' AND :excluding <> 0 \
                AND EXISTS (SELECT 1 FROM calendar_import_closures c WHERE c.listing_id = d.listing_id AND c.night = d.day) \
                AND NOT EXISTS (SELECT 1 FROM calendar_import_nights n WHERE n.listing_id = d.listing_id \
                AND n.night = d.day AND n.import_id <> :excluding)) ORDER BY d.day
                """, [":listing": listing.rawValue, ":from": today.daysSinceEpoch, ":end": end.daysSinceEpoch,
                      ":excluding": excluding?.rawValue ?? 0]) { CalendarDate(daysSinceEpoch: $0.int(0)) }
            return CalendarFeedContent(
                reservations: held.sorted { ($0.value.first!, $0.key) < ($1.value.first!, $1.key) }.map { ($0.key, $0.value) },
                closedNights: closed.filter { !reservationNights.contains($0.daysSinceEpoch) })
        }
    }

    public func insertImport(listing: ListingID, name: String, url: String, exportDigest: [UInt8], exportHint: String,
                             at instant: Instant) throws -> CalendarImport {
        try engine.write { connection in
            let id = try connection.insertWithRandomID("""
                INSERT INTO calendar_imports (id, listing_id, name, url, export_token_hash, export_token_hint, \
                created_at, next_sync_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """, [listing.rawValue, name, url, exportDigest, exportHint, instant.millisecondsSinceEpoch,
                      instant.millisecondsSinceEpoch])
            return CalendarImport(id: CalendarImportID(id), listingID: listing, name: name, url: url,
                                  exportTokenHint: exportHint, createdAt: instant, nextSyncAt: instant)
        }
    }

    public func imports(of listing: ListingID) throws -> [CalendarImport] {
        try engine.read { connection in
            try connection.fetchAll("SELECT \(Self.importColumns) FROM calendar_imports WHERE listing_id = ? ORDER BY id",
                                    [listing.rawValue]) { try Self.decodeImport($0) }
        }
    }

    public func calendarImport(_ id: CalendarImportID) throws -> CalendarImport? {
        try engine.read { connection in
            try connection.fetchOne("SELECT \(Self.importColumns) FROM calendar_imports WHERE id = ?", [id.rawValue]) {
                try Self.decodeImport($0)
            }
        }
    }

    public func deleteImport(_ id: CalendarImportID, today: CalendarDate, at instant: Instant) throws -> Bool {
        try engine.write { connection in
            guard let listing = try connection.fetchOne("SELECT listing_id FROM calendar_imports WHERE id = ?",
                                                        [id.rawValue], { ListingID($0.int64(0)) }) else { return false }
            try lockListing(listing, in: connection)
            _ = try connection.run("DELETE FROM calendar_import_nights WHERE import_id = ?", [id.rawValue])
            _ = try connection.run("DELETE FROM calendar_imports WHERE id = ?", [id.rawValue])
            _ = try reconcile(listing, from: today, in: connection)
            return true
        }
    }

    public func conflicts(of id: CalendarImportID, from today: CalendarDate) throws -> [CalendarConflict] {
        try engine.read { connection in
            try connection.fetchAll("""
                SELECT n.night, r.reservation_id FROM calendar_import_nights n JOIN reservation_nights r \
                ON r.listing_id = n.listing_id AND r.night = n.night WHERE n.import_id = ? AND n.night >= ? ORDER BY n.night
                """, [id.rawValue, today.daysSinceEpoch]) {
                CalendarConflict(date: CalendarDate(daysSinceEpoch: $0.int(0)), reservationID: ReservationID($0.int64(1)))
            }
        }
    }

    public func claimDue(now: Instant, leaseUntil: Instant, limit: Int) throws -> [CalendarImport] {
        try engine.write { connection in
            let skipLocked = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            return try connection.fetchAll("""
                UPDATE calendar_imports SET claimed_until = :lease WHERE id IN (\
                SELECT id FROM calendar_imports WHERE next_sync_at <= :now \
                AND (claimed_until IS NULL OR claimed_until <= :now) ORDER BY next_sync_at, id LIMIT :limit\(skipLocked)) \
                RETURNING \(Self.importColumns)
                """, [":lease": leaseUntil.millisecondsSinceEpoch, ":now": now.millisecondsSinceEpoch, ":limit": limit]) {
                try Self.decodeImport($0)
            }.sorted { ($0.nextSyncAt, $0.id) < ($1.nextSyncAt, $1.id) }
        }
    }

    public func claim(_ id: CalendarImportID, now: Instant, leaseUntil: Instant) throws -> CalendarImport? {
        try engine.write { connection in
            try connection.fetchOne("""
                UPDATE calendar_imports SET claimed_until = ? WHERE id = ? AND (claimed_until IS NULL OR claimed_until <= ?) \
                RETURNING \(Self.importColumns)
                """, [leaseUntil.millisecondsSinceEpoch, id.rawValue, now.millisecondsSinceEpoch]) {
                try Self.decodeImport($0)
            }
        }
    }

    public func storeSync(of id: CalendarImportID, nights: Set<CalendarDate>, today: CalendarDate, eventCount: Int,
                          warnings: [String], at instant: Instant, nextSyncAt: Instant) throws -> CalendarSyncChange {
        try engine.write { connection in
            guard let listing = try connection.fetchOne("SELECT listing_id FROM calendar_imports WHERE id = ?",
                                                        [id.rawValue], { ListingID($0.int64(0)) }) else {
                return CalendarSyncChange(changedNights: 0)
            }
            let stored = Set(try connection.fetchAll(
                "SELECT night FROM calendar_import_nights WHERE import_id = ? AND night >= ?",
                [id.rawValue, today.daysSinceEpoch]) { $0.int(0) })
            let wanted = Set(nights.map(\.daysSinceEpoch).filter { $0 >= today.daysSinceEpoch })
            let added = wanted.subtracting(stored).sorted(), removed = stored.subtracting(wanted).sorted()
            var changed = 0
            let stale = try needsReconciling(listing, from: today, in: connection)
            if !added.isEmpty || !removed.isEmpty || stale {
                try lockListing(listing, in: connection)
                if !removed.isEmpty {
                    _ = try connection.run("DELETE FROM calendar_import_nights WHERE import_id = ? AND \(connection.dialect.isOne(of: "night"))",
                                           [id.rawValue, StoreValue.integers(removed.map(Int64.init))])
                }
                if !added.isEmpty {
                    _ = try connection.run("""
                        INSERT INTO calendar_import_nights (import_id, listing_id, night) \
                        SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), n.value FROM \(connection.dialect.integerList(as: "n")) WHERE true
                        """, [id.rawValue, listing.rawValue, StoreValue.integers(added.map(Int64.init))])
                }
                changed = try reconcile(listing, from: today, in: connection)
            }
            _ = try connection.run("""
                UPDATE calendar_imports SET last_synced_at = ?, last_status = 'ok', last_error = NULL, event_count = ?, \
                night_count = ?, warnings = ?, consecutive_failures = 0, next_sync_at = ?, claimed_until = NULL WHERE id = ?
                """, [instant.millisecondsSinceEpoch, eventCount, wanted.count, JSONStringArray.encode(warnings),
                      nextSyncAt.millisecondsSinceEpoch, id.rawValue])
            return CalendarSyncChange(changedNights: changed)
        }
    }

    public func storeFailure(of id: CalendarImportID, error: String, at instant: Instant, nextSyncAt: Instant) throws {
        _ = try engine.write { connection in
            try connection.run("""
                UPDATE calendar_imports SET last_synced_at = ?, last_status = 'failed', last_error = ?, \
                consecutive_failures = consecutive_failures + 1, next_sync_at = ?, claimed_until = NULL WHERE id = ?
                """, [instant.millisecondsSinceEpoch, String(error.prefix(500)), nextSyncAt.millisecondsSinceEpoch,
                      id.rawValue])
        }
    }

    // MARK: The calendar, made to agree with the imports

    /// On PostgreSQL, bookings of the listing wait for this transaction from here on, so that
    /// a night cannot be booked between reading the calendar and closing it (SQLite's one
    /// writer already does that).
    private func lockListing(_ listing: ListingID, in connection: Engine.Connection) throws {
        if connection.dialect == .postgres {
            _ = try connection.run("SELECT id FROM listings WHERE id = ? FOR UPDATE", [listing.rawValue])
        }
    }

    /// Nights some import holds that are open and no reservation holds.
    private static var nightsToClose: String { """
        SELECT DISTINCT n.night FROM calendar_import_nights n LEFT JOIN calendar_days d \
        ON d.listing_id = n.listing_id AND d.day = n.night \
        WHERE n.listing_id = ? AND n.night >= ? AND (d.status IS NULL OR d.status = 'available') \
        AND NOT EXISTS (SELECT 1 FROM reservation_nights r WHERE r.listing_id = n.listing_id AND r.night = n.night) \
        ORDER BY n.night
        """ }

    /// Nights imports closed that no import holds any more.
    private static var nightsToOpen: String { """
        SELECT c.night FROM calendar_import_closures c WHERE c.listing_id = ? AND c.night >= ? \
        AND NOT EXISTS (SELECT 1 FROM calendar_import_nights n WHERE n.listing_id = c.listing_id AND n.night = c.night) \
        ORDER BY c.night
        """ }

    /// Whether the calendar disagrees with the imports although the feed did not change (a
    /// cancelled reservation opened a night an import holds).
    private func needsReconciling(_ listing: ListingID, from today: CalendarDate, in connection: Engine.Connection) throws -> Bool {
        try connection.exists(Self.nightsToClose, [listing.rawValue, today.daysSinceEpoch])
    }

    /// Closes and opens the listing's nights from `today` on so that the calendar agrees with
    /// the imports; appends one change-log row when any night changed. Returns how many did.
    private func reconcile(_ listing: ListingID, from today: CalendarDate, in connection: Engine.Connection) throws -> Int {
        let arguments: StoreArguments = [listing.rawValue, today.daysSinceEpoch]
        let close = try connection.fetchAll(Self.nightsToClose, arguments) { Int64($0.int64(0)) }
        let open = try connection.fetchAll(Self.nightsToOpen, arguments) { Int64($0.int64(0)) }
        let list = connection.dialect.integerList(as: "n")
        var changed = 0
        if !close.isEmpty {
            changed += try connection.run("""
                INSERT INTO calendar_days (listing_id, day, status) SELECT CAST(? AS BIGINT), n.value, 'blocked' \
                FROM \(list) WHERE true ON CONFLICT (listing_id, day) DO UPDATE SET status = 'blocked' \
                WHERE calendar_days.status = 'available'
                """, [listing.rawValue, StoreValue.integers(close)])
            _ = try connection.run("""
                INSERT INTO calendar_import_closures (listing_id, night) SELECT CAST(? AS BIGINT), n.value \
                FROM \(list) WHERE true ON CONFLICT (listing_id, night) DO NOTHING
                """, [listing.rawValue, StoreValue.integers(close)])
        }
        if !open.isEmpty {
            let isOpened = connection.dialect.isOne(of: "day")
            changed += try connection.run("""
                UPDATE calendar_days SET status = 'available' WHERE listing_id = ? AND status = 'blocked' AND \(isOpened)
                """, [listing.rawValue, StoreValue.integers(open)])
            // A row left with nothing but the defaults goes: the table keeps exceptions only.
            _ = try connection.run("""
                DELETE FROM calendar_days WHERE listing_id = ? AND status = 'available' AND price IS NULL \
                AND min_nights IS NULL AND max_nights IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0 \
                AND \(isOpened)
                """, [listing.rawValue, StoreValue.integers(open)])
            _ = try connection.run("DELETE FROM calendar_import_closures WHERE listing_id = ? AND \(connection.dialect.isOne(of: "night"))",
                                   [listing.rawValue, StoreValue.integers(open)])
        }
        if changed > 0 { try ChangeLog.append(listing: listing, reason: .calendar, in: connection) }
        return changed
    }
}
