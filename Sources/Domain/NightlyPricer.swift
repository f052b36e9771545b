/// The price of one night of a stay.
public struct NightlyPrice: Hashable, Sendable {
    /// The night's date (the guest sleeps from this date to the next).
    public var date: CalendarDate
    /// Minor units, extra-guest fee included.
    public var price: Int64
    public init(date: CalendarDate, price: Int64) {
        self.date = date
        self.price = price
    }
}

/// Prices nights of one listing for one party of guests.
///
/// A night costs: the calendar entry's price override when set, else the weekend price on
/// Friday and Saturday nights when set, else the base price; plus
/// `extraGuestFee * max(0, guests.occupying - guestsIncluded)`. Infants never pay.
/// An immutable value; `Sendable`.
public struct NightlyPricer: Hashable, Sendable {
    public let rules: PricingRules
    public let guests: GuestCount
    private let overrides: [CalendarDate: Int64]

    public init(rules: PricingRules, entries: [CalendarEntry], guests: GuestCount) {
        self.rules = rules
        self.guests = guests
        var overrides: [CalendarDate: Int64] = [:]
        for entry in entries {
            if let price = entry.price { overrides[entry.date] = price }
        }
        self.overrides = overrides
    }

    public init(listing: Listing, entries: [CalendarEntry], guests: GuestCount) {
        self.init(rules: listing.pricing, entries: entries, guests: guests)
    }

    /// The fee added to every night for guests above `guestsIncluded`.
    public var extraGuestFeePerNight: Int64 { Self.extraGuestFeePerNight(rules: rules, guests: guests) }

    /// The extra-guest rule itself: `extraGuestFee` for each occupying guest above
    /// `guestsIncluded`, every night.
    @inlinable
    public static func extraGuestFeePerNight(rules: PricingRules, guests: GuestCount) -> Int64 {
        rules.extraGuestFee * Int64(max(0, guests.occupying - rules.guestsIncluded))
    }

    /// A night's price when no dates are chosen (a result card, a saved listing): the base
    /// price plus the extra-guest fee. The search SQL and index compute it too, held to this
    /// by `FastPathRuleTests`.
    @inlinable
    public static func priceWithoutStay(rules: PricingRules, guests: GuestCount) -> Int64 {
        rules.basePrice + extraGuestFeePerNight(rules: rules, guests: guests)
    }

    /// The price of the night of `date` before extra-guest fees.
    public func basePrice(on date: CalendarDate) -> Int64 {
        Self.basePrice(override: overrides[date], isWeekendNight: date.isWeekendNight, rules: rules)
    }

    /// The rule itself, for callers that walk days in order and know each day's override
    /// and weekday without a lookup (the calendar grid).
    @inlinable
    public static func basePrice(override: Int64?, isWeekendNight: Bool, rules: PricingRules) -> Int64 {
        basePrice(override: override, isWeekendNight: isWeekendNight, basePrice: rules.basePrice,
                  weekendPrice: rules.weekendPrice)
    }

    /// The nightly price rule, written once: the override when set, else the weekend price
    /// on a weekend night (`CalendarDate.isWeekendNight(epochDay:)`) when set, else the base
    /// price. On plain values for callers that keep a listing's prices in their own layout
    /// (the search index stores each override as its difference from this with no override).
    ///
    /// Fast paths that price a whole stay in one formula — the search SQL and the index's
    /// scan: `base * weekdayNights + COALESCE(weekend, base) * weekendNights + fee * nights +
    /// Σ (override − default)` — are held to this rule by `FastPathRuleTests`
    /// (PersistenceTests), which compares their totals with `Quote`'s.
    @inlinable
    public static func basePrice(override: Int64?, isWeekendNight: Bool, basePrice: Int64,
                                 weekendPrice: Int64?) -> Int64 {
        if let override { return override }
        if isWeekendNight, let weekendPrice { return weekendPrice }
        return basePrice
    }

    public func price(on date: CalendarDate) -> Int64 {
        basePrice(on: date) + extraGuestFeePerNight
    }

    /// One price per night of `stay`, in date order.
    public func nightlyPrices(for stay: Stay) -> [NightlyPrice] {
        stay.nightDates.map { NightlyPrice(date: $0, price: price(on: $0)) }
    }
}
