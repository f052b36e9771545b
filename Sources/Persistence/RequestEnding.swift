import Domain

/// The statements that end a request to book and free a reservation's nights, shared by
/// the host's decisions (`StoreHosts`), the guest's withdrawal and the booking path's
/// catch-up of expired requests (`StoreBookings`): one meaning, one place.
enum RequestEnding {
    /// Moves request `id` from `requested` to `status` (declined, expired, withdrawn), its
    /// reservation to `cancelled` with nothing refunded (nothing was ever a stay), and
    /// frees its nights. False, with nothing written, when the request was no longer
    /// `requested` (another decision committed first).
    static func end(_ id: ReservationID, listing: ListingID, as status: HostReservationStatus, at instant: Instant,
                    on date: CalendarDate, in connection: some StoreConnection) throws -> Bool {
        precondition([.declined, .expired, .withdrawn].contains(status), "a request ends declined, expired or withdrawn")
        let changed = try connection.run("""
            UPDATE reservation_requests SET status = ?, decided_at = ? WHERE reservation_id = ? AND status = 'requested'
            """, [status.rawValue, instant.millisecondsSinceEpoch, id.rawValue])
        guard changed == 1 else { return false }
        try connection.run("""
            UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_on = ?, refund_lines = '' WHERE id = ?
            """, [instant.millisecondsSinceEpoch, date.daysSinceEpoch, id.rawValue])
        try freeNights(of: id, listing: listing, in: connection)
        // Every ending is announced here, whoever ended it (host, guest, the expiry job or a
        // booking catching up), before the caller's change-log row.
        let event: EventType = switch status {
        case .declined: .reservationDeclined
        case .expired: .reservationExpired
        default: .reservationCancelled
        }
        try EventOutbox.append(event, reservation: id, cancelledBy: status == .withdrawn ? .guest : nil, at: instant,
                               in: connection)
        return true
    }

    /// The nights go back to the calendar as they were before the booking (available: a
    /// booking only ever takes available nights); a row left with nothing but the defaults
    /// is removed, keeping the table "exceptions only". Every way a reservation ends frees
    /// its nights here: a guest's cancellation, a host's, a request's ending.
    static func freeNights(of id: ReservationID, listing: ListingID, in connection: some StoreConnection) throws {
        try connection.run("""
            UPDATE calendar_days SET status = 'available' WHERE listing_id = ?1 AND status = 'booked' \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = ?2)
            """, [listing.rawValue, id.rawValue])
        try connection.run("""
            DELETE FROM calendar_days WHERE listing_id = ?1 AND status = 'available' AND price IS NULL \
            AND min_nights IS NULL AND max_nights IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0 \
            AND day IN (SELECT night FROM reservation_nights WHERE reservation_id = ?2)
            """, [listing.rawValue, id.rawValue])
        try connection.run("DELETE FROM reservation_nights WHERE reservation_id = ?", [id.rawValue])
    }

    /// Records `expired` on the listing's requests past their expiry whose nights meet
    /// `stay`, so that a booking can take nights an expired request still has rows for
    /// (the expiry job may not have run yet). Returns how many.
    @discardableResult
    static func expireDue(on listing: ListingID, overlapping stay: Stay, at instant: Instant, today: CalendarDate,
                          in connection: some StoreConnection) throws -> Int {
        // One row per night held, so a request appears once per night it shares with `stay`;
        // made distinct here rather than by the SQL's DISTINCT, whose temporary b-tree every
        // booking would pay for to find, almost always, nothing.
        let due = try connection.fetchAll("""
            SELECT q.reservation_id FROM reservation_requests q \
            JOIN reservation_nights n ON n.reservation_id = q.reservation_id \
            WHERE n.listing_id = ? AND n.night >= ? AND n.night < ? AND q.status = 'requested' AND q.expires_at <= ?
            """, [listing.rawValue, stay.checkin.daysSinceEpoch, stay.checkout.daysSinceEpoch,
                  instant.millisecondsSinceEpoch]) { ReservationID($0.int64(0)) }
        var expired = 0, seen = Set<ReservationID>()
        for id in due where seen.insert(id).inserted {
            if try end(id, listing: listing, as: .expired, at: instant, on: today, in: connection) { expired += 1 }
        }
        return expired
    }
}
