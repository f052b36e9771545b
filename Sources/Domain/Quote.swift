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
    public var cancellationPolicy: CancellationPolicy
    /// The last date a cancellation is refunded in full; nil when that date has passed
    /// (set by `validated`, which knows today).
    public var freeCancellationUntil: CalendarDate?

    public var nights: Int { stay.nights }
    public var checkin: CalendarDate { stay.checkin }
    public var checkout: CalendarDate { stay.checkout }

    /// Prices `stay` with the listing's rules and calendar entries (entries outside the stay
    /// are ignored). Does not check availability or stay rules: see `StayValidator`.
    public init(listing: Listing, stay: Stay, guests: GuestCount, entries: [CalendarEntry],
                configuration: PricingConfiguration = .standard, language: Language = .ko) {
        self.init(terms: listing.stayTerms, stay: stay, guests: guests, entries: entries,
                  configuration: configuration, language: language)
    }

    /// `init(listing:...)` from the listing's stay terms alone.
    public init(terms listing: StayTerms, stay: Stay, guests: GuestCount, entries: [CalendarEntry],
                configuration: PricingConfiguration = .standard, language: Language = .ko) {
        let pricer = NightlyPricer(rules: listing.pricing, entries: entries, guests: guests)
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
        self.cancellationPolicy = listing.cancellationPolicy
        self.freeCancellationUntil = nil
    }
}

extension Quote {
    /// The one validation `/quote` and a booking share. Throws `.invalidParameters`
    /// naming `checkin` when the stay starts before `today` (the listing's own date), or
    /// `checkout` beyond 365 nights (400); `.unavailableDates` (409); `.stayRuleViolated`
    /// (422) — see `StayValidator`. Then prices the stay.
    ///
    /// - Parameter entries: the listing's calendar entries over `calendarRange(of: stay)`.
    public static func validated(listing: Listing, entries: [CalendarEntry], stay: Stay, guests: GuestCount,
                                 today: CalendarDate, configuration: PricingConfiguration,
                                 language: Language) throws(StaysError) -> Quote {
        try validated(terms: listing.stayTerms, entries: entries, stay: stay, guests: guests, today: today,
                      configuration: configuration, language: language)
    }

    /// `validated(listing:...)` from the listing's stay terms alone.
    public static func validated(terms listing: StayTerms, entries: [CalendarEntry], stay: Stay, guests: GuestCount,
                                 today: CalendarDate, configuration: PricingConfiguration,
                                 language: Language) throws(StaysError) -> Quote {
        try checkLength(of: stay)
        if stay.checkin < today {
            throw .invalidParameter("checkin", "must not be before today (\(today))")
        }
        try StayValidator.validate(terms: listing, entries: entries, stay: stay, guests: guests)
        var quote = Quote(terms: listing, stay: stay, guests: guests, entries: entries,
                          configuration: configuration, language: language)
        quote.freeCancellationUntil = listing.cancellationPolicy.freeCancellationDeadline(checkin: stay.checkin,
                                                                                        today: today)
        return quote
    }

    /// The calendar days a quote reads: the nights and the checkout day.
    public static func calendarRange(of stay: Stay) -> Range<CalendarDate> {
        stay.checkin..<stay.checkout.adding(days: 1)
    }

    /// A stay longer than `StayParameters.maxNights` is refused before anything is read.
    public static func checkLength(of stay: Stay) throws(StaysError) {
        if stay.nights > StayParameters.maxNights {
            throw .invalidParameter("checkout", "must be at most \(StayParameters.maxNights) nights after checkin")
        }
    }
}
