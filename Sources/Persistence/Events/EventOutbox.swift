import Domain

/// The event outbox: the one way a change announces itself. Called inside the change's own
/// transaction (as `ChangeLog.append` is), it writes, all in that transaction:
/// - the `events` row: type, time, the accounts concerned (the guest's account, the
///   listing's host) and a JSON snapshot of the reservation or listing as it now is;
/// - a notification for each account concerned (`notifications`);
/// - the mails the event sends (`EventMail`, into `mail_outbox`);
/// - one pending delivery for each of the host's enabled webhooks whose patterns match.
///
/// So a rolled-back change leaves none of them, and a committed change has all of them,
/// whatever happens to the process afterwards: the deliverers (mail, webhooks) only read
/// what committed.
///
/// Call it after the change's own writes (the snapshot reads the rows as they now are):
/// ```swift
/// try EventOutbox.appendNewReservation(id, at: instant, in: connection)   // requested or confirmed
/// try EventOutbox.append(.reservationDeclined, reservation: id, at: instant, in: connection)
/// try EventOutbox.append(.listingPublished, listing: id, at: instant, in: connection)
/// ```
package enum EventOutbox {
    /// Appends an event about reservation `id` (its snapshot read now, in this
    /// transaction). `cancelledBy` says who cancelled, for `reservation.cancelled`; `only`
    /// limits the event to one side (a `review.reminder`): the other side gets no
    /// notification, and the host's webhooks nothing unless the host is that side.
    /// Returns the event's id; nil when there is no such reservation (nothing written).
    @discardableResult
    package static func append<C: StoreConnection>(_ type: EventType, reservation id: ReservationID,
                                                   cancelledBy: CancelledBy? = nil, only side: EventAudience? = nil,
                                                   at instant: Instant, in connection: C) throws -> Int64? {
        guard let (snapshot, guest, host) = try reservationSnapshot(id, type: type, cancelledBy: cancelledBy,
                                                                     in: connection) else { return nil }
        return try append(type, snapshot: snapshot, guest: side == .host ? nil : guest, host: side == .guest ? nil : host,
                          at: instant, in: connection)
    }

    /// Appends the event of a reservation just inserted: `reservation.requested` when it was
    /// stored as a request (a listing without instant booking), else `reservation.confirmed`.
    @discardableResult
    package static func appendNewReservation<C: StoreConnection>(_ id: ReservationID, at instant: Instant,
                                                                 in connection: C) throws -> Int64? {
        guard let (snapshot, guest, host) = try reservationSnapshot(id, type: .reservationConfirmed, cancelledBy: nil,
                                                                     in: connection) else { return nil }
        let type: EventType = snapshot.status == "requested" ? .reservationRequested : .reservationConfirmed
        return try append(type, snapshot: snapshot, guest: guest, host: host, at: instant, in: connection)
    }

    /// The reservation as it now is, with the guest's account and the listing's host. A
    /// request to book keeps its reservation row `confirmed` while pending (and `cancelled`
    /// once it ended without a stay), so the request's own status wins unless it was
    /// accepted. (Not `q.status IN (...)`: SQLite builds a temporary b-tree for an IN list of
    /// more than two values, ~15k instructions in every booking.)
    private static func reservationSnapshot<C: StoreConnection>(_ id: ReservationID, type: EventType,
                                                                cancelledBy: CancelledBy?, in connection: C) throws
        -> (EventSnapshot, AccountID?, AccountID?)? {
        try connection.fetchOne("""
            SELECT r.listing_id, l.title, \
            CASE WHEN q.status IS NULL OR q.status = 'accepted' THEN r.status ELSE q.status END, \
            r.checkin, r.checkout, r.adults, r.children, r.infants, r.currency, \
            r.total, r.refund_lines, l.host_account_id, a.id, a.name \
            FROM reservations r JOIN listings l ON l.id = r.listing_id \
            LEFT JOIN reservation_requests q ON q.reservation_id = r.id \
            LEFT JOIN accounts a ON a.guest_id = r.guest_id AND a.erased_at IS NULL WHERE r.id = ?
            """, [id.rawValue]) { row -> (EventSnapshot, AccountID?, AccountID?) in
            let refund = row.optionalString(10).flatMap(ReservationRecord.decodePairs).map { $0.reduce(0) { $0 + $1.1 } }
            let snapshot = EventSnapshot(
                listingID: ListingID(row.int64(0)), listingTitle: row.string(1), reservationID: id, status: row.string(2),
                checkin: CalendarDate(daysSinceEpoch: row.int(3)), checkout: CalendarDate(daysSinceEpoch: row.int(4)),
                guests: GuestCount(adults: row.int(5), children: row.int(6), infants: row.int(7)),
                currency: CurrencyCode(rawValue: row.string(8)), total: row.int64(9),
                cancelledBy: type == .reservationCancelled ? cancelledBy : nil,
                refundTotal: type == .reservationCancelled ? refund : nil,
                guestName: row.optionalString(13) ?? "",
                reviewBy: type == .reviewReminder ? ReviewWindow(checkout: CalendarDate(daysSinceEpoch: row.int(4))).lastDay : nil)
            return (snapshot, row.optionalInt64(12).map(AccountID.init), row.optionalInt64(11).map(AccountID.init))
        }
    }

    /// Appends an event about listing `id` (its title read now); it concerns the listing's
    /// host only. Nil when there is no such listing.
    @discardableResult
    package static func append<C: StoreConnection>(_ type: EventType, listing id: ListingID, at instant: Instant,
                                                   in connection: C) throws -> Int64? {
        let found = try connection.fetchOne("SELECT title, host_account_id FROM listings WHERE id = ?", [id.rawValue]) {
            (EventSnapshot(listingID: id, listingTitle: $0.string(0)), $0.optionalInt64(1).map(AccountID.init))
        }
        guard let (snapshot, host) = found else { return nil }
        return try append(type, snapshot: snapshot, guest: nil, host: host, at: instant, in: connection)
    }

    /// Appends an event with a snapshot the caller made, concerning `guest` and `host`
    /// (either may be nil), with its notifications, mails and webhook deliveries.
    @discardableResult
    package static func append<C: StoreConnection>(_ type: EventType, snapshot: EventSnapshot, guest: AccountID?,
                                                   host: AccountID?, at instant: Instant, in connection: C) throws -> Int64 {
        let at = instant.millisecondsSinceEpoch
        let eventID = try connection.insertReturningID("""
            INSERT INTO events (type, created_at, listing_id, reservation_id, guest_account_id, host_account_id, data) \
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [type.rawValue, at, snapshot.listingID?.rawValue, snapshot.reservationID?.rawValue, guest?.rawValue,
                  host?.rawValue, snapshot.json])
        for (account, audience) in [(guest, EventAudience.guest), (host, .host)] {
            guard let account else { continue }
            try connection.run("""
                INSERT INTO notifications (account_id, event_id, audience, created_at) VALUES (?, ?, ?, ?)
                """, [account.rawValue, eventID, audience.rawValue, at])
            let recipient = try connection.fetchOne("""
                SELECT email, locale FROM accounts WHERE id = ? AND erased_at IS NULL AND email IS NOT NULL
                """, [account.rawValue]) { ($0.string(0), Language(rawValue: $0.string(1)) ?? .ko) }
            if let (email, locale) = recipient,
               let mail = EventMail.mail(type, snapshot, for: audience, to: email, in: locale) {
                try MailOutboxSQL.enqueue(mail, at: instant, in: connection)
            }
        }
        if let host {
            // One delivery per enabled endpoint of the host whose patterns match, with the
            // event's listing, which orders the deliveries (StoreWebhooks.claimDue).
            let endpoints = try connection.fetchAll("""
                SELECT id, events FROM webhook_endpoints WHERE account_id = ? AND disabled_at IS NULL AND deleted_at IS NULL
                """, [host.rawValue]) { (id: $0.int64(0), patterns: $0.string(1)) }
            for endpoint in endpoints where WebhookPatterns.decode(endpoint.patterns).contains(where: { $0.matches(type) }) {
                try connection.run("""
                    INSERT INTO webhook_deliveries (endpoint_id, event_id, listing_id, status, created_at, next_attempt_at) \
                    VALUES (?, ?, ?, 'pending', ?, ?)
                    """, [endpoint.id, eventID, snapshot.listingID?.rawValue, at, at])
            }
        }
        return eventID
    }
}

/// The stored form of a webhook's patterns: comma-separated.
enum WebhookPatterns {
    static func encode(_ patterns: [EventPattern]) -> String { patterns.map(\.text).joined(separator: ",") }
    static func decode(_ text: String) -> [EventPattern] { text.split(separator: ",").compactMap { EventPattern(String($0)) } }
}

/// The one INSERT into the mail outbox, for accounts' mail and events' mail alike.
enum MailOutboxSQL {
    static func enqueue<C: StoreConnection>(_ mail: OutgoingMail, at instant: Instant, in connection: C) throws {
        try connection.run("""
            INSERT INTO mail_outbox (recipient, subject, text_body, html_body, created_at, next_attempt_at) \
            VALUES (?, ?, ?, ?, ?, ?)
            """, [mail.to, mail.subject, mail.text, mail.html, instant.millisecondsSinceEpoch, instant.millisecondsSinceEpoch])
    }
}
