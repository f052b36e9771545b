import Domain
import Foundation
import Storage

/// An in-memory copy of exactly what listing searches read — per listing the filter,
/// price and sort columns, and the calendar exceptions that decide availability and price
/// — so that `IndexedCatalog` answers `searchListings` and `nightlyPrices` without a
/// correlated B-tree probe per candidate. The rules it applies are those of
/// `ListingSearchSQL` (see docs/storage.md, "Search index"); the equivalence is tested
/// against the SQL on randomized catalogs.
///
/// Layout: struct-of-arrays, one slot per listing in ascending id order (so comparing slots
/// compares ids). Calendar exceptions are three sorted per-listing slices of flat arrays,
/// each holding only the rows a search can use:
/// - `blockedDays`: days whose status is not `available`;
/// - `priceDays`/`priceDeltas`: price overrides on available days, as `override − default
///   price of that day` (an override on an unavailable day can never be part of a match);
/// - `ruleDays`/...: days with closed-to-arrival/departure or min/max-nights overrides.
/// Days are `Int32` epoch days; rows whose day does not fit are dropped, and a search whose
/// checkin or checkout does not fit is answered by SQL instead (`SearchIndexQuery`), so
/// dropping them changes no answer.
///
/// Promises: immutable once loaded, hence `Sendable` and safe to search from any number of
/// threads at once. It is a snapshot: it does not follow later writes (that is
/// `IndexedCatalog`'s job).
public final class SearchIndex: Sendable {
    // MARK: per listing (slot)
    let ids: [Int64]
    let latitudes: [Double]
    let longitudes: [Double]
    let maxGuests: [Int64]
    /// Index in `RoomType.allCases`; `SearchIndex.unknownRoomType` matches no filter.
    let roomTypes: [UInt8]
    let basePrices: [Int64]
    /// `COALESCE(weekend_price, base_price)`.
    let weekendPrices: [Int64]
    let extraGuestFees: [Int64]
    let guestsIncluded: [Int64]
    let minNights: [Int64]
    let maxNights: [Int64]
    /// `Int64.max` when the listing has no limit.
    let availableUntil: [Int64]
    let scores: [Int64]
    /// `COALESCE(rating, -1)`, the rating sort's key.
    let ratings: [Double]

    // MARK: calendar exceptions: slot s owns [start[s], start[s + 1]) of each stream
    let blockedStart: [Int]
    let blockedDays: [Int32]
    let priceStart: [Int]
    let priceDays: [Int32]
    let priceDeltas: [Int64]
    let ruleStart: [Int]
    let ruleDays: [Int32]
    /// `SearchIndex.closedToArrival` | `SearchIndex.closedToDeparture`.
    let ruleFlags: [UInt8]
    /// 0 when the day does not override the listing's value (stored values are >= 1).
    let ruleMinNights: [Int32]
    let ruleMaxNights: [Int32]

    // MARK: locations
    /// Slots of every listing in a location or below it, ascending, per location id.
    let locationSlots: [Int32]
    let locationRanges: [Int64: Range<Int>]

    /// How long `load` took.
    public let loadDuration: Duration
    /// Calendar rows read (all of `calendar_days`).
    public let calendarRowCount: Int

    static let unknownRoomType: UInt8 = .max
    static let closedToArrival: UInt8 = 1
    static let closedToDeparture: UInt8 = 2

    /// Listings in the index.
    public var listingCount: Int { ids.count }

    /// Bytes held by the index's arrays (not counting allocator overhead).
    public var approximateByteCount: Int {
        let perListing = 8 * 13 + 1  // twelve 8-byte columns, ratings, room type
        return ids.count * perListing
            + (blockedStart.count + priceStart.count + ruleStart.count) * 8
            + blockedDays.count * 4 + priceDays.count * 12 + ruleDays.count * 13
            + locationSlots.count * 4 + locationRanges.count * 40
    }

    init(builder: SearchIndexBuilder, loadDuration: Duration) {
        func exact<T>(_ array: [T]) -> [T] {
            // Growth by doubling leaves up to half of an array unused; copy to fit.
            array.withUnsafeBufferPointer { Array($0) }
        }
        ids = exact(builder.ids)
        latitudes = exact(builder.latitudes)
        longitudes = exact(builder.longitudes)
        maxGuests = exact(builder.maxGuests)
        roomTypes = exact(builder.roomTypes)
        basePrices = exact(builder.basePrices)
        weekendPrices = exact(builder.weekendPrices)
        extraGuestFees = exact(builder.extraGuestFees)
        guestsIncluded = exact(builder.guestsIncluded)
        minNights = exact(builder.minNights)
        maxNights = exact(builder.maxNights)
        availableUntil = exact(builder.availableUntil)
        scores = exact(builder.scores)
        ratings = exact(builder.ratings)
        blockedStart = exact(builder.blockedStart)
        blockedDays = exact(builder.blockedDays)
        priceStart = exact(builder.priceStart)
        priceDays = exact(builder.priceDays)
        priceDeltas = exact(builder.priceDeltas)
        ruleStart = exact(builder.ruleStart)
        ruleDays = exact(builder.ruleDays)
        ruleFlags = exact(builder.ruleFlags)
        ruleMinNights = exact(builder.ruleMinNights)
        ruleMaxNights = exact(builder.ruleMaxNights)
        locationSlots = exact(builder.locationSlots)
        locationRanges = builder.locationRanges
        calendarRowCount = builder.calendarRowCount
        self.loadDuration = loadDuration
    }

    /// Reads the whole catalog in one read transaction of `pool` (one consistent snapshot).
    /// About 1 s per 100,000 listings with 80 calendar rows each (release build).
    public static func load(from pool: DatabasePool) throws -> SearchIndex {
        let clock = ContinuousClock()
        let started = clock.now
        let builder = try pool.read { db in try SearchIndexBuilder.read(db) }
        return SearchIndex(builder: builder, loadDuration: clock.now - started)
    }

    /// True when the night of epoch day `day` is a Friday or Saturday night
    /// (`CalendarDate.isWeekendNight`, and the SQL's `((day % 7) + 11) % 7 >= 5`).
    @inline(__always)
    static func isWeekendNight(_ day: Int) -> Bool {
        let offset = ((day % 7) + 7) % 7  // 0 = Thursday
        return offset == 1 || offset == 2
    }
}
