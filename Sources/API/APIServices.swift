import Domain
import HTTPServer

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
    public let guests: GuestService
    public let bookings: BookingService
    public let wishlist: WishlistService
    /// Limits `POST /guests` per client address; nil: no limit.
    public let guestCreationLimit: RateLimiter?
    /// Accounts and sessions; nil: no account routes (anonymous guests only).
    public let accounts: AccountService?
    /// The host side (listings, calendars, requests to book); nil: no host routes. Host
    /// routes need `accounts` too (a host is an account with the `host` role).
    public var hosts: HostService?

    public init(locations: LocationService, listings: ListingService, calendars: CalendarService,
                histograms: HistogramService, guests: GuestService, bookings: BookingService, wishlist: WishlistService,
                guestCreationLimit: RateLimiter?, dateProvider: any DateProvider, searchTimeZone: String = "Asia/Seoul",
                catalogCurrency: CurrencyCode = .krw, accounts: AccountService? = nil,
                readiness: @escaping @Sendable () throws -> Void) {
        self.accounts = accounts
        self.locations = locations
        self.listings = listings
        self.calendars = calendars
        self.histograms = histograms
        self.dateProvider = dateProvider
        self.searchTimeZone = searchTimeZone
        self.catalogCurrency = catalogCurrency
        self.readiness = readiness
        self.guests = guests
        self.bookings = bookings
        self.wishlist = wishlist
        self.guestCreationLimit = guestCreationLimit
    }
}

extension APIServices {
    /// The services over one catalog and booking store, as `buildApplication` wires them.
    public init(catalog: any ListingRepository & LocationRepository, bookingStore: any BookingStore,
                dateProvider: any DateProvider, pricing: PricingConfiguration = .standard,
                timeZone: String = "Asia/Seoul", currency: CurrencyCode = .krw, guestCreationLimit: RateLimiter?,
                requestExpirySeconds: Int64 = RequestToBook.defaultExpirySeconds, accounts: AccountService? = nil, readiness: @escaping @Sendable () throws -> Void) {
        self.init(locations: LocationService(repository: catalog),
                  listings: ListingService(listings: catalog, dateProvider: dateProvider, pricing: pricing),
                  calendars: CalendarService(listings: catalog, dateProvider: dateProvider, defaultTimeZone: timeZone),
                  histograms: HistogramService(listings: catalog),
                  guests: GuestService(store: bookingStore, dateProvider: dateProvider),
                  bookings: BookingService(store: bookingStore, dateProvider: dateProvider, pricing: pricing,
                                           tripsTimeZone: timeZone, requestExpirySeconds: requestExpirySeconds),
                  wishlist: WishlistService(store: bookingStore, listings: catalog, dateProvider: dateProvider,
                                            pricing: pricing),
                  guestCreationLimit: guestCreationLimit,
                  dateProvider: dateProvider, searchTimeZone: timeZone, catalogCurrency: currency,
                  accounts: accounts, readiness: readiness)
    }
}

extension APIServices {
    /// The filter with its area resolved (`LocationService.searchArea`): a landmark's id
    /// becomes the circle around it. Throws `.locationNotFound` for a location that does
    /// not exist, so a client with a stale id gets 404 instead of an empty page, and a 400
    /// naming `radiusKm` when one is given for anything but a landmark.
    func resolvingArea(of filter: ListingFilter, radiusKm: Double?) throws -> ListingFilter {
        var resolved = filter
        resolved.area = try locations.searchArea(filter.area, radiusKm: radiusKm)
        return resolved
    }
}
