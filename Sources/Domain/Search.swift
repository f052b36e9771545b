/// Who is staying. Capacity counts adults and children; infants do not take a place.
public struct GuestCount: Hashable, Sendable {
    public var adults: Int
    public var children: Int
    public var infants: Int
    public init(adults: Int = 1, children: Int = 0, infants: Int = 0) {
        self.adults = adults
        self.children = children
        self.infants = infants
    }
    /// Guests that count against a listing's capacity and extra-guest fee.
    public var occupying: Int { adults + children }
}

/// A stay: the half-open night range `[checkin, checkout)`. Always at least one night.
public struct Stay: Hashable, Sendable {
    public let checkin: CalendarDate
    public let checkout: CalendarDate
    /// Returns nil unless checkout is after checkin.
    public init?(checkin: CalendarDate, checkout: CalendarDate) {
        guard checkout > checkin else { return nil }
        self.checkin = checkin
        self.checkout = checkout
    }
    public var nights: Int { checkin.days(until: checkout) }
    /// The date of each night, from checkin up to the day before checkout.
    public var nightDates: [CalendarDate] { (0..<nights).map { checkin.adding(days: $0) } }
}

/// A map viewport. When `southWest.longitude > northEast.longitude` the box crosses the
/// antimeridian.
public struct BoundingBox: Hashable, Sendable {
    public var southWest: Coordinate
    public var northEast: Coordinate
    public init(southWest: Coordinate, northEast: Coordinate) {
        self.southWest = southWest
        self.northEast = northEast
    }
}

public enum SearchArea: Hashable, Sendable {
    case everywhere
    case location(LocationID)
    case boundingBox(BoundingBox)
    /// The listings within a distance of a point: a landmark's search
    /// (`LocationService.searchArea`).
    case circle(SearchCircle)

    /// The point results are measured from, for a search around one.
    public var centre: Coordinate? {
        if case .circle(let circle) = self { return circle.centre }
        return nil
    }
}

/// Which listings a search or a histogram covers.
public struct ListingFilter: Hashable, Sendable {
    public var area: SearchArea
    /// With a stay, only listings bookable for every night of it.
    public var stay: Stay?
    public var guests: GuestCount
    /// Empty means every room type.
    public var roomTypes: Set<RoomType>
    /// Bounds on the nightly price (the stay's average nightly price with a stay, else the
    /// base price), inclusive, in minor units.
    public var minPrice: Int64?
    public var maxPrice: Int64?
    /// Only listings whose rating (`Listing.rating`) is at least this; a listing without
    /// one (fewer than 3 reviews) never matches. nil: no bound.
    public var minRating: Double?
    /// Amenities, instant booking, rooms, superhost, free cancellation.
    public var attributes: ListingAttributeFilter

    public init(area: SearchArea = .everywhere, stay: Stay? = nil, guests: GuestCount = GuestCount(),
                roomTypes: Set<RoomType> = [], minPrice: Int64? = nil, maxPrice: Int64? = nil,
                attributes: ListingAttributeFilter = ListingAttributeFilter()) {
        self.area = area
        self.stay = stay
        self.guests = guests
        self.roomTypes = roomTypes
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.attributes = attributes
    }
}

public enum ListingSort: String, CaseIterable, Sendable {
    case recommended
    case priceAscending = "price_asc"
    case priceDescending = "price_desc"
    case ratingDescending = "rating_desc"
    /// Nearest first (`GreatCircle.distanceKm` from the centre, exact, not rounded); only
    /// for a search around a point (`SearchArea.circle`).
    case distance
}

/// Where the next page starts: the sort key and id of the last item served. Stays correct
/// when listings are added between pages (keyset paging).
public struct ListingCursor: Hashable, Sendable {
    /// The last item's value of the sort column (score, nightly price, rating with no
    /// rating as -1, or distance in km).
    public var sortKey: Double
    public var id: ListingID
    public init(sortKey: Double, id: ListingID) {
        self.sortKey = sortKey
        self.id = id
    }
}

public struct ListingSearch: Hashable, Sendable {
    public var filter: ListingFilter
    public var sort: ListingSort
    public var limit: Int
    public var after: ListingCursor?
    public init(filter: ListingFilter, sort: ListingSort = .recommended, limit: Int = 20, after: ListingCursor? = nil) {
        self.filter = filter
        self.sort = sort
        self.limit = limit
        self.after = after
    }
}

/// One search result as the repository sees it.
public struct ListingMatch: Hashable, Sendable {
    /// The listing; a repository may leave its description, amenities and house rules empty
    /// (results lists and maps do not show them).
    public var listing: Listing
    /// With a stay: the sum of the nightly prices of every night, extra-guest fees included.
    public var accommodationTotal: Int64?
    /// With a stay: the average nightly price (accommodationTotal / nights, half-up); else
    /// the base price plus extra-guest fee.
    public var nightlyPrice: Int64
    public init(listing: Listing, accommodationTotal: Int64?, nightlyPrice: Int64) {
        self.listing = listing
        self.accommodationTotal = accommodationTotal
        self.nightlyPrice = nightlyPrice
    }
}

public struct ListingPage: Hashable, Sendable {
    public var matches: [ListingMatch]
    /// Every listing that matches the filter, over all pages.
    public var total: Int
    /// The box around every match; nil when there are none.
    public var bounds: BoundingBox?
    /// nil on the last page.
    public var nextCursor: ListingCursor?
    public init(matches: [ListingMatch], total: Int, bounds: BoundingBox?, nextCursor: ListingCursor?) {
        self.matches = matches
        self.total = total
        self.bounds = bounds
        self.nextCursor = nextCursor
    }
}
