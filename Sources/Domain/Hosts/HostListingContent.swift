/// Everything a host writes about a listing, valid field by field and as a whole
/// (`HostListingDraft` is the only way a client's body becomes one). A draft may lack what
/// publishing needs (`PublishRequirements`): a title, photos, a price, a location.
///
/// Money in minor units of `currency`; rates in basis points. A value type.
public struct HostListingContent: Hashable, Sendable {
    public var title = ""
    public var description = ""
    public var locationID: LocationID?
    public var coordinate: Coordinate?
    public var address: String?
    public var roomType = RoomType.entireHome
    public var maxGuests = 2
    public var bedrooms: Int?
    public var beds: Int?
    public var bathrooms: Double?
    public var amenities: [String] = []
    /// https URLs, in the order the host set.
    public var photos: [String] = []
    public var houseRules: [String] = []
    /// IANA name; the listing's calendar dates are dates in this zone.
    public var timeZone: String
    public var currency = CurrencyCode.krw
    /// The default nightly price; nil until the host sets one (publishing needs it).
    public var basePrice: Int64?
    public var weekendPrice: Int64?
    public var cleaningFee: Int64 = 0
    public var extraGuestFee: Int64 = 0
    public var guestsIncluded = 1
    public var weeklyDiscountBasisPoints = 0
    public var monthlyDiscountBasisPoints = 0
    public var minNights = 1
    public var maxNights = 365
    /// `HH:MM`, 24-hour.
    public var checkinTime = "15:00"
    public var checkoutTime = "11:00"
    public var cancellationPolicy = CancellationPolicy.moderate
    /// false: `POST /reservations` makes a request the host accepts or declines.
    public var instantBook = true
    /// Nights from today (in `timeZone`) that can be booked and edited.
    public var availabilityWindowDays = 365

    /// A new draft: every field at its default, in `timeZone`.
    public init(timeZone: String = "Asia/Seoul") {
        self.timeZone = timeZone
    }

    /// The prices as quotes read them; nil without a base price.
    public var pricing: PricingRules? {
        basePrice.map {
            PricingRules(basePrice: $0, weekendPrice: weekendPrice, extraGuestFee: extraGuestFee,
                         guestsIncluded: guestsIncluded, cleaningFee: cleaningFee,
                         weeklyDiscountBasisPoints: weeklyDiscountBasisPoints,
                         monthlyDiscountBasisPoints: monthlyDiscountBasisPoints)
        }
    }

    /// The last night that can be booked or edited, when today is `today`:
    /// `today + availabilityWindowDays - 1`.
    public func lastOpenNight(today: CalendarDate) -> CalendarDate {
        today.adding(days: availabilityWindowDays - 1)
    }
}
