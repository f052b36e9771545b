import Domain
import Storage

/// The booking unit of work on SQLite: `write` is one `BEGIN IMMEDIATE` transaction on the
/// pool's writer connection (so booking transactions run one at a time, each seeing every
/// commit before it), `read` one read transaction on a reader.
///
/// No double booking: `reservation_nights` has one row per held night keyed by (listing,
/// night); an insert that collides fails inside the transaction, and `insertReservation`
/// turns exactly that failure into `StaysError.unavailableDates` — the one place SQLite's
/// constraint codes become a domain conflict.
///
/// Thread safety: `Sendable`, as `DatabasePool`.
public final class SQLiteBookingStore: BookingStore {
    public let pool: DatabasePool

    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public func write<T>(_ body: (any BookingTransaction) throws -> T) throws -> T {
        try pool.write { db in try body(SQLiteBookingContext(db)) }
    }

    public func read<T>(_ body: (any BookingReads) throws -> T) throws -> T {
        try pool.read { db in try body(SQLiteBookingContext(db)) }
    }
}

/// One transaction's view; valid only inside the closure it was passed to (it holds the
/// connection, which is not `Sendable`).
final class SQLiteBookingContext: BookingTransaction {
    private let db: Database

    init(_ db: Database) {
        self.db = db
    }

    // MARK: reads

    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID? {
        let statement = try db.cachedStatement("SELECT id FROM guests WHERE token_hash = ?")
        try statement.bind(digest, at: 1)
        return try statement.fetchOne { GuestID($0.int64(0)) }
    }

    func listingAndCalendar(_ id: ListingID, in range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        guard let listing = try SQLiteCatalog.listingSummary(id.rawValue, in: db) else { return nil }
        return (listing, try SQLiteCatalog.calendarEntries(of: id, in: range, db: db))
    }

    func listingExists(_ id: ListingID) throws -> Bool {
        let statement = try db.cachedStatement("SELECT 1 FROM listings WHERE id = ?")
        try statement.bind(id.rawValue, at: 1)
        return try statement.fetchOne { _ in true } ?? false
    }

    func reservation(_ id: ReservationID, of guest: GuestID) throws -> Reservation? {
        let statement = try db.cachedStatement(ReservationRecord.select + " WHERE r.id = ? AND r.guest_id = ?")
        try statement.bind(id.rawValue, at: 1)
        try statement.bind(guest.rawValue, at: 2)
        return try statement.fetchOne(ReservationRecord.decode)
    }

    func trips(of guest: GuestID, today: CalendarDate, after cursor: TripCursor?, limit: Int) throws -> TripPage {
        let walk = TripWalk(today: today, after: cursor)
        return try walk.page(limit: limit, upcoming: { limit in
            let statement = try db.cachedStatement(Self.upcomingTrips)
            try statement.bind(guest.rawValue, named: ":guest")
            try statement.bind(walk.upcomingFrom, named: ":from")
            try statement.bind(today.daysSinceEpoch, named: ":today")
            try statement.bind(walk.upcomingAfterCheckin, named: ":after_checkin")
            try statement.bind(walk.upcomingAfterID, named: ":after_id")
            try statement.bind(limit, named: ":limit")
            return try statement.fetchAll(ReservationRecord.decode)
        }, past: { limit in
            let statement = try db.cachedStatement(Self.pastTrips)
            try statement.bind(guest.rawValue, named: ":guest")
            try statement.bind(walk.pastBeforeCheckin, named: ":before_checkin")
            try statement.bind(walk.pastBeforeID, named: ":before_id")
            try statement.bind(walk.pastConfirmedThrough, named: ":confirmed_through")
            try statement.bind(today.daysSinceEpoch, named: ":today")
            try statement.bind(limit, named: ":limit")
            return try statement.fetchAll(ReservationRecord.decode)
        })
    }

    /// `TripWalk`'s upcoming walk: a range of `reservations_trips` in index order (the
    /// cursor's `OR` only filters rows of the cursor's own check-in day).
    static let upcomingTrips = """
        \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'confirmed' AND r.checkin >= :from \
        AND r.checkout > :today AND (r.checkin > :after_checkin OR r.id > :after_id) \
        ORDER BY r.checkin, r.id LIMIT :limit
        """

    /// `TripWalk`'s past walk: two descending ranges of `reservations_trips` merged
    /// (SQLite's MERGE (UNION ALL) pulls rows from each only as the LIMIT needs them).
    /// `ORDER BY 4, 1` is (r.checkin, r.id): a compound SELECT orders by its result columns.
    static let pastTrips = """
        \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'cancelled' \
        AND r.checkin <= :before_checkin AND (r.checkin < :before_checkin OR r.id < :before_id) \
        UNION ALL \
        \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'confirmed' \
        AND r.checkin <= :confirmed_through AND r.checkout <= :today \
        AND (r.checkin < :before_checkin OR r.id < :before_id) \
        ORDER BY 4 DESC, 1 DESC LIMIT :limit
        """

    func wishlist(of guest: GuestID, limit: Int) throws -> [ListingID] {
        let statement = try db.cachedStatement("""
            SELECT listing_id FROM wishlist WHERE guest_id = ? ORDER BY saved_at DESC, listing_id DESC LIMIT ?
            """)
        try statement.bind(guest.rawValue, at: 1)
        try statement.bind(limit, at: 2)
        return try statement.fetchAll { ListingID($0.int64(0)) }
    }

    // MARK: writes

    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
        let statement = try db.cachedStatement("INSERT INTO guests (token_hash, created_at) VALUES (?, ?)")
        try statement.bind(tokenDigest, at: 1)
        try statement.bind(instant.millisecondsSinceEpoch, at: 2)
        try statement.run()
        return GuestID(db.lastInsertedRowID)
    }

    func idempotencyRecord(of guest: GuestID, key: IdempotencyKey) throws -> IdempotencyRecord? {
        let statement = try db.cachedStatement("""
            SELECT request_hash, reservation_id, response_body FROM idempotency_keys WHERE guest_id = ? AND key = ?
            """)
        try statement.bind(guest.rawValue, at: 1)
        try statement.bind(key.rawValue, at: 2)
        return try statement.fetchOne {
            IdempotencyRecord(requestFingerprint: $0.blob(0), reservationID: ReservationID($0.int64(1)),
                              responseBody: $0.blob(2))
        }
    }

    func storeIdempotencyRecord(_ record: IdempotencyRecord, of guest: GuestID, key: IdempotencyKey,
                                at instant: Instant) throws {
        let statement = try db.cachedStatement("""
            INSERT INTO idempotency_keys (guest_id, key, request_hash, reservation_id, response_body, created_at) \
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        try statement.bind(guest.rawValue, at: 1)
        try statement.bind(key.rawValue, at: 2)
        try statement.bind(record.requestFingerprint, at: 3)
        try statement.bind(record.reservationID.rawValue, at: 4)
        try statement.bind(record.responseBody, at: 5)
        try statement.bind(instant.millisecondsSinceEpoch, at: 6)
        try statement.run()
    }

    func insertReservation(_ new: NewReservation) throws -> ReservationID {
        let quote = new.quote
        let insert = try db.cachedStatement("""
            INSERT INTO reservations (guest_id, listing_id, checkin, checkout, adults, children, infants, currency, \
            nightly_prices, line_items, total, cancellation_policy, status, created_at) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', ?)
            """)
        try insert.bind(new.guestID.rawValue, at: 1)
        try insert.bind(quote.listingID.rawValue, at: 2)
        try insert.bind(quote.checkin.daysSinceEpoch, at: 3)
        try insert.bind(quote.checkout.daysSinceEpoch, at: 4)
        try insert.bind(quote.guests.adults, at: 5)
        try insert.bind(quote.guests.children, at: 6)
        try insert.bind(quote.guests.infants, at: 7)
        try insert.bind(quote.currency.rawValue, at: 8)
        try insert.bind(ReservationRecord.encode(quote.nightlyPrices.map(\.price)), at: 9)
        try insert.bind(ReservationRecord.encode(quote.lineItems.map { ($0.kind.rawValue, $0.amount) }), at: 10)
        try insert.bind(quote.total, at: 11)
        try insert.bind(new.cancellationPolicy.rawValue, at: 12)
        try insert.bind(new.createdAt.millisecondsSinceEpoch, at: 13)
        try insert.run()
        let id = db.lastInsertedRowID

        let hold = try db.cachedStatement(
            "INSERT INTO reservation_nights (listing_id, night, reservation_id) VALUES (?, ?, ?)")
        let markBooked = try db.cachedStatement("""
            INSERT INTO calendar_days (listing_id, day, status) VALUES (?, ?, 'booked') \
            ON CONFLICT(listing_id, day) DO UPDATE SET status = 'booked'
            """)
        for night in quote.stay.nightDates {
            try hold.bind(quote.listingID.rawValue, at: 1)
            try hold.bind(night.daysSinceEpoch, at: 2)
            try hold.bind(id, at: 3)
            do {
                try hold.run()
            } catch let error as DatabaseError where error.isUniqueConstraintViolation {
                throw StaysError.unavailableDates(try heldNights(of: quote.listingID, in: quote.stay))
            }
            try markBooked.bind(quote.listingID.rawValue, at: 1)
            try markBooked.bind(night.daysSinceEpoch, at: 2)
            try markBooked.run()
        }
        try ChangeLog.append(listing: quote.listingID, reason: .reservation, in: db)
        return ReservationID(id)
    }

    /// The nights of `stay` some reservation holds, ascending.
    private func heldNights(of listing: ListingID, in stay: Stay) throws -> [CalendarDate] {
        let statement = try db.cachedStatement("""
            SELECT night FROM reservation_nights WHERE listing_id = ? AND night >= ? AND night < ? ORDER BY night
            """)
        try statement.bind(listing.rawValue, at: 1)
        try statement.bind(stay.checkin.daysSinceEpoch, at: 2)
        try statement.bind(stay.checkout.daysSinceEpoch, at: 3)
        return try statement.fetchAll { CalendarDate(daysSinceEpoch: $0.int(0)) }
    }

    func cancelReservation(_ reservation: Reservation, at instant: Instant, on cancelledOn: CalendarDate,
                           refund: Refund) throws {
        let id = reservation.id, listingID = reservation.listingID
        let update = try db.cachedStatement("""
            UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_on = ?, refund_lines = ? \
            WHERE id = ? AND status = 'confirmed'
            """)
        try update.bind(instant.millisecondsSinceEpoch, at: 1)
        try update.bind(cancelledOn.daysSinceEpoch, at: 2)
        try update.bind(ReservationRecord.encode(refund.lines.map { ($0.kind.rawValue, $0.amount) }), at: 3)
        try update.bind(id.rawValue, at: 4)
        try update.run()
        // The nights go back to the calendar as they were before the booking (available:
        // a booking only ever takes available nights); a row left with nothing but the
        // defaults is removed, keeping the table "exceptions only".
        let free = try db.cachedStatement("""
            UPDATE calendar_days SET status = 'available' WHERE listing_id = ?1 AND status = 'booked' \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = ?2)
            """)
        try free.bind(listingID.rawValue, at: 1)
        try free.bind(id.rawValue, at: 2)
        try free.run()
        let prune = try db.cachedStatement("""
            DELETE FROM calendar_days WHERE listing_id = ?1 AND status = 'available' AND price IS NULL \
            AND min_nights IS NULL AND max_nights IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0 \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = ?2)
            """)
        try prune.bind(listingID.rawValue, at: 1)
        try prune.bind(id.rawValue, at: 2)
        try prune.run()
        let release = try db.cachedStatement("DELETE FROM reservation_nights WHERE reservation_id = ?")
        try release.bind(id.rawValue, at: 1)
        try release.run()
        try ChangeLog.append(listing: listingID, reason: .cancellation, in: db)
    }

    func saveToWishlist(_ listing: ListingID, of guest: GuestID, at instant: Instant) throws {
        let statement = try db.cachedStatement("""
            INSERT INTO wishlist (guest_id, listing_id, saved_at) VALUES (?, ?, ?) \
            ON CONFLICT(guest_id, listing_id) DO NOTHING
            """)
        try statement.bind(guest.rawValue, at: 1)
        try statement.bind(listing.rawValue, at: 2)
        try statement.bind(instant.millisecondsSinceEpoch, at: 3)
        try statement.run()
    }

    func removeFromWishlist(_ listing: ListingID, of guest: GuestID) throws {
        let statement = try db.cachedStatement("DELETE FROM wishlist WHERE guest_id = ? AND listing_id = ?")
        try statement.bind(guest.rawValue, at: 1)
        try statement.bind(listing.rawValue, at: 2)
        try statement.run()
    }
}
