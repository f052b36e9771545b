/// What pricing and validating a stay read of a listing, and nothing else: a quote can be
/// answered from these and the stay's calendar days without the listing's texts, photos or
/// place (the search index keeps exactly these per listing).
public struct StayTerms: Hashable, Sendable {
    public var id: ListingID
    /// IANA time zone name: the stay's dates, and today, are dates in this zone.
    public var timeZone: String
    public var currency: CurrencyCode
    public var pricing: PricingRules
    public var maxGuests: Int
    public var minNights: Int
    public var maxNights: Int
    /// Nights on or after this date cannot be booked; nil for no limit.
    public var availableUntil: CalendarDate?
    public var cancellationPolicy: CancellationPolicy

    public init(id: ListingID, timeZone: String, currency: CurrencyCode, pricing: PricingRules, maxGuests: Int,
                minNights: Int, maxNights: Int, availableUntil: CalendarDate?, cancellationPolicy: CancellationPolicy) {
        self.id = id
        self.timeZone = timeZone
        self.currency = currency
        self.pricing = pricing
        self.maxGuests = maxGuests
        self.minNights = minNights
        self.maxNights = maxNights
        self.availableUntil = availableUntil
        self.cancellationPolicy = cancellationPolicy
    }
}

extension Listing {
    /// The listing's terms for a stay.
    public var stayTerms: StayTerms {
        StayTerms(id: id, timeZone: timeZone, currency: currency, pricing: pricing, maxGuests: maxGuests,
                  minNights: minNights, maxNights: maxNights, availableUntil: availableUntil,
                  cancellationPolicy: cancellationPolicy)
    }
}
