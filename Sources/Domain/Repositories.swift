/// Read access to listings and their calendars. Implementations are safe to call from any
/// thread, and each call sees one consistent snapshot of the data.
public protocol ListingRepository: Sendable {
    func listing(_ id: ListingID) throws -> Listing?

    /// Entries of the listing's calendar with `range.lowerBound <= date < range.upperBound`,
    /// ascending by date. Dates without an entry follow the listing's defaults.
    func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry]

    /// The listing without its long texts (description, amenities and house rules empty,
    /// the first photo only) and its calendar entries in `range(listing)`, read together
    /// from one snapshot; nil for an unknown id. For the quote and the calendar, which need
    /// the listing's rules and days, never its texts.
    func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])?

    /// `listingAndCalendar(_:calendarIn:)` for a range known before the listing is read (a
    /// quote's stay), which lets an engine read both in one statement. The same answer.
    func listingAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])?

    /// What a quote reads: the listing's stay terms and its calendar entries in `range` (as
    /// `listingAndCalendar(_:calendarIn:)`'s, reduced to those terms); nil for an unknown id.
    /// A repository may answer from memory that follows the writes it can see, as its
    /// searches do; a booking re-reads both inside its transaction.
    func stayTermsAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])?

    /// What a calendar reads: `stayTermsAndCalendar(_:calendarIn:)` for a range that depends
    /// on the terms (today in the listing's time zone).
    func stayTermsAndCalendar(_ id: ListingID, calendarIn range: (StayTerms) throws -> Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])?

    /// One page of the listings that match `search.filter`, in `search.sort` order, with the
    /// total count and bounds of all matches.
    func searchListings(_ search: ListingSearch) throws -> ListingPage

    /// The nightly price (as `ListingMatch.nightlyPrice`) of every listing that matches
    /// `filter`, ignoring its price bounds; in no particular order.
    func nightlyPrices(matching filter: ListingFilter) throws -> [Int64]

    /// Every listing that matches `filter`, price bounds included (the same set as
    /// `searchListings`' total), as a map point: id, coordinate, nightly price and, with a
    /// stay, accommodation total (as `ListingMatch`'s); in no particular order.
    func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint]

    /// What a map pin shows beyond its point, for the listings with these ids that exist,
    /// from one snapshot: their rating and pricing rules.
    func pinDetails(of ids: [ListingID]) throws -> [ListingID: ListingPinDetails]
}

/// A listing's stored rating (`Listing.ratingSummary`) and pricing rules (for a stay's total
/// by the cards' rule), as a map pin shows them.
public struct ListingPinDetails: Hashable, Sendable {
    public var rating: ListingRating
    public var pricing: PricingRules

    public init(rating: ListingRating, pricing: PricingRules) {
        self.rating = rating
        self.pricing = pricing
    }
}

/// A listing as the map needs it.
public struct ListingMapPoint: Hashable, Sendable {
    public var id: ListingID
    public var coordinate: Coordinate
    /// As `ListingMatch.nightlyPrice`.
    public var nightlyPrice: Int64
    /// As `ListingMatch.accommodationTotal`: with a stay, the sum of its nightly prices.
    public var accommodationTotal: Int64?
    public init(id: ListingID, coordinate: Coordinate, nightlyPrice: Int64, accommodationTotal: Int64? = nil) {
        self.id = id
        self.coordinate = coordinate
        self.nightlyPrice = nightlyPrice
        self.accommodationTotal = accommodationTotal
    }
}

extension ListingRepository {
    /// One `listing` at a time, for repositories without a cheaper way.
    public func pinDetails(of ids: [ListingID]) throws -> [ListingID: ListingPinDetails] {
        var details: [ListingID: ListingPinDetails] = [:]
        for id in ids {
            if let listing = try listing(id) {
                details[id] = ListingPinDetails(rating: listing.ratingSummary, pricing: listing.pricing)
            }
        }
        return details
    }

    /// `listingAndCalendar(_:calendarIn:)` reduced to the stay terms.
    public func stayTermsAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])? {
        try listingAndCalendar(id, calendarIn: range).map { ($0.listing.stayTerms, $0.entries) }
    }

    /// `listingAndCalendar(_:calendarIn:)` with a listing-dependent range, reduced to the stay terms.
    public func stayTermsAndCalendar(_ id: ListingID, calendarIn range: (StayTerms) throws -> Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])? {
        try listingAndCalendar(id, calendarIn: { try range($0.stayTerms) }).map { ($0.listing.stayTerms, $0.entries) }
    }

    /// `listing` then `calendarEntries`: the same answer, from two snapshots, for
    /// repositories without a cheaper way (the full listing is returned).
    public func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        guard let listing = try listing(id) else { return nil }
        return (listing, try calendarEntries(of: id, in: range(listing)))
    }
}

/// Read access to cities, districts, neighbourhoods and landmarks. Safe from any thread.
public protocol LocationRepository: Sendable {
    func allLocations() throws -> [Location]
    func location(_ id: LocationID) throws -> Location?
    /// The box around every listing in the location and below it; nil when it has none.
    func listingBounds(in id: LocationID) throws -> BoundingBox?
}

/// A location to create or update by its `externalKey` (the writer assigns the id).
public struct LocationDraft: Hashable, Sendable {
    public var externalKey: String
    public var parentKey: String?
    public var kind: LocationKind
    public var name: String
    public var nameEnglish: String
    public var fullName: String
    public var fullNameEnglish: String
    public var coordinate: Coordinate
    public var imageURL: String?
    /// See `Location.aliases`.
    public var aliases: [String]
    /// See `Location.searchRadiusKm`: set for landmarks.
    public var searchRadiusKm: Double?
    /// See `Location.area`.
    public var area: BoundingBox?
    public init(externalKey: String, parentKey: String?, kind: LocationKind, name: String, nameEnglish: String,
                fullName: String, fullNameEnglish: String, coordinate: Coordinate, imageURL: String?,
                aliases: [String] = [], searchRadiusKm: Double? = nil, area: BoundingBox? = nil) {
        self.externalKey = externalKey
        self.parentKey = parentKey
        self.kind = kind
        self.name = name
        self.nameEnglish = nameEnglish
        self.fullName = fullName
        self.fullNameEnglish = fullNameEnglish
        self.coordinate = coordinate
        self.imageURL = imageURL
        self.aliases = aliases
        self.searchRadiusKm = searchRadiusKm
        self.area = area
    }
}

/// Bulk writes of catalog data, used by the demo generator and the importer. One instance
/// is used from one thread at a time.
public protocol CatalogWriting: AnyObject {
    /// Creates or updates the location with the same external key (its parent must exist
    /// already); returns its id.
    func saveLocation(_ draft: LocationDraft) throws -> LocationID
    /// Creates or replaces the listing with the same id.
    func saveListing(_ listing: Listing) throws
    /// Replaces every calendar entry of the listing.
    func replaceCalendar(of id: ListingID, with entries: [CalendarEntry]) throws
    /// Replaces the listing's imported ratings and recomputes its stored rating with its
    /// Stays reviews (`ListingRating.combine`).
    func saveImportedRatings(_ ratings: ImportedRatings, of listing: ListingID) throws
    /// Adds review texts imported with the listing; `replacing`: its earlier imported texts
    /// go first. Reviews written in Stays are never touched.
    func saveImportedReviews(_ reviews: [NewReview], of listing: ListingID, replacing: Bool) throws
    /// Runs `body` in one transaction: all of its writes land, or none do.
    func transaction<T>(_ body: () throws -> T) throws -> T
    /// Recomputes derived data (location listing counts; a landmark's are the listings within
    /// its `searchRadiusKm`, by `SearchCircle.contains`) after bulk writes.
    func refreshLocationStatistics() throws
}

extension ListingRepository {
    /// Through the listing-dependent form; engines with a cheaper way implement it.
    public func listingAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        try listingAndCalendar(id, calendarIn: { _ in range })
    }
}
