import Domain
import PostgresStorage

/// The booking unit of work on PostgreSQL, shared by any number of Stays servers: `write`
/// is one READ COMMITTED transaction, `read` one REPEATABLE READ snapshot (`PostgresPool`).
///
/// Unlike SQLite's writer, booking transactions of this and other servers run at the same
/// time, so every rule that must hold across them is enforced by the database:
/// - no double booking: `reservation_nights` has one row per held night keyed by (listing,
///   night); a colliding insert fails inside the transaction with SQLSTATE 23505, which
///   `insertReservation` turns into `StaysError.unavailableDates` — the one place
///   PostgreSQL's codes become a domain conflict;
/// - idempotency keys: `idempotencyRecord` first takes a transaction-level advisory lock
///   on (guest, key), so a retry arriving on another server waits for the first attempt to
///   commit and then reads its record (READ COMMITTED: each statement sees the latest
///   commits) instead of booking again.
///
/// Thread safety: `Sendable`, as `PostgresPool`.
public final class PostgresBookingStore: BookingStore {
    public let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func write<T>(_ body: (any BookingTransaction) throws -> T) throws -> T {
        try pool.write { connection in try body(PostgresBookingContext(connection)) }
    }

    public func read<T>(_ body: (any BookingReads) throws -> T) throws -> T {
        try pool.read { connection in try body(PostgresBookingContext(connection)) }
    }
}

/// One transaction's view; valid only inside the closure it was passed to.
final class PostgresBookingContext: BookingTransaction {
    private let connection: PostgresConnection

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    // MARK: reads

    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID? {
        try connection.queryOne("SELECT id FROM guests WHERE token_hash = $1", [digest]) { GuestID($0.int64(0)) }
    }

    func listingAndCalendar(_ id: ListingID, in range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        guard let listing = try PostgresCatalog.listingSummary(id.rawValue, in: connection) else { return nil }
        return (listing, try PostgresCatalog.calendarEntries(of: id, in: range, connection: connection))
    }

    func listingExists(_ id: ListingID) throws -> Bool {
        try connection.queryOne("SELECT 1 FROM listings WHERE id = $1", [id.rawValue]) { _ in true } ?? false
    }

    func reservation(_ id: ReservationID, of guest: GuestID) throws -> Reservation? {
        try connection.query(ReservationRecord.select + " WHERE r.id = $1 AND r.guest_id = $2",
                             [id.rawValue, guest.rawValue]).first { try ReservationRecord.decode($0) }
    }

    func trips(of guest: GuestID, today: CalendarDate, after cursor: TripCursor?, limit: Int) throws -> TripPage {
        // As SQLite's: `TripWalk`'s two walks of `reservations_trips`, each with its LIMIT.
        let walk = TripWalk(today: today, after: cursor)
        return try walk.page(limit: limit, upcoming: { limit in
            try connection.query(Self.upcomingTrips, [
                guest.rawValue, walk.upcomingFrom, today.daysSinceEpoch, walk.upcomingAfterCheckin,
                walk.upcomingAfterID, limit,
            ]).map { try ReservationRecord.decode($0) }
        }, past: { limit in
            try connection.query(Self.pastTrips, [
                guest.rawValue, walk.pastBeforeCheckin, walk.pastBeforeID, walk.pastConfirmedThrough,
                today.daysSinceEpoch, limit,
            ]).map { try ReservationRecord.decode($0) }
        })
    }

    /// `TripWalk`'s upcoming walk: an index-only range scan of `reservations_trips` for
    /// the page's ids (checkout is tested in the index), then the page's rows by id.
    static let upcomingTrips = """
        SELECT \(ReservationRecord.columns) FROM (SELECT id, checkin FROM reservations \
        WHERE guest_id = $1 AND status = 'confirmed' AND checkin >= $2::bigint AND checkout > $3::bigint \
        AND (checkin > $4::bigint OR id > $5::bigint) ORDER BY checkin, id LIMIT $6) AS p \
        JOIN reservations r ON r.id = p.id \(ReservationRecord.joins) ORDER BY p.checkin, p.id
        """

    /// `TripWalk`'s past walk: two backward index-only scans of `reservations_trips`, each
    /// with the page's LIMIT, under a Merge Append (PostgreSQL 15 plans a Merge Append for
    /// a UNION ALL only when each arm has its own ORDER BY and LIMIT; without them it
    /// sorts every past trip), then the page's rows by id.
    static let pastTrips = """
        SELECT \(ReservationRecord.columns) FROM (SELECT id, checkin FROM (\
        (SELECT id, checkin FROM reservations WHERE guest_id = $1 AND status = 'cancelled' \
        AND checkin <= $2::bigint AND (checkin < $2::bigint OR id < $3::bigint) ORDER BY checkin DESC, id DESC LIMIT $6) \
        UNION ALL \
        (SELECT id, checkin FROM reservations WHERE guest_id = $1 AND status = 'confirmed' \
        AND checkin <= $4::bigint AND checkout <= $5::bigint AND (checkin < $2::bigint OR id < $3::bigint) \
        ORDER BY checkin DESC, id DESC LIMIT $6)) AS arms ORDER BY checkin DESC, id DESC LIMIT $6) AS p \
        JOIN reservations r ON r.id = p.id \(ReservationRecord.joins) ORDER BY p.checkin DESC, p.id DESC
        """

    func wishlist(of guest: GuestID, limit: Int) throws -> [ListingID] {
        try connection.query("""
            SELECT listing_id FROM wishlist WHERE guest_id = $1 ORDER BY saved_at DESC, listing_id DESC LIMIT $2
            """, [guest.rawValue, limit]).map { ListingID($0.int64(0)) }
    }

    // MARK: writes

    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
        let id = try connection.queryOne("INSERT INTO guests (token_hash, created_at) VALUES ($1, $2) RETURNING id",
                                         [tokenDigest, instant.millisecondsSinceEpoch]) { $0.int64(0) }
        return GuestID(id ?? 0)
    }

    func idempotencyRecord(of guest: GuestID, key: IdempotencyKey) throws -> IdempotencyRecord? {
        // Held to the end of the transaction: a concurrent attempt with the same key, on any
        // server, waits here until this one has committed its record (or rolled back). The
        // lock key is (guest id's low 32 bits, hash of the key): a collision only makes two
        // unrelated attempts wait for each other.
        try connection.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [Int32(truncatingIfNeeded: guest.rawValue), key.rawValue])
        return try connection.queryOne("""
            SELECT request_hash, reservation_id, response_body FROM idempotency_keys WHERE guest_id = $1 AND key = $2
            """, [guest.rawValue, key.rawValue]) {
            IdempotencyRecord(requestFingerprint: $0.blob(0), reservationID: ReservationID($0.int64(1)),
                              responseBody: $0.blob(2))
        }
    }

    func storeIdempotencyRecord(_ record: IdempotencyRecord, of guest: GuestID, key: IdempotencyKey,
                                at instant: Instant) throws {
        try connection.query("""
            INSERT INTO idempotency_keys (guest_id, key, request_hash, reservation_id, response_body, created_at) \
            VALUES ($1, $2, $3, $4, $5, $6)
            """, [guest.rawValue, key.rawValue, record.requestFingerprint, record.reservationID.rawValue,
                  record.responseBody, instant.millisecondsSinceEpoch])
    }

    func insertReservation(_ new: NewReservation) throws -> ReservationID {
        let quote = new.quote
        let id = try connection.queryOne("""
            INSERT INTO reservations (guest_id, listing_id, checkin, checkout, adults, children, infants, currency, \
            nightly_prices, line_items, total, cancellation_policy, status, created_at) \
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'confirmed', $13) RETURNING id
            """, [
                new.guestID.rawValue, quote.listingID.rawValue, quote.checkin.daysSinceEpoch,
                quote.checkout.daysSinceEpoch, quote.guests.adults, quote.guests.children, quote.guests.infants,
                quote.currency.rawValue, ReservationRecord.encode(quote.nightlyPrices.map(\.price)),
                ReservationRecord.encode(quote.lineItems.map { ($0.kind.rawValue, $0.amount) }), quote.total,
                new.cancellationPolicy.rawValue, new.createdAt.millisecondsSinceEpoch,
            ]) { $0.int64(0) } ?? 0
        let nights = quote.stay.nightDates.map { Int64($0.daysSinceEpoch) }
        // Every night in one statement: the primary key refuses any night already held,
        // whichever server holds it. In a savepoint, because an error aborts a PostgreSQL
        // transaction: rolled back to it, the transaction can still read which nights are held.
        try connection.execute(sql: "SAVEPOINT hold_nights")
        do {
            try connection.query("""
                INSERT INTO reservation_nights (listing_id, night, reservation_id) \
                SELECT $1::bigint, night, $3::bigint FROM unnest($2::bigint[]) AS night
                """, [quote.listingID.rawValue, Self.arrayLiteral(nights), id])
        } catch let error as PostgresError where error.isUniqueViolation {
            try connection.execute(sql: "ROLLBACK TO SAVEPOINT hold_nights")
            throw StaysError.unavailableDates(try heldNights(of: quote.listingID, in: quote.stay))
        }
        try connection.execute(sql: "RELEASE SAVEPOINT hold_nights")
        try connection.query("""
            INSERT INTO calendar_days (listing_id, day, status) SELECT $1::bigint, day, 'booked' \
            FROM unnest($2::bigint[]) AS day ON CONFLICT (listing_id, day) DO UPDATE SET status = 'booked'
            """, [quote.listingID.rawValue, Self.arrayLiteral(nights)])
        try PostgresChangeLog.append(listing: quote.listingID, reason: .reservation, in: connection)
        return ReservationID(id)
    }

    /// PostgreSQL's text form of a `bigint[]` parameter, e.g. `{20100,20101}` (digits only).
    static func arrayLiteral(_ values: [Int64]) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }

    /// The nights of `stay` some reservation holds, ascending (READ COMMITTED: including
    /// those the conflicting transaction on another server just committed).
    private func heldNights(of listing: ListingID, in stay: Stay) throws -> [CalendarDate] {
        try connection.query("""
            SELECT night FROM reservation_nights WHERE listing_id = $1 AND night >= $2 AND night < $3 ORDER BY night
            """, [listing.rawValue, stay.checkin.daysSinceEpoch, stay.checkout.daysSinceEpoch])
            .map { CalendarDate(daysSinceEpoch: $0.int(0)) }
    }

    func cancelReservation(_ reservation: Reservation, at instant: Instant, on cancelledOn: CalendarDate,
                           refund: Refund) throws {
        let id = reservation.id, listingID = reservation.listingID
        try connection.query("""
            UPDATE reservations SET status = 'cancelled', cancelled_at = $1, cancelled_on = $2, refund_lines = $3 \
            WHERE id = $4 AND status = 'confirmed'
            """, [instant.millisecondsSinceEpoch, cancelledOn.daysSinceEpoch,
                  ReservationRecord.encode(refund.lines.map { ($0.kind.rawValue, $0.amount) }), id.rawValue])
        // As SQLite's: the nights go back to available; rows left with only defaults go.
        try connection.query("""
            UPDATE calendar_days SET status = 'available' WHERE listing_id = $1 AND status = 'booked' \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = $2)
            """, [listingID.rawValue, id.rawValue])
        try connection.query("""
            DELETE FROM calendar_days WHERE listing_id = $1 AND status = 'available' AND price IS NULL \
            AND min_nights IS NULL AND max_nights IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0 \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = $2)
            """, [listingID.rawValue, id.rawValue])
        try connection.query("DELETE FROM reservation_nights WHERE reservation_id = $1", [id.rawValue])
        try PostgresChangeLog.append(listing: listingID, reason: .cancellation, in: connection)
    }

    func saveToWishlist(_ listing: ListingID, of guest: GuestID, at instant: Instant) throws {
        try connection.query("""
            INSERT INTO wishlist (guest_id, listing_id, saved_at) VALUES ($1, $2, $3) \
            ON CONFLICT (guest_id, listing_id) DO NOTHING
            """, [guest.rawValue, listing.rawValue, instant.millisecondsSinceEpoch])
    }

    func removeFromWishlist(_ listing: ListingID, of guest: GuestID) throws {
        try connection.query("DELETE FROM wishlist WHERE guest_id = $1 AND listing_id = $2",
                             [guest.rawValue, listing.rawValue])
    }
}
