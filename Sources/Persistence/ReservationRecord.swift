import Domain
import PostgresStorage
import Storage

/// The `reservations` columns (joined with the listing and its location for the trip card)
/// in one fixed order, their decoding, and the compact text form of the frozen amounts.
///
/// Amount lists are stored as text, `123,456` for nightly prices and
/// `accommodation:300000,service_fee:42000` for line items and refund lines: small, exact
/// (integers only), and readable in the sqlite3 shell. Labels are not stored; they are made
/// again in the reader's language (`Reservation.localized`).
enum ReservationRecord {
    static let columns = """
        r.id, r.guest_id, r.listing_id, r.checkin, r.checkout, r.adults, r.children, r.infants, r.currency, \
        r.nightly_prices, r.line_items, r.total, r.cancellation_policy, r.status, r.created_at, r.cancelled_at, \
        r.refund_lines, \(tripListingColumns), r.cancelled_on, q.status, q.expires_at, r.cancelled_by
        """
    static let columnCount = 25
    /// What `columns` needs joined to `reservations r`.
    static let joins = "JOIN listings l ON l.id = r.listing_id JOIN locations loc ON loc.id = l.location_id "
        + "LEFT JOIN reservation_requests q ON q.reservation_id = r.id"
    static let from = "FROM reservations r \(joins)"
    static let select = "SELECT \(columns) \(from)"
    /// The trip card's columns (`tripListing(_:at:)`), 17-20 of `columns`.
    static let tripListingColumns = "l.title, l.photo_urls, loc.name, l.time_zone"
    /// A listing's trip card alone, by listing id.
    static let selectTripListing = """
        SELECT \(tripListingColumns) FROM listings l JOIN locations loc ON loc.id = l.location_id WHERE l.id = ?
        """

    /// The trip card from `tripListingColumns` starting at column `index`.
    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    static func tripListing<R: StoreRow>(_ row: R, at index: Int) throws -> TripListing {
        TripListing(title: row.string(index), photoURL: try row.withUTF8(index + 1) { try JSONStringArray.decodeFirst($0) }.first,
                    locationName: row.string(index + 2), timeZone: row.string(index + 3))
    }

    /// Reservation `id`'s stay from its `checkin` column at `index` and `checkout` after it;
    /// `.corruptValue` when the checkout is not after the check-in.
    static func stay(_ row: some StoreRow, at index: Int, reservation id: Int64) throws -> Stay {
        guard let stay = Stay(checkin: CalendarDate(daysSinceEpoch: row.int(index)),
                              checkout: CalendarDate(daysSinceEpoch: row.int(index + 1))) else {
            throw PersistenceError.corruptValue(table: "reservations", column: "checkout", rowID: id,
                                                value: row.optionalString(index + 1) ?? "NULL")
        }
        return stay
    }

    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    static func decode<R: StoreRow>(_ row: R) throws -> Reservation {
        let id = row.int64(0)
        func corrupt(_ column: String, _ index: Int) -> PersistenceError {
            .corruptValue(table: "reservations", column: column, rowID: id, value: row.optionalString(index) ?? "NULL")
        }
        let stay = try stay(row, at: 3, reservation: id)
        guard let prices = decodeIntegers(row.string(9)), prices.count == stay.nights else {
            throw corrupt("nightly_prices", 9)
        }
        guard let items = decodePairs(row.string(10)) else { throw corrupt("line_items", 10) }
        guard let policy = CancellationPolicy(rawValue: row.string(12)) else { throw corrupt("cancellation_policy", 12) }
        guard let status = ReservationStatus(rawValue: row.string(13)) else { throw corrupt("status", 13) }
        let currency = CurrencyCode(rawValue: row.string(8))
        let lineItems = try items.map { kind, amount -> LineItem in
            guard let kind = LineItemKind(rawValue: kind) else { throw corrupt("line_items", 10) }
            return LineItem(kind: kind, label: "", amount: amount)
        }
        let total = row.int64(11)
        var refund: Refund?
        let nightlyPrices = zip(stay.nightDates, prices).map { NightlyPrice(date: $0, price: $1) }
        // A request to book (0007_hosts.sql): 'accepted' shows as the stay it became.
        var request: ReservationRequest?
        if let text = row.optionalString(22) {
            guard let stored = text == "accepted" ? .confirmed : HostReservationStatus(rawValue: text) else {
                throw corrupt("reservation_requests.status", 22)
            }
            request = ReservationRequest(status: stored, expiresAt: Instant(millisecondsSinceEpoch: row.int64(23)))
        }
        // A request that ended without a stay (declined, expired, withdrawn) refunds nothing: nothing was paid.
        let endedAsRequest = request.map { $0.status != .confirmed && $0.status != .requested } ?? false
        if status == .cancelled, !endedAsRequest {
            // The refund follows from frozen inputs (prices, policy, the cancellation date), so
            // it is computed again here, with labels in any language; `refund_lines` keeps the
            // amounts as refunded, for audits.
            guard let cancelledOn = row.optionalInt(21) else { throw corrupt("cancelled_on", 21) }
            // A host's cancellation refunds everything, whatever the policy.
            refund = row.optionalString(24) == CancelledBy.host.rawValue
                ? Refund.hostCancellation(policy: policy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                                          cancelledOn: CalendarDate(daysSinceEpoch: cancelledOn))
                : Refund(policy: policy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                         cancelledOn: CalendarDate(daysSinceEpoch: cancelledOn))
        }
        return Reservation(
            id: ReservationID(id), guestID: GuestID(row.int64(1)), listingID: ListingID(row.int64(2)),
            listing: try tripListing(row, at: 17),
            stay: stay, guests: GuestCount(adults: row.int(5), children: row.int(6), infants: row.int(7)),
            currency: currency,
            nightlyPrices: nightlyPrices,
            lineItems: lineItems, total: total, cancellationPolicy: policy, status: status,
            createdAt: Instant(millisecondsSinceEpoch: row.int64(14)),
            cancelledAt: row.optionalInt64(15).map { Instant(millisecondsSinceEpoch: $0) }, refund: refund,
            request: request).cancelled(by: row.optionalString(24).flatMap(CancelledBy.init(rawValue:)))
    }

    static func encode(_ values: [Int64]) -> String {
        values.map(String.init).joined(separator: ",")
    }

    static func encode(_ pairs: [(String, Int64)]) -> String {
        pairs.map { "\($0.0):\($0.1)" }.joined(separator: ",")
    }

    static func decodeIntegers(_ text: String) -> [Int64]? {
        guard !text.isEmpty else { return [] }
        var values: [Int64] = []
        for part in text.utf8.split(separator: comma, omittingEmptySubsequences: false) {
            guard let value = integer(part) else { return nil }
            values.append(value)
        }
        return values
    }

    static func decodePairs(_ text: String) -> [(String, Int64)]? {
        guard !text.isEmpty else { return [] }
        var pairs: [(String, Int64)] = []
        for part in text.utf8.split(separator: comma, omittingEmptySubsequences: false) {
            guard let colon = part.firstIndex(of: UInt8(ascii: ":")),
                  let amount = integer(part[part.index(after: colon)...]) else { return nil }
            pairs.append((String(Substring(part[..<colon])), amount))
        }
        return pairs
    }

    private static let comma = UInt8(ascii: ",")

    /// A decimal integer as `Int64(_:)` reads one (an optional sign, then one or more digits,
    /// nothing else; nil when out of range), read from the bytes directly: the generic
    /// `Int64(Substring)` cost ~50k instructions for one line-items text, a tenth of a booking
    /// (`Benchmarks/profile_booking.sh`).
    static func integer(_ bytes: Substring.UTF8View) -> Int64? {
        var rest = bytes[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        // Accumulated as a negative number, whose range includes Int64.min.
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = times10.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !underflow else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }
}

extension Reservation {
    /// The reservation with `cancelledBy` set (the memberwise init predates the column).
    func cancelled(by who: CancelledBy?) -> Reservation {
        var copy = self
        copy.cancelledBy = who
        return copy
    }
}
