import Domain

/// The statements that end a request to book and free a reservation's nights, shared by
/// the host's decisions (`StoreHosts`), the guest's withdrawal and the booking path's
/// catch-up of expired requests (`StoreBookings`): one meaning, one place.
enum RequestEnding {
    /// Moves request `id` from `requested` to `status` (declined, expired, withdrawn), its
    /// reservation to `cancelled` with nothing refunded (nothing was ever a stay), and
    /// frees its nights. False, with nothing written, when the request was no longer
    /// `requested` (another decision committed first).
    static func end(_ id: ReservationID, listing: ListingID, stay: Stay, as status: HostReservationStatus,
                    at instant: Instant, on date: CalendarDate, in connection: some StoreConnection) throws -> Bool {
        precondition([.declined, .expired, .withdrawn].contains(status), "a request ends declined, expired or withdrawn")
        let changed = try connection.run("""
            UPDATE reservation_requests SET status = ?, decided_at = ? WHERE reservation_id = ? AND status = 'requested'
            """, [status.rawValue, instant.millisecondsSinceEpoch, id.rawValue])
        guard changed == 1 else { return false }
        try connection.run("""
            UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancelled_on = ?, refund_lines = '' WHERE id = ?
            """, [instant.millisecondsSinceEpoch, date.daysSinceEpoch, id.rawValue])
        try freeNights(of: id, listing: listing, stay: stay, in: connection)
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
    ///
    /// The nights are found by the listing and the stay (the table's key) and kept only where
    /// `id` holds them: `reservation_nights` has no index by reservation (migration 17),
    /// which would be one more page in every booking's commit.
    static func freeNights(of id: ReservationID, listing: ListingID, stay: Stay,
                           in connection: some StoreConnection) throws {
        let arguments: StoreArguments = [listing.rawValue, id.rawValue, stay.checkin.daysSinceEpoch,
                                         stay.checkout.daysSinceEpoch]
        for statement in freeNightsStatements { try connection.run(statement, arguments) }
    }

    /// `freeNights`' statements, in order; ?1 the listing, ?2 the reservation, ?3 and ?4 the
    /// stay's check-in and checkout.
    static let freeNightsStatements: [String] = {
        let held = "SELECT night FROM reservation_nights WHERE listing_id = ?1 AND night >= ?3 AND night < ?4 "
            + "AND reservation_id = ?2"
        return [
            "UPDATE calendar_days SET status = 'available' WHERE listing_id = ?1 AND status = 'booked' AND day IN (\(held))",
            """
            DELETE FROM calendar_days WHERE listing_id = ?1 AND status = 'available' AND price IS NULL \
            AND min_nights IS NULL AND max_nights IS NULL AND closed_to_arrival = 0 AND closed_to_departure = 0 \
            AND day IN (\(held))
            """,
            "DELETE FROM reservation_nights WHERE listing_id = ?1 AND night >= ?3 AND night < ?4 AND reservation_id = ?2",
        ]
    }()

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
            SELECT q.reservation_id, r.checkin, r.checkout FROM reservation_nights n \
            JOIN reservation_requests q ON q.reservation_id = n.reservation_id \
            JOIN reservations r ON r.id = q.reservation_id \
            WHERE n.listing_id = ? AND n.night >= ? AND n.night < ? AND q.status = 'requested' AND q.expires_at <= ?
            """, [listing.rawValue, stay.checkin.daysSinceEpoch, stay.checkout.daysSinceEpoch,
                  instant.millisecondsSinceEpoch]) { row in
            (id: ReservationID(row.int64(0)), stay: try ReservationRecord.stay(row, at: 1, reservation: row.int64(0)))
        }
        var expired = 0, seen = Set<ReservationID>()
        for request in due where seen.insert(request.id).inserted {
            if try end(request.id, listing: listing, stay: request.stay, as: .expired, at: instant, on: today,
                       in: connection) { expired += 1 }
        }
        return expired
    }
}
