/// One reservation's payout, as earnings add it up.
public struct EarningsItem: Hashable, Sendable {
    public var reservationID: ReservationID
    public var listingID: ListingID
    /// The check-in date, in the listing's time zone: it decides the month.
    public var checkin: CalendarDate
    public var currency: CurrencyCode
    public var payout: Int64
    public init(reservationID: ReservationID, listingID: ListingID, checkin: CalendarDate, currency: CurrencyCode,
                payout: Int64) {
        self.reservationID = reservationID
        self.listingID = listingID
        self.checkin = checkin
        self.currency = currency
        self.payout = payout
    }
}

/// The payouts of one month, one listing, one currency.
public struct EarningsRow: Hashable, Sendable {
    public var month: YearMonth
    public var listingID: ListingID
    public var currency: CurrencyCode
    public var payout: Int64
    public var reservations: Int
    public init(month: YearMonth, listingID: ListingID, currency: CurrencyCode, payout: Int64, reservations: Int) {
        self.month = month
        self.listingID = listingID
        self.currency = currency
        self.payout = payout
        self.reservations = reservations
    }
}

/// A host's earnings over a date range (`GET /host/earnings?from=&to=`): payouts grouped by
/// month of check-in (a date in the listing's own zone, so no conversion) and listing, in
/// each currency, and the totals per currency. Never adds amounts of two currencies.
///
/// Promises: `rows` ordered by month, listing, currency code; `totals` by currency code;
/// the sum of a currency's rows equals its total; items outside `from...to` (check-in
/// dates, inclusive) are left out. A pure aggregation.
public struct HostEarnings: Hashable, Sendable {
    public var from: CalendarDate
    public var to: CalendarDate
    public var rows: [EarningsRow]
    public var totals: [Money]

    public init(items: [EarningsItem], from: CalendarDate, to: CalendarDate) {
        struct Key: Hashable { var month: YearMonth; var listing: ListingID; var currency: String }
        var groups: [Key: (payout: Int64, count: Int)] = [:]
        var totals: [String: Int64] = [:]
        for item in items where item.checkin >= from && item.checkin <= to {
            let key = Key(month: YearMonth(item.checkin), listing: item.listingID, currency: item.currency.rawValue)
            groups[key, default: (0, 0)].payout += item.payout
            groups[key, default: (0, 0)].count += 1
            totals[item.currency.rawValue, default: 0] += item.payout
        }
        self.from = from
        self.to = to
        self.rows = groups.map {
            EarningsRow(month: $0.key.month, listingID: $0.key.listing, currency: CurrencyCode(rawValue: $0.key.currency),
                        payout: $0.value.payout, reservations: $0.value.count)
        }.sorted { ($0.month, $0.listingID, $0.currency.rawValue) < ($1.month, $1.listingID, $1.currency.rawValue) }
        self.totals = totals.keys.sorted().map { Money(totals[$0]!, CurrencyCode(rawValue: $0)) }
    }
}
