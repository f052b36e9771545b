import Domain
import Foundation

/// The host unit of work (`HostStore`), on either engine: `write` is one transaction
/// (`StoreEngine.write`), `read` one snapshot.
///
/// Where things live: a listing never published is a row of `listing_drafts`; its first
/// publish moves it into `listings` under the same id (status `published`), where it stays
/// (`unpublished` keeps the row, and its reservations). Every write to a row of `listings`
/// whose status is or becomes `published`, and every calendar write of a published listing,
/// appends to the change log last in its transaction (`ChangeLog`), so every server's search
/// index sees it before the response.
///
/// Across servers (PostgreSQL, READ COMMITTED):
/// - `updateListing` is `UPDATE ... WHERE version = ?`: of two edits of one version, the
///   second waits for the first's row lock, then changes no row and reports
///   `HostError.listingChanged`;
/// - `holds` first locks the listing's row (`FOR UPDATE`), as a booking's night insert
///   would collide on `reservation_nights`: a calendar write and a booking of one listing
///   run one after the other;
/// - `setReservationStatus` changes a row only from the state the caller read
///   (`WHERE status = ...`); a concurrent decision that got there first makes it throw
///   `HostError.reservationStateConflict`, so exactly one outcome wins;
/// - `requestsDue` claims with `FOR UPDATE SKIP LOCKED`: servers expiring at once take
///   different requests.
/// - new ids: taken above the largest of both tables under a transaction lock.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreHosts<Engine: StoreEngine>: HostStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    public func write<T>(_ body: (any HostTransaction) throws -> T) throws -> T {
        try engine.write { connection in try body(StoreHostContext<Engine>(connection, writing: true)) }
    }

    public func read<T>(_ body: (any HostReads) throws -> T) throws -> T {
        try engine.read { connection in try body(StoreHostContext<Engine>(connection, writing: false)) }
    }
}

/// One transaction's view; valid only inside the closure it was passed to.
final class StoreHostContext<Engine: StoreEngine>: HostTransaction {
    private let connection: Engine.Connection
    /// Inside `write`: reads that guard a write take their locks.
    private let writing: Bool

    init(_ connection: Engine.Connection, writing: Bool) {
        self.connection = connection
        self.writing = writing
    }

    // MARK: reads

    func account(_ id: AccountID) throws -> Account? {
        try connection.fetchOne("""
            SELECT id, guest_id, email, name, roles, locale, email_verified_at, created_at FROM accounts \
            WHERE id = ? AND erased_at IS NULL AND email IS NOT NULL
            """, [id.rawValue]) { row -> Account? in
            guard let email = EmailAddress(row.string(2)) else { return nil }
            return Account(id: AccountID(row.int64(0)), guestID: GuestID(row.int64(1)), email: email, name: row.string(3),
                           roles: AccountRole.roles(named: row.string(4).split(separator: ",").map(String.init)) ?? [.guest],
                           emailVerified: !row.isNull(6), locale: Language(rawValue: row.string(5)) ?? .ko,
                           createdAt: Instant(millisecondsSinceEpoch: row.int64(7)))
        } ?? nil
    }

    /// Locations keep no zone: a region's is the zone of a listing in it, and the
    /// catalog's own zone (Asia/Seoul) for a region without listings yet.
    func regionTimeZone(of location: LocationID) throws -> String? {
        guard try connection.exists("SELECT 1 FROM locations WHERE id = ? AND kind <> 'landmark'", [location.rawValue])
        else { return nil }
        return try connection.fetchOne("""
            SELECT l.time_zone FROM location_ancestors a JOIN listings l ON l.location_id = a.location_id \
            WHERE a.ancestor_id = ? LIMIT 1
            """, [location.rawValue]) { $0.string(0) } ?? "Asia/Seoul"
    }

    func listing(_ id: ListingID) throws -> HostListing? {
        if let listing = try connection.fetchOne(HostListingRecord.selectPublished + " AND id = ?", [id.rawValue],
                                                 { try HostListingRecord.decode($0) }) {
            return listing
        }
        return try connection.fetchOne(HostListingRecord.selectDrafts + " AND id = ?", [id.rawValue]) {
            try HostListingRecord.decode($0)
        }
    }

    func listings(of host: AccountID, after cursor: ListingID?, limit: Int) throws -> [HostListing] {
        let below = cursor?.rawValue ?? Int64.max
        let sql = "SELECT * FROM (" + HostListingRecord.selectPublished + " AND host_account_id = :host AND id < :below"
            + " UNION ALL " + HostListingRecord.selectDrafts + " AND host_account_id = :host AND id < :below"
            + ") AS mine ORDER BY id DESC LIMIT :limit"
        return try connection.fetchAll(sql, [":host": host.rawValue, ":below": below, ":limit": limit]) {
            try HostListingRecord.decode($0)
        }
    }

    func calendarEntries(of listing: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        try connection.fetchAll(CalendarEntryRecord.select + " WHERE listing_id = ? AND day >= ? AND day < ? ORDER BY day",
                                [listing.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch]) {
            try CalendarEntryRecord.decode($0, listing: listing)
        }
    }

    func holds(of listing: ListingID, in range: Range<CalendarDate>, at instant: Instant) throws -> [NightHold] {
        if writing, connection.dialect == .postgres {
            // Bookings of this listing wait for this transaction from here on (see the type's notes).
            try connection.run("SELECT id FROM listings WHERE id = ? FOR UPDATE", [listing.rawValue])
        }
        let held = try connection.fetchAll("""
            SELECT n.night, n.reservation_id, q.status, q.expires_at FROM reservation_nights n \
            LEFT JOIN reservation_requests q ON q.reservation_id = n.reservation_id \
            WHERE n.listing_id = ? AND n.night >= ? AND n.night < ? ORDER BY n.night
            """, [listing.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch]) { row -> NightHold? in
            let date = CalendarDate(daysSinceEpoch: row.int(0)), id = ReservationID(row.int64(1))
            guard let requestStatus = row.optionalString(2), requestStatus != "accepted" else {
                return NightHold(date: date, holder: .reservation(id))
            }
            // A request past its expiry holds nothing, whether or not the job has recorded it.
            guard requestStatus == "requested", row.int64(3) > instant.millisecondsSinceEpoch else { return nil }
            return NightHold(date: date, holder: .request(id))
        }.compactMap { $0 }
        return held + (try importedHolds(of: listing, in: range, besides: Set(held.map(\.date))))
    }

    /// Nights synced calendars hold (`calendar_import_nights`) that no reservation or
    /// request does, each named by its first import's name.
    private func importedHolds(of listing: ListingID, in range: Range<CalendarDate>,
                               besides held: Set<CalendarDate>) throws -> [NightHold] {
        var seen = held
        return try connection.fetchAll("""
            SELECT n.night, i.name FROM calendar_import_nights n JOIN calendar_imports i ON i.id = n.import_id \
            WHERE n.listing_id = ? AND n.night >= ? AND n.night < ? ORDER BY n.night, i.id
            """, [listing.rawValue, range.lowerBound.daysSinceEpoch, range.upperBound.daysSinceEpoch]) {
            NightHold(date: CalendarDate(daysSinceEpoch: $0.int(0)), holder: .imported(source: $0.string(1)))
        }.filter { seen.insert($0.date).inserted }
    }

    func reservation(_ id: ReservationID) throws -> HostReservation? {
        try connection.fetchOne(HostReservationRecord.select + " AND r.id = ?", [id.rawValue]) {
            try HostReservationRecord.decode($0)
        }
    }

    func reservations(of host: AccountID, status: HostReservationStatus?, listing: ListingID?, at instant: Instant,
                      after cursor: HostReservationCursor?, limit: Int) throws -> [HostReservation] {
        var sql = HostReservationRecord.select + " AND l.host_account_id = :host"
        var arguments: [String: StoreValue] = [":host": .integer(host.rawValue), ":limit": .integer(Int64(limit))]
        if let cursor {
            sql += " AND (r.created_at < :at OR (r.created_at = :at AND r.id < :below))"
            arguments[":at"] = .integer(cursor.createdAt.millisecondsSinceEpoch)
            arguments[":below"] = .integer(cursor.id.rawValue)
        }
        if let status {
            sql += " AND " + HostReservationRecord.currentStatus + " = :status"
            arguments[":now"] = .integer(instant.millisecondsSinceEpoch)
            arguments[":status"] = .text(status.rawValue)
        }
        if let listing {
            sql += " AND r.listing_id = :listing"
            arguments[":listing"] = .integer(listing.rawValue)
        }
        return try connection.fetchAll(sql + " ORDER BY r.created_at DESC, r.id DESC LIMIT :limit", .named(arguments)) {
            try HostReservationRecord.decode($0)
        }
    }

    func reservations(of host: AccountID, checkingInFrom from: CalendarDate, through to: CalendarDate) throws
        -> [HostReservation] {
        try connection.fetchAll(HostReservationRecord.select + """
             AND l.host_account_id = ? AND r.checkin >= ? AND r.checkin <= ? \
            AND (q.status IS NULL OR q.status = 'accepted') ORDER BY r.id
            """, [host.rawValue, from.daysSinceEpoch, to.daysSinceEpoch]) { try HostReservationRecord.decode($0) }
    }

    func requestsDue(at instant: Instant, limit: Int) throws -> [HostReservation] {
        let skipLocked = writing && connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        let ids = try connection.fetchAll("""
            SELECT reservation_id FROM reservation_requests WHERE status = 'requested' AND expires_at <= ? \
            ORDER BY expires_at, reservation_id LIMIT ?\(skipLocked)
            """, [instant.millisecondsSinceEpoch, limit]) { ReservationID($0.int64(0)) }
        return try ids.compactMap { try reservation($0) }
    }

    // MARK: writes

    func insertListing(_ new: NewHostListing) throws -> ListingID {
        if let lock = connection.dialect.transactionLock { try connection.run(lock, [Int32(0), "listing ids"]) }
        let id = try connection.fetchOne("""
            SELECT \(connection.dialect.greater("COALESCE((SELECT max(id) FROM listings), 0)",
                                                "COALESCE((SELECT max(id) FROM listing_drafts), 0)")) + 1
            """) { $0.int64(0) } ?? 1
        let columns = ["id", "host_account_id", "version"] + HostListingRecord.contentColumns + ["created_at", "updated_at"]
        let values: [StoreValue] = [.integer(id), .integer(new.host.rawValue), .integer(1)]
            + HostListingRecord.values(of: new.content)
            + [.integer(new.createdAt.millisecondsSinceEpoch), .integer(new.createdAt.millisecondsSinceEpoch)]
        try connection.run("INSERT INTO listing_drafts (\(columns.joined(separator: ", "))) VALUES ("
                           + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")", .positional(values))
        return ListingID(id)
    }

    func updateListing(_ id: ListingID, content: HostListingContent, status: HostListingStatus,
                       expectedVersion: Int64, at instant: Instant, today: CalendarDate) throws -> HostListing {
        guard let current = try listing(id) else { throw StaysError.listingNotFound(id) }
        guard current.version == expectedVersion else { throw HostError.listingChanged(currentETag: current.etag) }
        let at = instant.millisecondsSinceEpoch
        switch (current.status, status) {
        case (.draft, .draft):
            let changed = try connection.run("UPDATE listing_drafts SET " + HostListingRecord.contentAssignments
                                             + ", version = ?, updated_at = ? WHERE id = ? AND version = ?",
                                             .positional(HostListingRecord.values(of: content) + [
                                                 .integer(expectedVersion + 1), .integer(at), .integer(id.rawValue),
                                                 .integer(expectedVersion)]))
            guard changed == 1 else { throw try changedMeanwhile(id) }
        case (.draft, .published):
            guard try connection.run("DELETE FROM listing_drafts WHERE id = ? AND version = ?",
                                     [id.rawValue, expectedVersion]) == 1 else { throw try changedMeanwhile(id) }
            try insertPublished(current, content: content, version: expectedVersion + 1, at: instant, today: today)
            try EventOutbox.append(.listingPublished, listing: id, at: instant, in: connection)
            try ChangeLog.append(listing: id, reason: .listing, in: connection)
        case (.draft, .unpublished):
            preconditionFailure("a draft is never unpublished (HostService keeps it a draft)")
        case (_, .draft):
            preconditionFailure("a published listing never becomes a draft again")
        case (.published, _), (.unpublished, _):
            let changed = try connection.run("UPDATE listings SET " + HostListingRecord.contentAssignments
                                             + ", status = ?, version = ?, updated_at = ?, available_until = ? "
                                             + "WHERE id = ? AND version = ?",
                                             .positional(HostListingRecord.values(of: content) + [
                                                 .text(status.rawValue), .integer(expectedVersion + 1), .integer(at),
                                                 .integer(Int64(today.adding(days: content.availabilityWindowDays).daysSinceEpoch)),
                                                 .integer(id.rawValue), .integer(expectedVersion)]))
            guard changed == 1 else { throw try changedMeanwhile(id) }
            if current.status != status {
                try EventOutbox.append(status == .published ? .listingPublished : .listingUnpublished, listing: id,
                                       at: instant, in: connection)
            }
            if current.status == .published || status == .published {
                try ChangeLog.append(listing: id, reason: .listing, in: connection)
            }
        }
        guard let stored = try listing(id) else { throw StaysError.listingNotFound(id) }
        return stored
    }

    /// The draft's first publish: its row in `listings`, with the catalog's columns a host
    /// does not write (the host's name and since when, no rating yet).
    private func insertPublished(_ draft: HostListing, content: HostListingContent, version: Int64,
                                 at instant: Instant, today: CalendarDate) throws {
        let host = try account(draft.host)
        let columns = ["id", "host_account_id", "status", "version"] + HostListingRecord.contentColumns
            + ["created_at", "updated_at", "host_name", "host_since", "available_until"]
        let values: [StoreValue] = [.integer(draft.id.rawValue), .integer(draft.host.rawValue), .text("published"),
                                    .integer(version)]
            + HostListingRecord.values(of: content)
            + [.integer(draft.createdAt.millisecondsSinceEpoch), .integer(instant.millisecondsSinceEpoch),
               .text(host?.name ?? ""),
               host.map { .integer(Int64(Self.date(of: $0.createdAt, in: content.timeZone).daysSinceEpoch)) } ?? .null,
               .integer(Int64(today.adding(days: content.availabilityWindowDays).daysSinceEpoch))]
        try connection.run("INSERT INTO listings (\(columns.joined(separator: ", "))) VALUES ("
                           + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")", .positional(values))
    }

    /// Why an `UPDATE ... WHERE version = ?` changed nothing: another write got there first
    /// (`listingChanged` with the version now stored), or the listing is gone.
    private func changedMeanwhile(_ id: ListingID) throws -> any Error {
        guard let now = try listing(id) else { return StaysError.listingNotFound(id) }
        return HostError.listingChanged(currentETag: now.etag)
    }

    func writeCalendar(of listing: ListingID, upserts: [CalendarEntry], deletions: [CalendarDate],
                       at instant: Instant) throws {
        guard let status = try connection.fetchOne("SELECT status FROM listings WHERE id = ?", [listing.rawValue],
                                                   { $0.string(0) }) else {
            // calendar_days rows belong to `listings`: a draft's calendar waits for its first publish.
            throw StaysError.invalidParameter("changes", "a draft has no calendar yet: publish the listing first")
        }
        if !deletions.isEmpty {
            try connection.run("DELETE FROM calendar_days WHERE listing_id = ? AND "
                               + connection.dialect.isOne(of: "day"),
                               [listing.rawValue, StoreValue.integers(deletions.map { Int64($0.daysSinceEpoch) })])
        }
        let upsert = """
            INSERT INTO calendar_days (listing_id, day, status, price, min_nights, max_nights, closed_to_arrival, \
            closed_to_departure) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (listing_id, day) DO UPDATE SET \
            status = excluded.status, price = excluded.price, min_nights = excluded.min_nights, \
            max_nights = excluded.max_nights, closed_to_arrival = excluded.closed_to_arrival, \
            closed_to_departure = excluded.closed_to_departure
            """
        if connection.dialect.statementsAreRoundTrips, upserts.count > 1 {
            try connection.writeCalendarRowsAtOnce(upserts, of: listing, replacingExisting: true)
        } else {
            for entry in upserts {
                try connection.run(upsert, [listing.rawValue, entry.date.daysSinceEpoch, entry.status.rawValue, entry.price,
                                            entry.minNights, entry.maxNights, entry.closedToArrival,
                                            entry.closedToDeparture])
            }
        }
        if status == HostListingStatus.published.rawValue {
            try ChangeLog.append(listing: listing, reason: .calendar, in: connection)
        }
    }

    /// `calendar_import_closures` lists the blocked nights only imports closed: deleting a
    /// night's row makes its block the host's too; inserting one leaves it to the imports.
    func setOwnBlocks(of listing: ListingID, closed: [CalendarDate], opened: [CalendarDate]) throws -> [CalendarDate] {
        func days(_ dates: [CalendarDate]) -> StoreValue { .integers(dates.map { Int64($0.daysSinceEpoch) }) }
        var changed: [Int] = []
        if !closed.isEmpty {
            changed += try connection.fetchAll("""
                DELETE FROM calendar_import_closures WHERE listing_id = ? AND \(connection.dialect.isOne(of: "night")) \
                RETURNING night
                """, [listing.rawValue, days(closed)]) { $0.int(0) }
        }
        if !opened.isEmpty {
            changed += try connection.fetchAll("""
                INSERT INTO calendar_import_closures (listing_id, night) SELECT d.listing_id, d.day FROM calendar_days d \
                WHERE d.listing_id = ? AND d.status = 'blocked' AND \(connection.dialect.isOne(of: "d.day")) \
                AND EXISTS (SELECT 1 FROM calendar_import_nights n WHERE n.listing_id = d.listing_id AND n.night = d.day) \
                ON CONFLICT (listing_id, night) DO NOTHING RETURNING night
                """, [listing.rawValue, days(opened)]) { $0.int(0) }
        }
        return Set(changed).sorted().map(CalendarDate.init(daysSinceEpoch:))
    }

    func setReservationStatus(_ id: ReservationID, to status: HostReservationStatus, cancelledBy: CancelledBy?,
                              refund: Refund?, on date: CalendarDate, at instant: Instant) throws {
        guard let current = try reservation(id) else { throw StaysError.reservationNotFound(id) }
        let at = instant.millisecondsSinceEpoch
        let changed: Int
        switch status {
        case .requested:
            preconditionFailure("nothing moves back to requested")
        case .confirmed:
            changed = try connection.run("""
                UPDATE reservation_requests SET status = 'accepted', decided_at = ? \
                WHERE reservation_id = ? AND status = 'requested'
                """, [at, id.rawValue])
        case .declined, .expired, .withdrawn:
            changed = try RequestEnding.end(id, listing: current.listingID, stay: current.stay, as: status, at: instant,
                                            on: date, in: connection) ? 1 : 0
        case .cancelled:
            changed = try connection.run("""
                UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_on = ?, refund_lines = ?, \
                cancelled_by = ? WHERE id = ? AND status = 'confirmed'
                """, [at, date.daysSinceEpoch,
                      ReservationRecord.encode((refund?.lines ?? []).map { ($0.kind.rawValue, $0.amount) }),
                      cancelledBy?.rawValue, id.rawValue])
        }
        guard changed == 1 else {
            // Another transaction decided first (READ COMMITTED: this one waited for it).
            let now = try reservation(id)?.status(at: instant) ?? current.status
            throw HostError.reservationStateConflict(id, status: now, action: Self.action(to: status, by: cancelledBy))
        }
        if status == .cancelled {
            try RequestEnding.freeNights(of: id, listing: current.listingID, stay: current.stay, in: connection)
        }
        switch status {
        case .confirmed:
            try EventOutbox.append(.reservationConfirmed, reservation: id, at: instant, in: connection)
        case .cancelled:
            try EventOutbox.append(.reservationCancelled, reservation: id, cancelledBy: cancelledBy, at: instant,
                                   in: connection)
        default:
            break  // RequestEnding.end announced it
        }
        try ChangeLog.append(listing: current.listingID, reason: status.holdsNights ? .reservation : .cancellation,
                             in: connection)
    }

    private static func action(to status: HostReservationStatus, by cancelledBy: CancelledBy?) -> ReservationAction {
        switch status {
        case .confirmed, .requested: .accept
        case .declined: .decline
        case .expired: .expire
        case .withdrawn: .guestCancel
        case .cancelled: cancelledBy == .host ? .hostCancel : .guestCancel
        }
    }

    /// The listing's date at `instant` in `zone` (UTC for an unknown zone).
    static func date(of instant: Instant, in zone: String) -> CalendarDate {
        let seconds = Double(instant.millisecondsSinceEpoch) / 1000
        let offset = (TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!)
            .secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        return CalendarDate(daysSinceEpoch: Int(((seconds + Double(offset)) / 86_400).rounded(.down)))
    }
}
