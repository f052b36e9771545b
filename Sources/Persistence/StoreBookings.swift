import Domain

/// The booking unit of work, on either engine: `write` is one transaction
/// (`StoreEngine.write`), `read` one snapshot.
///
/// On SQLite booking transactions run one at a time; on PostgreSQL those of this and other
/// servers run at once, so every rule that must hold across them is enforced by the database:
/// - no double booking: `reservation_nights` has one row per held night keyed by (listing,
///   night); an insert that collides fails inside the transaction, and `insertReservation`
///   turns exactly that failure (`StoreFailure.uniqueViolation`) into
///   `StaysError.unavailableDates` — the one place an engine's constraint error becomes a
///   domain conflict;
/// - idempotency keys: `idempotencyRecord` first takes the dialect's transaction lock on
///   (guest, key), so a retry arriving on another server waits for the first attempt to
///   commit and then reads its record (READ COMMITTED: each statement sees the latest
///   commits) instead of booking again.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreBookings<Engine: StoreEngine>: BookingStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    public func write<T>(_ body: (any BookingTransaction) throws -> T) throws -> T {
        try engine.write { connection in try body(StoreBookingContext<Engine>(connection)) }
    }

    public func read<T>(_ body: (any BookingReads) throws -> T) throws -> T {
        try engine.read { connection in try body(StoreBookingContext<Engine>(connection)) }
    }
}

/// One transaction's view; valid only inside the closure it was passed to (it holds the
/// connection, which is not `Sendable`). Pre-specialized for both engines, as
/// `StoreCatalog` is.
final class StoreBookingContext<Engine: StoreEngine>: BookingTransaction {
    private let connection: Engine.Connection

    init(_ connection: Engine.Connection) {
        self.connection = connection
    }

    // MARK: reads

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID? {
        try connection.fetchOne("SELECT id FROM guests WHERE token_hash = ?", [digest]) { GuestID($0.int64(0)) }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func listingAndCalendar(_ id: ListingID, in range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        guard let listing = try StoreCatalog<Engine>.listingSummary(id.rawValue, in: connection) else { return nil }
        return (listing, try StoreCatalog<Engine>.calendarEntries(of: id, in: range, in: connection))
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func listingExists(_ id: ListingID) throws -> Bool {
        try connection.exists("SELECT 1 FROM listings WHERE id = ? AND status = 'published'", [id.rawValue])
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func reservation(_ id: ReservationID, of guest: GuestID) throws -> Reservation? {
        try connection.fetchOne(ReservationRecord.select + " WHERE r.id = ? AND r.guest_id = ?",
                                [id.rawValue, guest.rawValue]) { try ReservationRecord.decode($0) }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func trips(of guest: GuestID, today: CalendarDate, after cursor: TripCursor?, limit: Int) throws -> TripPage {
        let walk = TripWalk(today: today, after: cursor)
        let trips = TripWalk.SQL(connection.dialect)
        return try walk.page(limit: limit, upcoming: { limit in
            try connection.fetchAll(trips.upcoming, [
                ":guest": guest.rawValue, ":from": walk.upcomingFrom, ":today": today.daysSinceEpoch,
                ":after_checkin": walk.upcomingAfterCheckin, ":after_id": walk.upcomingAfterID, ":limit": limit,
            ]) { try ReservationRecord.decode($0) }
        }, past: { limit in
            try connection.fetchAll(trips.past, [
                ":guest": guest.rawValue, ":before_checkin": walk.pastBeforeCheckin, ":before_id": walk.pastBeforeID,
                ":confirmed_through": walk.pastConfirmedThrough, ":today": today.daysSinceEpoch, ":limit": limit,
            ]) { try ReservationRecord.decode($0) }
        })
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func wishlist(of guest: GuestID, limit: Int) throws -> [ListingID] {
        try connection.fetchAll("""
            SELECT listing_id FROM wishlist WHERE guest_id = ? ORDER BY saved_at DESC, listing_id DESC LIMIT ?
            """, [guest.rawValue, limit]) { ListingID($0.int64(0)) }
    }

    // MARK: writes

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
        try connection.insertGuest(tokenDigest: tokenDigest, at: instant)
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func idempotencyRecord(of guest: GuestID, key: IdempotencyKey) throws -> IdempotencyRecord? {
        // Held to the end of the transaction: a concurrent attempt with the same key, on any
        // server, waits here until this one has committed its record (or rolled back). The
        // lock key is (guest id's low 32 bits, hash of the key): a collision only makes two
        // unrelated attempts wait for each other.
        if let lock = connection.dialect.transactionLock {
            try connection.run(lock, [Int32(truncatingIfNeeded: guest.rawValue), key.rawValue])
        }
        return try connection.fetchOne("""
            SELECT request_hash, reservation_id, response_body FROM idempotency_keys WHERE guest_id = ? AND key = ?
            """, [guest.rawValue, key.rawValue]) {
            IdempotencyRecord(requestFingerprint: $0.blob(0), reservationID: ReservationID($0.int64(1)),
                              responseBody: $0.blob(2))
        }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func storeIdempotencyRecord(_ record: IdempotencyRecord, of guest: GuestID, key: IdempotencyKey,
                                at instant: Instant) throws {
        try connection.run("""
            INSERT INTO idempotency_keys (guest_id, key, request_hash, reservation_id, response_body, created_at) \
            VALUES (?, ?, ?, ?, ?, ?)
            """, [guest.rawValue, key.rawValue, record.requestFingerprint, record.reservationID.rawValue,
                  record.responseBody, instant.millisecondsSinceEpoch])
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func insertReservation(_ new: NewReservation) throws -> Reservation {
        let quote = new.quote
        guard let listing = try connection.fetchOne(ReservationRecord.selectTripListing, [quote.listingID.rawValue], {
            try ReservationRecord.tripListing($0, at: 0)
        }) else { throw StaysError.listingNotFound(quote.listingID) }
        let id = try connection.insertWithRandomID("""
            INSERT INTO reservations (id, guest_id, listing_id, checkin, checkout, adults, children, infants, currency, \
            nightly_prices, line_items, total, cancellation_policy, status, created_at) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', ?) ON CONFLICT (id) DO NOTHING
            """, [
                new.guestID.rawValue, quote.listingID.rawValue, quote.checkin.daysSinceEpoch,
                quote.checkout.daysSinceEpoch, quote.guests.adults, quote.guests.children, quote.guests.infants,
                quote.currency.rawValue, ReservationRecord.encode(quote.nightlyPrices.map(\.price)),
                ReservationRecord.encode(quote.lineItems.map { ($0.kind.rawValue, $0.amount) }), quote.total,
                new.cancellationPolicy.rawValue, new.createdAt.millisecondsSinceEpoch,
            ])
        if let expiresAt = new.requestExpiresAt {
            try connection.run("INSERT INTO reservation_requests (reservation_id, status, expires_at) VALUES (?, 'requested', ?)",
                               [id, expiresAt.millisecondsSinceEpoch])
        }
        // Requests past their expiry hold nothing, though their night rows stay until the
        // expiry job records them: record those this stay meets first.
        // (`cancelled_on` of an ended request is informational: the UTC date is enough.)
        try RequestEnding.expireDue(on: quote.listingID, overlapping: quote.stay, at: new.createdAt,
                                    today: CalendarDate(daysSinceEpoch: Int(new.createdAt.millisecondsSinceEpoch / 86_400_000)),
                                    in: connection)
        let nights = StoreValue.integers(quote.stay.nightDates.map { Int64($0.daysSinceEpoch) })
        // Every night in one statement: the primary key refuses any night already held,
        // whichever server holds it. Attempted alone (on PostgreSQL in a savepoint, as an error
        // aborts its transaction), so that refused, the transaction can still read which nights are held.
        do {
            try connection.attempt {
                try connection.run("""
                    INSERT INTO reservation_nights (listing_id, night, reservation_id) \
                    SELECT CAST(? AS BIGINT), n.value, CAST(? AS BIGINT) FROM \(connection.dialect.integerList(as: "n"))
                    """, [quote.listingID.rawValue, id, nights])
            }
        } catch where Engine.failure(of: error) == .uniqueViolation {
            throw StaysError.unavailableDates(try heldNights(of: quote.listingID, in: quote.stay))
        }
        try connection.run("""
            INSERT INTO calendar_days (listing_id, day, status) \
            SELECT CAST(? AS BIGINT), n.value, 'booked' FROM \(connection.dialect.integerList(as: "n")) WHERE true \
            ON CONFLICT (listing_id, day) DO UPDATE SET status = 'booked'
            """, [quote.listingID.rawValue, nights])
        // The event before the change log: on PostgreSQL the log's counter row is held to
        // COMMIT, so it is appended last.
        try EventOutbox.appendNewReservation(ReservationID(id), at: new.createdAt, in: connection)
        try ChangeLog.append(listing: quote.listingID, reason: .reservation, in: connection)
        return Reservation(id: ReservationID(id), inserted: new, listing: listing)
    }

    /// The nights of `stay` some reservation holds, ascending (on PostgreSQL, READ
    /// COMMITTED: including those the conflicting transaction on another server just committed).
    private func heldNights(of listing: ListingID, in stay: Stay) throws -> [CalendarDate] {
        try connection.fetchAll("""
            SELECT night FROM reservation_nights WHERE listing_id = ? AND night >= ? AND night < ? ORDER BY night
            """, [listing.rawValue, stay.checkin.daysSinceEpoch, stay.checkout.daysSinceEpoch]) {
            CalendarDate(daysSinceEpoch: $0.int(0))
        }
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func cancelReservation(_ reservation: Reservation, at instant: Instant, on cancelledOn: CalendarDate,
                           refund: Refund) throws {
        let id = reservation.id, listingID = reservation.listingID
        try connection.run("""
            UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_on = ?, refund_lines = ? \
            WHERE id = ? AND status = 'confirmed'
            """, [instant.millisecondsSinceEpoch, cancelledOn.daysSinceEpoch,
                  ReservationRecord.encode(refund.lines.map { ($0.kind.rawValue, $0.amount) }), id.rawValue])
        // The nights go back to the calendar as they were before the booking (one place for
        // every way a reservation ends).
        try RequestEnding.freeNights(of: id, listing: listingID, stay: reservation.stay, in: connection)
        try EventOutbox.append(.reservationCancelled, reservation: id, cancelledBy: .guest, at: instant, in: connection)
        try ChangeLog.append(listing: listingID, reason: .cancellation, in: connection)
    }

    func withdrawRequest(_ reservation: Reservation, at instant: Instant, on date: CalendarDate) throws {
        guard try RequestEnding.end(reservation.id, listing: reservation.listingID, stay: reservation.stay, as: .withdrawn,
                                    at: instant, on: date, in: connection) else {
            // Accepted, declined or expired by another transaction first.
            let now = try self.reservation(reservation.id, of: reservation.guestID)?.asOf(instant).request?.status
            throw HostError.reservationStateConflict(reservation.id, status: now ?? .confirmed, action: .guestCancel)
        }
        try ChangeLog.append(listing: reservation.listingID, reason: .cancellation, in: connection)
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func saveToWishlist(_ listing: ListingID, of guest: GuestID, at instant: Instant) throws {
        try connection.run("""
            INSERT INTO wishlist (guest_id, listing_id, saved_at) VALUES (?, ?, ?) \
            ON CONFLICT (guest_id, listing_id) DO NOTHING
            """, [guest.rawValue, listing.rawValue, instant.millisecondsSinceEpoch])
    }

    @_specialize(where Engine == SQLiteEngine)
    @_specialize(where Engine == PostgresEngine)
    func removeFromWishlist(_ listing: ListingID, of guest: GuestID) throws {
        try connection.run("DELETE FROM wishlist WHERE guest_id = ? AND listing_id = ?", [guest.rawValue, listing.rawValue])
    }
}
