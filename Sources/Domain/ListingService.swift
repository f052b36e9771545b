/// One listing of a search result page.
public struct ListingSearchItem: Hashable, Sendable {
    public var listing: Listing
    /// With a stay: the average nightly price; else base price plus extra-guest fee.
    public var nightlyPrice: Int64
    /// With a stay: the sum of the nightly prices.
    public var accommodationTotal: Int64?
    /// With a stay: the total `/quote` would return for it (same code, same rounding).
    public var totalPrice: Int64?
    /// For a search around a point: `GreatCircle.distanceKm` from it, to 0.1 km
    /// (`GreatCircle.displayKm`).
    public var distanceKm: Double?
}

/// A page of listings.
public struct ListingSearchResult: Hashable, Sendable {
    public var items: [ListingSearchItem]
    public var total: Int
    public var bounds: BoundingBox?
    public var nextCursor: ListingCursor?
}

/// Listing search, detail and quotes. Immutable and `Sendable`; safe from any thread.
public final class ListingService: Sendable {
    private let listings: any ListingRepository
    var repository: any ListingRepository { listings }
    private let dateProvider: any DateProvider
    private let pricing: PricingConfiguration

    public init(listings: any ListingRepository, dateProvider: any DateProvider, pricing: PricingConfiguration = .standard) {
        self.listings = listings
        self.dateProvider = dateProvider
        self.pricing = pricing
    }

    /// One page of matching listings; with a stay each item carries its quote total, around
    /// a point its distance. Throws `.invalidParameters` naming `sort` for `.distance`
    /// without a centre.
    public func search(_ search: ListingSearch) throws -> ListingSearchResult {
        let centre = search.filter.area.centre
        if search.sort == .distance && centre == nil {
            throw StaysError.invalidParameter("sort", "distance needs a search around a point: the locationId of a landmark")
        }
        let page = try listings.searchListings(search)
        let items = page.matches.map { match -> ListingSearchItem in
            var total: Int64?
            if let stay = search.filter.stay, let accommodation = match.accommodationTotal {
                total = totalPrice(accommodation: accommodation, stay: stay, rules: match.listing.pricing)
            }
            return ListingSearchItem(listing: match.listing, nightlyPrice: match.nightlyPrice,
                                     accommodationTotal: match.accommodationTotal, totalPrice: total,
                                     distanceKm: centre.map {
                                         GreatCircle.displayKm(GreatCircle.distanceKm($0, match.listing.coordinate))
                                     })
        }
        return ListingSearchResult(items: items, total: page.total, bounds: page.bounds, nextCursor: page.nextCursor)
    }

    /// What `/quote` charges for a stay whose nights cost `accommodation` in all: the one
    /// total of result cards and map pins (same code, same rounding as the quote).
    func totalPrice(accommodation: Int64, stay: Stay, rules: PricingRules) -> Int64 {
        PriceBreakdown.total(accommodation: accommodation, nights: stay.nights, rules: rules, configuration: pricing)
    }

    /// Throws `.listingNotFound`.
    public func listing(id: ListingID) throws -> Listing {
        guard let listing = try listings.listing(id) else { throw StaysError.listingNotFound(id) }
        return listing
    }

    /// Prices a stay after checking it can be booked (`Quote.validated`).
    public func quote(listingID: ListingID, stay: Stay, guests: GuestCount, language: Language) throws -> Quote {
        try Quote.checkLength(of: stay)
        guard let (terms, entries) = try listings.stayTermsAndCalendar(
            listingID, calendarIn: Quote.calendarRange(of: stay)) else {
            throw StaysError.listingNotFound(listingID)
        }
        return try Quote.validated(terms: terms, entries: entries, stay: stay, guests: guests,
                                   today: dateProvider.today(in: terms.timeZone), configuration: pricing,
                                   language: language)
    }
}
