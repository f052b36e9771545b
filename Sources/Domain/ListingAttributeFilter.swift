/// The filters on what a listing offers rather than where or when: amenities, instant
/// booking, rooms, a superhost, free cancellation. Part of `ListingFilter`; empty by
/// default (every listing passes).
///
/// `admits` is the rule, written once. The search index and the SQL search spell it for
/// speed (`SearchIndexAttributes`, `ListingSearchSQL`) and are held to it by property tests.
public struct ListingAttributeFilter: Hashable, Sendable {
    /// Listings with every one of these.
    public var amenities: Set<AmenityCode>
    /// Only listings booked at once, without the host's approval.
    public var instantBookOnly: Bool
    /// At least this many; a listing that does not say how many is left out.
    public var minBedrooms: Int?
    public var minBeds: Int?
    public var minBathrooms: Double?
    /// Only listings whose host is a superhost.
    public var superhostOnly: Bool
    /// Today's date, when only listings that still refund a cancellation in full are wanted:
    /// cancelled on this date, the stay's check-in is within the listing's cancellation
    /// policy's free period (`CancellationPolicy.freeCancellationDeadline`). Applies only
    /// with a stay (without one there is no check-in to count from).
    public var freeCancellationOn: CalendarDate?

    public init(amenities: Set<AmenityCode> = [], instantBookOnly: Bool = false, minBedrooms: Int? = nil,
                minBeds: Int? = nil, minBathrooms: Double? = nil, superhostOnly: Bool = false,
                freeCancellationOn: CalendarDate? = nil) {
        self.amenities = amenities
        self.instantBookOnly = instantBookOnly
        self.minBedrooms = minBedrooms
        self.minBeds = minBeds
        self.minBathrooms = minBathrooms
        self.superhostOnly = superhostOnly
        self.freeCancellationOn = freeCancellationOn
    }

    /// True when it lets every listing through.
    public var isEmpty: Bool {
        amenities.isEmpty && !instantBookOnly && minBedrooms == nil && minBeds == nil && minBathrooms == nil
            && !superhostOnly && freeCancellationOn == nil
    }

    /// The policies that still refund a cancellation of `stay` in full on
    /// `freeCancellationOn`, by the Domain rule; nil when free cancellation is not asked for
    /// (or there is no stay). The same for every listing, so the fast paths work it out once.
    public func freeCancellationPolicies(stay: Stay?) -> Set<CancellationPolicy>? {
        guard let today = freeCancellationOn, let stay else { return nil }
        return Set(CancellationPolicy.allCases.filter {
            $0.freeCancellationDeadline(checkin: stay.checkin, today: today) != nil
        })
    }

    /// The rule: does a listing with `attributes` pass, for a search of `stay`?
    public func admits(_ attributes: ListingAttributes, stay: Stay?) -> Bool {
        if !amenities.isEmpty && !amenities.isSubset(of: AmenityCode.codes(of: attributes.amenities)) { return false }
        if instantBookOnly && !attributes.instantBook { return false }
        if superhostOnly && !attributes.isSuperhost { return false }
        if let minBedrooms, !(attributes.bedrooms.map { $0 >= minBedrooms } ?? false) { return false }
        if let minBeds, !(attributes.beds.map { $0 >= minBeds } ?? false) { return false }
        if let minBathrooms, !(attributes.bathrooms.map { $0 >= minBathrooms } ?? false) { return false }
        if let today = freeCancellationOn, let stay,
           attributes.cancellationPolicy.freeCancellationDeadline(checkin: stay.checkin, today: today) == nil {
            return false
        }
        return true
    }
}

/// What `ListingAttributeFilter` looks at in a listing.
public struct ListingAttributes: Hashable, Sendable {
    /// Display strings, as stored (`AmenityCode.codes(of:)` reads them).
    public var amenities: [String]
    public var instantBook: Bool
    public var bedrooms: Int?
    public var beds: Int?
    public var bathrooms: Double?
    public var isSuperhost: Bool
    public var cancellationPolicy: CancellationPolicy

    public init(amenities: [String], instantBook: Bool, bedrooms: Int?, beds: Int?, bathrooms: Double?,
                isSuperhost: Bool, cancellationPolicy: CancellationPolicy) {
        self.amenities = amenities
        self.instantBook = instantBook
        self.bedrooms = bedrooms
        self.beds = beds
        self.bathrooms = bathrooms
        self.isSuperhost = isSuperhost
        self.cancellationPolicy = cancellationPolicy
    }

    /// A listing's attributes; `instantBook` is stored beside it (`listings.instant_book`).
    public init(_ listing: Listing, instantBook: Bool) {
        self.init(amenities: listing.amenities, instantBook: instantBook, bedrooms: listing.bedrooms, beds: listing.beds,
                  bathrooms: listing.bathrooms, isSuperhost: listing.host.isSuperhost,
                  cancellationPolicy: listing.cancellationPolicy)
    }
}
