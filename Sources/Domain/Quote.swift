/// The full price of a stay at one listing for one party, as `/quote` serves it.
///
/// Promises: `nightlyPrices` has one entry per night in date order; `lineItems` follow
/// `PriceBreakdown`'s order; `total` is the exact sum of the line item amounts; every
/// amount is in minor units of `currency`.
public struct Quote: Hashable, Sendable {
    public var listingID: ListingID
    public var stay: Stay
    public var guests: GuestCount
    public var currency: CurrencyCode
    public var nightlyPrices: [NightlyPrice]
    /// Accommodation / nights, rounded half-up.
    public var averageNightlyPrice: Int64
    public var lineItems: [LineItem]
    public var total: Int64

    public var nights: Int { stay.nights }
    public var checkin: CalendarDate { stay.checkin }
    public var checkout: CalendarDate { stay.checkout }

    /// Prices `stay` with the listing's rules and calendar entries (entries outside the stay
    /// are ignored). Does not check availability or stay rules: see `StayValidator`.
    public init(listing: Listing, stay: Stay, guests: GuestCount, entries: [CalendarEntry],
                configuration: PricingConfiguration = .standard, language: Language = .ko) {
        let pricer = NightlyPricer(listing: listing, entries: entries, guests: guests)
        let nightly = pricer.nightlyPrices(for: stay)
        let accommodation = nightly.reduce(Int64(0)) { $0 + $1.price }
        let breakdown = PriceBreakdown(accommodation: accommodation, nights: stay.nights, rules: listing.pricing,
                                       currency: listing.currency, configuration: configuration, language: language)
        self.listingID = listing.id
        self.stay = stay
        self.guests = guests
        self.currency = listing.currency
        self.nightlyPrices = nightly
        self.averageNightlyPrice = breakdown.averageNightlyPrice
        self.lineItems = breakdown.lineItems
        self.total = breakdown.total
    }
}
