import Domain

/// A reservation as the host of its listing reads it: `reservations` joined with its
/// listing, its request row (`reservation_requests`, when it began as a request to book) and
/// the guest's account (for the first name).
///
/// The stored status is the request's while it is one (`requested`, `declined`, `expired`,
/// `withdrawn`), else the reservation's (`confirmed`, `cancelled`): see 0007_hosts.sql.
enum HostReservationRecord {
    static let select = """
        SELECT r.id, r.listing_id, l.host_account_id, r.guest_id, COALESCE(a.name, ''), r.adults, r.children, \
        r.infants, r.checkin, r.checkout, r.currency, r.nightly_prices, r.line_items, r.total, r.cancellation_policy, \
        l.time_zone, r.status, q.status, q.expires_at, r.created_at, COALESCE(q.decided_at, r.cancelled_at), \
        r.cancelled_by, r.cancelled_on \
        FROM reservations r JOIN listings l ON l.id = r.listing_id \
        LEFT JOIN reservation_requests q ON q.reservation_id = r.id \
        LEFT JOIN accounts a ON a.guest_id = r.guest_id \
        WHERE l.host_account_id IS NOT NULL
        """

    /// The status as of the instant bound to `:now` (a stored request past its expiry is
    /// `expired`), as SQL.
    static let currentStatus = """
        (CASE WHEN q.status IS NULL OR q.status = 'accepted' THEN r.status \
        WHEN q.status = 'requested' AND q.expires_at <= :now THEN 'expired' ELSE q.status END)
        """

    static func decode(_ row: some StoreRow) throws -> HostReservation {
        let id = row.int64(0)
        func corrupt(_ column: String, _ index: Int) -> PersistenceError {
            .corruptValue(table: "reservations", column: column, rowID: id, value: row.optionalString(index) ?? "NULL")
        }
        let stay = try ReservationRecord.stay(row, at: 8, reservation: id)
        guard let prices = ReservationRecord.decodeIntegers(row.string(11)), prices.count == stay.nights else {
            throw corrupt("nightly_prices", 11)
        }
        guard let pairs = ReservationRecord.decodePairs(row.string(12)) else { throw corrupt("line_items", 12) }
        let lineItems = try pairs.map { kind, amount -> LineItem in
            guard let kind = LineItemKind(rawValue: kind) else { throw corrupt("line_items", 12) }
            return LineItem(kind: kind, label: "", amount: amount)
        }
        guard let policy = CancellationPolicy(rawValue: row.string(14)) else { throw corrupt("cancellation_policy", 14) }
        let requestStatus = row.optionalString(17)
        let statusText = requestStatus == nil || requestStatus == "accepted" ? row.string(16) : requestStatus!
        guard let status = HostReservationStatus(rawValue: statusText) else { throw corrupt("status", 16) }
        let cancelledBy = row.optionalString(21).flatMap(CancelledBy.init(rawValue:))
        let nightlyPrices = zip(stay.nightDates, prices).map { NightlyPrice(date: $0, price: $1) }
        var refund: Refund?
        if status == .cancelled {
            guard let day = row.optionalInt(22) else { throw corrupt("cancelled_on", 22) }
            let cancelledOn = CalendarDate(daysSinceEpoch: day)
            refund = cancelledBy == .host
                ? Refund.hostCancellation(policy: policy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                                          cancelledOn: cancelledOn)
                : Refund(policy: policy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                         cancelledOn: cancelledOn)
        }
        let firstName = row.string(4).split(separator: " ").first.map(String.init) ?? ""
        return HostReservation(
            id: ReservationID(id), listingID: ListingID(row.int64(1)), host: AccountID(row.int64(2)),
            guestID: GuestID(row.int64(3)), guestFirstName: firstName,
            guests: GuestCount(adults: row.int(5), children: row.int(6), infants: row.int(7)), stay: stay,
            currency: CurrencyCode(rawValue: row.string(10)), nightlyPrices: nightlyPrices, lineItems: lineItems,
            total: row.int64(13), cancellationPolicy: policy, listingTimeZone: row.string(15), status: status,
            expiresAt: row.optionalInt64(18).map(Instant.init(millisecondsSinceEpoch:)),
            createdAt: Instant(millisecondsSinceEpoch: row.int64(19)),
            decidedAt: row.optionalInt64(20).map(Instant.init(millisecondsSinceEpoch:)), cancelledBy: cancelledBy,
            refund: refund)
    }
}
