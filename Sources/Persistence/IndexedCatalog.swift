import Domain
import Foundation
import Storage

/// The catalog with searches answered from an in-memory `SearchIndex`: `searchListings`
/// and `nightlyPrices` scan the index (only a page's listings are then read from SQLite,
/// by id); everything else goes straight to the wrapped `SQLiteCatalog`. Answers are
/// exactly the SQL's (same filter rules, integer arithmetic, order and keyset cursor).
///
/// Freshness: before each search the catalog reads `PRAGMA data_version` on a connection
/// of its own, which changes whenever any other connection — in this process or another
/// (`stays seed`, `stays import`) — has committed. On a change the index is rebuilt whole,
/// synchronously: the searches that arrive meanwhile wait for that one rebuild, then all
/// use the new index. A search therefore sees every write committed before it began. Fine
/// for this read-mostly service, where writes are batch imports; a process that writes
/// continuously would rebuild on nearly every search.
///
/// Consistency: a page's prices and the total come from one index snapshot; the page's
/// listings are read afterwards, so a write that lands in between can make a listing's
/// details newer than its price (a listing deleted in between is left out of the page).
///
/// Thread safety: `Sendable`. Searches run in parallel on the immutable index; only the
/// version check and the swap of the index are under a lock.
public final class IndexedCatalog: ListingRepository, LocationRepository, @unchecked Sendable {
    public let catalog: SQLiteCatalog

    // Guarded by `lock`: the version connection is used by one thread at a time, and the
    // index and the version it was built at change together.
    private let lock = NSLock()
    private let versionReader: Database
    private var current: SearchIndex
    private var currentVersion: Int64

    /// Opens a connection of its own to the catalog's file and loads the index.
    public init(catalog: SQLiteCatalog) throws {
        self.catalog = catalog
        var configuration = catalog.pool.configuration
        configuration.readOnly = true
        versionReader = try Database(path: catalog.pool.path, configuration: configuration)
        // The version first: a commit that lands during the load changes it again, and the
        // next search rebuilds.
        currentVersion = try Self.dataVersion(versionReader)
        current = try SearchIndex.load(from: catalog.pool)
    }

    /// The index as last loaded, without checking for newer writes.
    public var index: SearchIndex {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The index, rebuilt first if anything committed since it was built.
    public func freshIndex() throws -> SearchIndex {
        lock.lock()
        defer { lock.unlock() }
        let version = try Self.dataVersion(versionReader)
        if version != currentVersion {
            current = try SearchIndex.load(from: catalog.pool)
            currentVersion = version
        }
        return current
    }

    private static func dataVersion(_ db: Database) throws -> Int64 {
        try db.cachedStatement("PRAGMA data_version").fetchOne { $0.int64(0) } ?? 0
    }

    // MARK: ListingRepository

    public func listing(_ id: ListingID) throws -> Listing? {
        try catalog.listing(id)
    }

    public func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        try catalog.calendarEntries(of: id, in: range)
    }

    public func listingAndCalendar(_ id: ListingID, calendarIn range: (Listing) throws -> Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        try catalog.listingAndCalendar(id, calendarIn: range)
    }

    public func searchListings(_ search: ListingSearch) throws -> ListingPage {
        guard let page = try freshIndex().search(search) else {
            return try catalog.searchListings(search)
        }
        // A listing deleted since the index was built is left out of the page.
        let byID = try catalog.listingSummariesByID(page.rows.map { ListingID($0.id) })
        let matches = page.rows.compactMap { row -> ListingMatch? in
            byID[ListingID(row.id)].map {
                ListingMatch(listing: $0, accommodationTotal: row.accommodationTotal, nightlyPrice: row.nightlyPrice)
            }
        }
        return ListingPage(matches: matches, total: page.total, bounds: page.bounds, nextCursor: page.nextCursor)
    }

    public func nightlyPrices(matching filter: ListingFilter) throws -> [Int64] {
        guard let prices = try freshIndex().nightlyPrices(matching: filter) else {
            return try catalog.nightlyPrices(matching: filter)
        }
        return prices
    }

    // MARK: LocationRepository

    public func allLocations() throws -> [Location] {
        try catalog.allLocations()
    }

    public func location(_ id: LocationID) throws -> Location? {
        try catalog.location(id)
    }

    public func listingBounds(in id: LocationID) throws -> BoundingBox? {
        try catalog.listingBounds(in: id)
    }
}
