import Domain
import ICalendar

/// Calendar sync with other channels: the listing's secret export feed, and imports of other
/// channels' feeds, each synced now and then by whichever server claims it.
///
/// Promises:
/// - a sync that cannot fetch or read its feed keeps the import's previous nights (a failed
///   fetch is not an empty calendar) and records `failed` with the reason; a good one
///   replaces them in one transaction (`CalendarSyncStore.storeSync`);
/// - each import is synced by one caller at a time (the store's lease), and its next sync is
///   due `refresh` later, give or take 10% at random, so imports added together drift apart;
/// - export tokens are 256 random bits, stored as their SHA-256: a URL is shown once, when
///   it is made, and rotating makes the old one unknown;
/// - nothing here logs a feed's URL or a token (both are secrets of the host's).
///
/// Thread safety: `Sendable`; every call may run on any thread.
public final class CalendarSyncService: Sendable {
    let store: any CalendarSyncStore
    let fetcher: any CalendarFeedFetcher
    let dateProvider: any DateProvider
    /// How often each import is synced.
    public let refresh: Duration
    /// Where export URLs point: `<publicURL>/ical/<token>.ics`.
    public let publicURL: String
    public let counters = CalendarSyncCounters()
    let log: @Sendable (String) -> Void

    /// Imports one listing may have.
    public static let maximumImportsPerListing = 20
    /// How long a claimed import stays with its server: longer than a fetch (10 s) and a store.
    static let lease: Int64 = 60_000

    public init(store: any CalendarSyncStore, fetcher: any CalendarFeedFetcher, dateProvider: any DateProvider,
                refresh: Duration = .seconds(900), publicURL: String, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.fetcher = fetcher
        self.dateProvider = dateProvider
        self.refresh = refresh
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.log = log
    }

    // MARK: Access

    /// The listing's facts for sync (nil when unknown, or a draft). Who may touch it is the
    /// caller's to check (the host routes ask `HostService`).
    public func listing(_ id: ListingID) throws -> CalendarListing? { try store.listing(id) }

    /// The import, when it belongs to `listing`.
    public func calendarImport(_ id: CalendarImportID, of listing: ListingID) throws -> CalendarImport {
        guard let found = try store.calendarImport(id), found.listingID == listing else {
            throw CalendarSyncError.importNotFound(id)
        }
        return found
    }

    // MARK: Export

    /// The export URL when the listing has none yet (made now), else nil with the hint of
    /// the one it has (its last 4 characters).
    public func exportLink(of listing: ListingID) throws -> (url: String?, hint: String) {
        if let hint = try store.exportHint(of: listing) { return (nil, hint) }
        let url = try rotateExport(of: listing)
        return (url, String(url.dropLast(4).suffix(4)))
    }

    /// A new export URL for the listing; the previous one stops working at once.
    public func rotateExport(of listing: ListingID) throws -> String {
        let token = GuestToken()
        try store.setExportToken(of: listing, digest: token.digest, hint: String(token.text.suffix(4)),
                                 at: dateProvider.now())
        return exportURL(token)
    }

    func exportURL(_ token: GuestToken) -> String { "\(publicURL)/ical/\(token.text).ics" }

    /// The feed a token opens (`text/calendar`), or nil for an unknown, rotated or
    /// malformed token. The same calendar gives the same bytes all day (`DTSTAMP` is the
    /// day's start), so the ETag changes only when a night does.
    public func feed(token text: String) throws -> String? {
        guard let token = GuestToken(parsing: text), let target = try store.exportTarget(digest: token.digest),
              let listing = try store.listing(target.listingID) else { return nil }
        let today = dateProvider.today(in: listing.timeZone)
        let end = windowEnd(of: listing, today: today)
        // From two months back, so that a run of closed nights that began in the past keeps
        // the UID of its first night (`ICalExport.hostBlockRuns`).
        let content = try store.feedContent(of: listing.id, from: today.adding(days: -60), to: end,
                                            excluding: target.excluding)
        var blocks = content.reservations.flatMap { id, nights in
            ICalExport.hostBlockRuns(nights: nights).map { ICalExport.Block(nights: $0.nights, identity: .reservation(id)) }
        }
        blocks += ICalExport.hostBlockRuns(nights: content.closedNights)
        let export = ICalExport(listing: listing.id, timeZone: listing.timeZone, calendarName: listing.title)
        return export.render(blocks: blocks, today: today, windowEnd: end,
                             stamp: Instant(millisecondsSinceEpoch: Int64(today.daysSinceEpoch) * 86_400_000))
    }

    func windowEnd(of listing: CalendarListing, today: CalendarDate) -> CalendarDate {
        max(today, listing.availableUntil ?? today.adding(days: 365))
    }

    // MARK: Imports

    /// Adds an import and runs its first sync now; returns it as stored after that sync, and
    /// its own export URL (shown this once).
    public func addImport(to listing: ListingID, name: String?, url: String?) throws -> (CalendarImport, exportURL: String) {
        let (name, url) = try Self.validated(name: name, url: url)
        guard try store.imports(of: listing).count < Self.maximumImportsPerListing else {
            throw StaysError.invalidParameters([ParameterIssue(
                name: "url", reason: "a listing can import at most \(Self.maximumImportsPerListing) calendars")])
        }
        let token = GuestToken()
        let added = try store.insertImport(listing: listing, name: name, url: url, exportDigest: token.digest,
                                           exportHint: String(token.text.suffix(4)), at: dateProvider.now())
        let synced = try syncNow(added.id)
        return (synced, exportURL(token))
    }

    /// The name (trimmed, 1 to 100 characters; the URL's host when absent) and the URL
    /// (absolute http or https, at most 2,048 characters, no spaces).
    static func validated(name: String?, url: String?) throws -> (String, String) {
        var issues: [ParameterIssue] = []
        let url = url?.trimmingWhitespace ?? ""
        let lowered = url.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        let host = url.dropFirst(scheme).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if scheme == 0 || host.isEmpty || url.count > 2048 || url.contains(where: { $0.isWhitespace || $0.isNewline }) {
            issues.append(ParameterIssue(name: "url", reason: "must be an absolute http or https URL of at most 2048 characters"))
        }
        var name = name?.trimmingWhitespace ?? String(host.split(separator: "@").last ?? "")
        if name.isEmpty { name = "Calendar" }
        if name.count > 100 || name.contains(where: \.isNewline) {
            issues.append(ParameterIssue(name: "name", reason: "must be at most 100 characters on one line"))
        }
        guard issues.isEmpty else { throw StaysError.invalidParameters(issues) }
        return (name, url)
    }

    public func imports(of listing: ListingID) throws -> [CalendarImport] { try store.imports(of: listing) }

    public func conflicts(of item: CalendarImport) throws -> [CalendarConflict] {
        guard let listing = try store.listing(item.listingID) else { return [] }
        return try store.conflicts(of: item.id, from: dateProvider.today(in: listing.timeZone))
    }

    /// Deletes the import; the nights only it closed open again.
    public func deleteImport(_ id: CalendarImportID, of listing: CalendarListing) throws {
        _ = try calendarImport(id, of: listing.id)
        guard try store.deleteImport(id, today: dateProvider.today(in: listing.timeZone), at: dateProvider.now()) else {
            throw CalendarSyncError.importNotFound(id)
        }
    }

    // MARK: Syncing

    /// Syncs the import now; `syncInProgress` when another caller holds it.
    @discardableResult
    public func syncNow(_ id: CalendarImportID) throws -> CalendarImport {
        let now = dateProvider.now()
        guard let claimed = try store.claim(id, now: now, leaseUntil: Self.later(now, by: Self.lease)) else {
            if try store.calendarImport(id) == nil { throw CalendarSyncError.importNotFound(id) }
            throw CalendarSyncError.syncInProgress(id)
        }
        sync(claimed)
        return try store.calendarImport(id) ?? claimed
    }

    /// Claims up to `limit` due imports and syncs them one after the other; returns how many.
    @discardableResult
    public func syncDue(limit: Int = 50) throws -> Int {
        let now = dateProvider.now()
        let due = try store.claimDue(now: now, leaseUntil: Self.later(now, by: Self.lease), limit: limit)
        for item in due { sync(item) }
        return due.count
    }

    /// One sync of a claimed import: fetch, read, store (or record the failure). Never throws:
    /// what went wrong is the import's `lastError`.
    func sync(_ item: CalendarImport) {
        let clock = ContinuousClock(), started = clock.now
        defer {
            let elapsed = clock.now - started
            counters.milliseconds.add(Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
                                      ordering: .relaxed)
        }
        let now = dateProvider.now()
        let next = nextSync(after: now)
        do {
            guard let listing = try store.listing(item.listingID) else { return }
            let today = dateProvider.today(in: listing.timeZone)
            let result: ICalImportResult
            do {
                let bytes = try fetcher.fetch(item.url)
                result = try ICalImport(timeZone: listing.timeZone, today: today,
                                        windowEnd: windowEnd(of: listing, today: today)).read(bytes)
            } catch {
                counters.failed.add(1, ordering: .relaxed)
                try store.storeFailure(of: item.id, error: "\(error)", at: now, nextSyncAt: next)
                if item.consecutiveFailures + 1 == CalendarImport.failuresBeforeAlert {
                    log("calendar import \(item.id) of listing \(item.listingID): \(CalendarImport.failuresBeforeAlert) failed syncs in a row (\(error))")
                }
                return
            }
            var warnings = result.warnings.map(\.description)
            if result.warningsDropped > 0 { warnings.append("and \(result.warningsDropped) more warnings") }
            let change = try store.storeSync(of: item.id, nights: Set(result.nights), today: today,
                                             eventCount: result.eventCount, warnings: warnings, at: now, nextSyncAt: next)
            counters.succeeded.add(1, ordering: .relaxed)
            counters.events.add(result.eventCount, ordering: .relaxed)
            counters.changedNights.add(change.changedNights, ordering: .relaxed)
            counters.conflicts.add(try store.conflicts(of: item.id, from: today).count, ordering: .relaxed)
        } catch {
            // The database failed: the claim runs out and another tick (or server) retries.
            counters.failed.add(1, ordering: .relaxed)
            log("calendar import \(item.id): could not store the sync: \(error)")
        }
    }

    /// `refresh` from `now`, give or take 10% at random.
    func nextSync(after now: Instant) -> Instant {
        let milliseconds = Int64(refresh.components.seconds) * 1000
            + Int64(refresh.components.attoseconds / 1_000_000_000_000_000)
        let spread = milliseconds / 10
        return Self.later(now, by: milliseconds + (spread > 0 ? Int64.random(in: -spread...spread) : 0))
    }

    static func later(_ instant: Instant, by milliseconds: Int64) -> Instant {
        Instant(millisecondsSinceEpoch: instant.millisecondsSinceEpoch + milliseconds)
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
