import Domain

/// Everything the routes call, built once at start-up. Immutable and `Sendable`.
public struct APIServices: Sendable {
    public let locations: LocationService
    public let listings: ListingService
    public let calendars: CalendarService
    public let histograms: HistogramService
    public let dateProvider: any DateProvider
    /// The zone "today" is taken in for searches that span many listings.
    public let searchTimeZone: String
    /// The currency of the catalog's prices. Search and histogram price bounds are minor
    /// units of it: a catalog is expected to hold one currency (one market per deployment).
    public let catalogCurrency: CurrencyCode
    /// Throws when the database cannot answer (for `/health/ready`).
    public let readiness: @Sendable () throws -> Void

    public init(locations: LocationService, listings: ListingService, calendars: CalendarService,
                histograms: HistogramService, dateProvider: any DateProvider, searchTimeZone: String = "Asia/Seoul",
                catalogCurrency: CurrencyCode = .krw, readiness: @escaping @Sendable () throws -> Void) {
        self.locations = locations
        self.listings = listings
        self.calendars = calendars
        self.histograms = histograms
        self.dateProvider = dateProvider
        self.searchTimeZone = searchTimeZone
        self.catalogCurrency = catalogCurrency
        self.readiness = readiness
    }
}

extension APIServices {
    /// The services over one catalog, as `stays serve` and the end-to-end tests build them.
    public init(catalog: any ListingRepository & LocationRepository, dateProvider: any DateProvider,
                pricing: PricingConfiguration = .standard, timeZone: String = "Asia/Seoul",
                currency: CurrencyCode = .krw, readiness: @escaping @Sendable () throws -> Void) {
        self.init(locations: LocationService(repository: catalog),
                  listings: ListingService(listings: catalog, dateProvider: dateProvider, pricing: pricing),
                  calendars: CalendarService(listings: catalog, dateProvider: dateProvider, defaultTimeZone: timeZone),
                  histograms: HistogramService(listings: catalog),
                  dateProvider: dateProvider, searchTimeZone: timeZone, catalogCurrency: currency,
                  readiness: readiness)
    }
}

extension APIServices {
    /// Throws `.locationNotFound` for a search in a location that does not exist, so a
    /// client with a stale id gets 404 instead of an empty page.
    func requireKnownArea(_ area: SearchArea) throws {
        guard case .location(let id) = area else { return }
        if try !locations.contains(id) { throw StaysError.locationNotFound(id) }
    }
}
