import Domain
import Foundation
import Synchronization

/// The catalog with searches answered from an in-memory `SearchIndex`: `searchListings`
/// and `nightlyPrices` scan the index (only a page's listings are then read from the
/// database, by id), and the stay terms and days of a quote or a calendar
/// (`stayTermsAndCalendar`) are read from it; everything else goes straight to the wrapped catalog of either engine. Answers
/// are exactly the SQL's (same filter rules, integer arithmetic, order and keyset cursor;
/// the same terms and days), held to it by property tests.
///
/// Freshness — the index follows the change log (`ChangeLog`, docs/storage.md):
/// - Before each search the catalog reads its source's commit token (SQLite: `PRAGMA
///   data_version` on a connection of its own, about a microsecond; it changes whenever any
///   other connection, in this process or another, has committed. PostgreSQL: a counter
///   that a listening connection bumps when another server's commit notifies, and at least
///   every poll interval — see `PostgresCommitToken`). Only then does it read the log rows after the index's
///   `appliedSequence`, re-read the listings they name (one read transaction: the rows
///   and the data come from one snapshot) and patch their slots in place
///   (`SearchIndex.apply`). The search waits for that, so **a search (and a quote, and a calendar) sees
///   every per-listing write (a listing's terms, its calendar, a reservation, a
///   cancellation, a deletion) committed before it began.**
/// - A catalog-wide row, a gap in the log (rows trimmed before the index read them),
///   more than `patchLimit` rows at once, or a listing that is new or moved starts a
///   full rebuild on a background queue. Searches keep using, and patching, the current
///   index meanwhile; the new index, loaded from one snapshot with the log's sequence,
///   is caught up from that sequence and swapped in. Until then those changes (only
///   those) are not visible: a new listing is not found, a moved one is found in its old
///   place with its new terms, locations keep their old tree. Quotes and calendars do not
///   wait for it either: a listing the index does not hold is read from the database, and
///   while the log's own reason for the rebuild (a catalog-wide row, a gap, too many rows)
///   means data may be stale, every listing is.
///
/// Consistency: a page's prices and the total come from one index state; the page's
/// listings are read afterwards, so a write that lands in between can make a listing's
/// details newer than its price (a listing deleted in between is left out of the page).
///
/// Thread safety: `Sendable`. Searches run in parallel (each holds the index's read
/// lock); the version check, the log read and the patch run under one mutex, one thread
/// at a time, and the patch takes the index's write lock (see `SearchIndex`).
public final class IndexedCatalog: ListingRepository, LocationRepository, @unchecked Sendable {
    /// The SQL catalog of either engine: details, calendars, locations, and the searches the
    /// index leaves to SQL.
    let catalog: any CatalogReads
    /// The engine's database as the index follows it (`StoreIndexSource`).
    private let source: any SearchIndexSource
    /// Log rows one catch-up patches at most; beyond it a rebuild is cheaper (and a
    /// catch-up never holds searches back for long).
    static let patchLimit = 4_096

    /// What `status` reports, published whenever the index changes: read without the mutex,
    /// so a metrics scrape never waits for a catch-up.
    private let publishedSequence = Atomic<Int64>(0)
    private let publishedListings = Atomic<Int>(0)
    private let publishedAtMilliseconds = Atomic<Int64>(0)
    private let rebuildQueue = DispatchQueue(label: "stays.search-index.rebuild", qos: .utility)

    // Guarded by `follow` (a mutex; a condition for `waitForRebuilds`): the version
    // connection is used by one thread at a time, the index and the version it has
    // caught up to change together, and only one thread patches.
    private let follow = NSCondition()
    private var current: SearchIndex
    private var appliedVersion: Int64
    private var rebuildNeeded = false
    /// The log asked for a rebuild that has not landed (a catalog-wide row, a gap, too many
    /// rows): per-listing data the log did not name may be stale, so quotes read the database.
    private var missingWrites = false
    private var rebuildRunning = false
    private var rebuildError: (any Error)?
    private var completedRebuilds = 0
    private var patchDuration = Duration.zero

    /// Runs on the rebuild queue a little after each rebuild is swapped in, once the old
    /// index is let go (`stays serve` returns its memory to the system there).
    private let afterRebuild: (@Sendable () -> Void)?

    package init(catalog: any CatalogReads, source: any SearchIndexSource, afterRebuild: (@Sendable () -> Void)? = nil) throws {
        self.catalog = catalog
        self.source = source
        self.afterRebuild = afterRebuild
        // The token first: a commit that lands during the load changes it again, and the
        // next search catches up from the sequence the load read.
        appliedVersion = try source.commitToken()
        current = try source.loadIndex()
        publish(current)
    }

    /// The index as metrics and readiness see it: the change-log sequence applied, listings
    /// held, and when it last changed (load, patch or rebuild; seconds since 1970). The index
    /// is always loaded: `init` loads it before returning. Lock-free.
    public var status: (sequence: Int64, listings: Int, lastUpdate: Double) {
        (publishedSequence.load(ordering: .relaxed), publishedListings.load(ordering: .relaxed),
         Double(publishedAtMilliseconds.load(ordering: .relaxed)) / 1000)
    }

    /// Records `index`'s sequence and size, and the time when either changed.
    private func publish(_ index: SearchIndex) {
        let sequence = index.appliedSequence
        let listings = index.listingCount
        let at = publishedAtMilliseconds.load(ordering: .relaxed)
        guard at == 0 || sequence != publishedSequence.load(ordering: .relaxed)
            || listings != publishedListings.load(ordering: .relaxed) else { return }
        publishedSequence.store(sequence, ordering: .relaxed)
        publishedListings.store(listings, ordering: .relaxed)
        publishedAtMilliseconds.store(Int64(Date().timeIntervalSince1970 * 1000), ordering: .relaxed)
    }

    /// The index as it is, without checking for newer writes.
    public var index: SearchIndex {
        follow.lock()
        defer { follow.unlock() }
        return current
    }

    /// Full rebuilds swapped in since `init`.
    public var rebuildCount: Int {
        follow.lock()
        defer { follow.unlock() }
        return completedRebuilds
    }

    /// How long the last `SearchIndex.apply` took (the lock wait and the patch, not the
    /// log and listing reads), for benchmarks.
    public var lastPatchDuration: Duration {
        follow.lock()
        defer { follow.unlock() }
        return patchDuration
    }

    /// The index, first caught up with every write committed before the call (per-listing
    /// changes patched in; a rebuild started when the log asks for one).
    public func freshIndex() throws -> SearchIndex {
        follow.lock()
        defer { follow.unlock() }
        return try catchUpWithCommits()
    }

    /// `freshIndex`, or nil while the log waits for a rebuild (`missingWrites`).
    private func freshIndexHoldingEveryWrite() throws -> SearchIndex? {
        follow.lock()
        defer { follow.unlock() }
        let index = try catchUpWithCommits()
        return missingWrites ? nil : index
    }

    /// The body of `freshIndex`; the caller holds `follow`.
    private func catchUpWithCommits() throws -> SearchIndex {
        let version = try source.commitToken()
        if version != appliedVersion {
            let caught = try catchUp(current, timed: true)
            if caught.needsRebuild { rebuildNeeded = true }
            if caught.missesWrites { missingWrites = true }
            publish(current)
            appliedVersion = version
            // Also retries a rebuild that failed, once something new has committed.
            if rebuildNeeded && !rebuildRunning { startRebuild() }
        }
        return current
    }

    /// Blocks until no rebuild is running (one that is needed is started first); rethrows
    /// the error of a rebuild that failed. For tests and benchmarks: searches never need it.
    public func waitForRebuilds() throws {
        _ = try freshIndex()
        follow.lock()
        defer { follow.unlock() }
        if rebuildNeeded && !rebuildRunning { startRebuild() }
        while rebuildRunning { follow.wait() }
        if let error = rebuildError {
            rebuildError = nil
            throw error
        }
    }

    /// What a catch-up leaves to a rebuild.
    private struct CatchUp {
        /// Only a rebuild makes the index exact again.
        var needsRebuild = false
        /// The log asked for the rebuild (`ChangeLogBatch.rebuild`): until it lands, data of
        /// listings the index holds may be stale (see `missingWrites`).
        var missesWrites = false

        mutating func add(_ other: CatchUp) {
            needsRebuild = needsRebuild || other.needsRebuild
            missesWrites = missesWrites || other.missesWrites
        }
    }

    /// Reads the log after `index.appliedSequence` and patches `index` with the listings
    /// it names, read in the same transaction. The caller holds `follow`, or owns `index`
    /// alone (a rebuild not yet swapped in).
    /// `timed`: record `lastPatchDuration` (only under `follow`).
    private func catchUp(_ index: SearchIndex, timed: Bool = false) throws -> CatchUp {
        let from = index.appliedSequence
        let (batch, patches) = try source.changes(after: from, limit: Self.patchLimit)
        let missesWrites = batch.rebuild != nil
        guard batch.through != from || !patches.isEmpty else {
            return CatchUp(needsRebuild: missesWrites, missesWrites: missesWrites)
        }
        let clock = ContinuousClock()
        let started = clock.now
        let result = index.apply(patches, through: batch.through)
        if timed { patchDuration = clock.now - started }
        return CatchUp(needsRebuild: missesWrites || result.needsRebuild, missesWrites: missesWrites)
    }

    /// Starts a rebuild on the queue. The caller holds `follow`.
    private func startRebuild() {
        rebuildNeeded = false
        rebuildRunning = true
        rebuildQueue.async { [self] in
            do {
                let fresh = try source.loadIndex()
                // Most of the catch-up runs before taking the mutex, while searches go on:
                // no one else sees `fresh` yet. The rest, under it, is what committed since.
                var another = try catchUp(fresh)
                follow.lock()
                defer { follow.unlock() }
                do {
                    let version = try source.commitToken()
                    another.add(try catchUp(fresh))
                    current = fresh
                    publish(fresh)
                    appliedVersion = version
                    completedRebuilds += 1
                    // What the old index still wanted (room for its slices) `fresh` has;
                    // what the log asks of `fresh` is in `another`.
                    rebuildNeeded = false
                    missingWrites = another.missesWrites
                } catch {
                    // Retried at the next commit (`freshIndex`), not in a loop.
                    rebuildError = error
                    rebuildNeeded = true
                    another = CatchUp()
                }
                rebuildRunning = false
                if another.needsRebuild { startRebuild() }
                follow.broadcast()
                if let afterRebuild {
                    // Searches that began on the old index still hold it for a moment.
                    rebuildQueue.asyncAfter(deadline: .now() + .seconds(2), execute: afterRebuild)
                }
            } catch {
                follow.lock()
                rebuildError = error
                rebuildNeeded = true
                rebuildRunning = false
                follow.broadcast()
                follow.unlock()
            }
        }
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

    public func listingAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])? {
        try catalog.listingAndCalendar(id, calendarIn: range)
    }

    /// From the index, caught up as for a search (every write this process committed, and
    /// every other one it has been told of), when it holds the listing exactly; else, and
    /// while the log waits for a rebuild, from the database.
    public func stayTermsAndCalendar(_ id: ListingID, calendarIn range: Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])? {
        if let answer = try freshIndexHoldingEveryWrite()?.stayTermsAndCalendar(id.rawValue, in: range) { return answer }
        return try catalog.stayTermsAndCalendar(id, calendarIn: range)
    }

    /// As `stayTermsAndCalendar(_:calendarIn:)`, for the calendar.
    public func stayTermsAndCalendar(_ id: ListingID, calendarIn range: (StayTerms) throws -> Range<CalendarDate>) throws
        -> (terms: StayTerms, entries: [CalendarEntry])? {
        if let answer = try freshIndexHoldingEveryWrite()?.stayTermsAndCalendar(id.rawValue, calendarIn: range) {
            return answer
        }
        return try catalog.stayTermsAndCalendar(id, calendarIn: range)
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

    public func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint] {
        guard let points = try freshIndex().mapPoints(matching: filter) else {
            return try catalog.mapPoints(matching: filter)
        }
        return points
    }

    public func pinDetails(of ids: [ListingID]) throws -> [ListingID: ListingPinDetails] {
        try catalog.pinDetails(of: ids)
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
