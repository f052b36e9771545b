/// A saved listing as the wishlist shows it: the listing card and, when a stay was given
/// and the listing can be booked for it, the stay's nightly average and total.
public struct WishlistItem: Hashable, Sendable {
    public var listing: Listing
    public var nightlyPrice: Int64
    /// With a bookable stay: the sum of the nightly prices.
    public var accommodationTotal: Int64?
    /// With a bookable stay: the total `/quote` would return for it.
    public var totalPrice: Int64?
    /// With a stay: whether it can be booked (false: unavailable or against a stay rule).
    public var available: Bool?
}

/// The guest's saved listings. Immutable and `Sendable`.
public final class WishlistService: Sendable {
    public static let maximumItems = 500

    private let store: any BookingStore
    private let listings: any ListingRepository
    private let dateProvider: any DateProvider
    private let pricing: PricingConfiguration

    public init(store: any BookingStore, listings: any ListingRepository, dateProvider: any DateProvider,
                pricing: PricingConfiguration = .standard) {
        self.store = store
        self.listings = listings
        self.dateProvider = dateProvider
        self.pricing = pricing
    }

    /// Idempotent; `.listingNotFound` for an unknown listing.
    public func save(_ listing: ListingID, guest: GuestID) throws {
        try store.write { transaction in
            try Self.requireListing(listing, in: transaction)
            try transaction.saveToWishlist(listing, of: guest, at: dateProvider.now())
        }
    }

    /// Idempotent; `.listingNotFound` for an unknown listing.
    public func remove(_ listing: ListingID, guest: GuestID) throws {
        try store.write { transaction in
            try Self.requireListing(listing, in: transaction)
            try transaction.removeFromWishlist(listing, of: guest)
        }
    }

    private static func requireListing(_ listing: ListingID, in transaction: any BookingTransaction) throws {
        guard try transaction.listingExists(listing) else { throw StaysError.listingNotFound(listing) }
    }

    /// Saved listings, most recently saved first; priced for `stay` and `guests` when a stay
    /// is given, by the same rules as a quote.
    public func items(guest: GuestID, stay: Stay?, guests: GuestCount) throws -> [WishlistItem] {
        let ids = try store.read { try $0.wishlist(of: guest, limit: Self.maximumItems) }
        return try ids.compactMap { id -> WishlistItem? in
            guard let stay else {
                guard let listing = try listings.listing(id) else { return nil }
                return WishlistItem(listing: listing,
                                    nightlyPrice: NightlyPricer.priceWithoutStay(rules: listing.pricing, guests: guests))
            }
            guard let (listing, entries) = try listings.listingAndCalendar(
                id, calendarIn: Quote.calendarRange(of: stay)) else { return nil }
            do {
                let quote = try Quote.validated(listing: listing, entries: entries, stay: stay, guests: guests,
                                                today: dateProvider.today(in: listing.timeZone),
                                                configuration: pricing, language: .ko)
                let accommodation = quote.nightlyPrices.reduce(Int64(0)) { $0 + $1.price }
                return WishlistItem(listing: listing, nightlyPrice: quote.averageNightlyPrice,
                                    accommodationTotal: accommodation, totalPrice: quote.total, available: true)
            } catch {
                let pricer = NightlyPricer(listing: listing, entries: entries, guests: guests)
                return WishlistItem(listing: listing, nightlyPrice: pricer.price(on: stay.checkin), available: false)
            }
        }
    }
}
