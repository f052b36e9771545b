/// What a listing's export feed holds: the nights reservations hold (each run under its
/// reservation's id) and the other closed nights, from `today` on.
public struct CalendarFeedContent: Sendable, Equatable {
    /// Each reservation's (or pending request's) held nights, ascending.
    public var reservations: [(ReservationID, [CalendarDate])]
    /// Nights closed otherwise: by the host, by imports (but the excluded one's), or booked
    /// with no reservation behind them (demo data).
    public var closedNights: [CalendarDate]

    public init(reservations: [(ReservationID, [CalendarDate])], closedNights: [CalendarDate]) {
        self.reservations = reservations
        self.closedNights = closedNights
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.closedNights == rhs.closedNights && lhs.reservations.map(\.0) == rhs.reservations.map(\.0)
            && lhs.reservations.map(\.1) == rhs.reservations.map(\.1)
    }
}

/// The listing facts a sync or an export needs.
public struct CalendarListing: Sendable, Equatable {
    public var id: ListingID
    public var title: String
    public var timeZone: String
    /// The morning after the last bookable night, when the listing has a window.
    public var availableUntil: CalendarDate?
    public var hostAccountID: AccountID?

    public init(id: ListingID, title: String, timeZone: String, availableUntil: CalendarDate?, hostAccountID: AccountID?) {
        self.id = id
        self.title = title
        self.timeZone = timeZone
        self.availableUntil = availableUntil
        self.hostAccountID = hostAccountID
    }
}

/// Which feed an export token opens: the listing's, or one import's (without its nights).
public struct CalendarExportTarget: Sendable, Equatable {
    public var listingID: ListingID
    public var excluding: CalendarImportID?
    public init(listingID: ListingID, excluding: CalendarImportID?) {
        self.listingID = listingID
        self.excluding = excluding
    }
}

/// What a good sync changed.
public struct CalendarSyncChange: Sendable, Equatable {
    /// Nights of the listing's calendar that opened or closed (0: nothing was written to
    /// the calendar and no change-log row was appended).
    public var changedNights: Int
    public init(changedNights: Int) { self.changedNights = changedNights }
}

/// Storage of calendar sync, on either engine.
///
/// Promises:
/// - export tokens are stored as their SHA-256 only;
/// - `storeSync` replaces the import's nights from `today` on in one transaction and makes
///   the listing's calendar agree: a night some import holds is closed (status `blocked`)
///   unless a reservation holds it or the host closed it; a night imports closed and none
///   holds any more opens again. Calendar rows change, and a change-log row is appended,
///   only when some night changed: an unchanged feed writes no calendar row and no log row;
/// - a failed sync (`storeFailure`) keeps the import's nights;
/// - `claimDue` hands each due import to one caller until its lease ends (on PostgreSQL
///   `FOR UPDATE SKIP LOCKED`: servers claiming at once take different imports).
public protocol CalendarSyncStore: Sendable {
    func listing(_ id: ListingID) throws -> CalendarListing?

    /// The listing's export token digest and hint, if it has one.
    func exportHint(of listing: ListingID) throws -> String?
    /// Stores `digest` as the listing's export token (replacing any earlier one).
    func setExportToken(of listing: ListingID, digest: [UInt8], hint: String, at instant: Instant) throws
    /// The feed a token digest opens; nil for an unknown (or rotated) token.
    func exportTarget(digest: [UInt8]) throws -> CalendarExportTarget?
    /// The feed's nights from `today` up to `end`; `excluding` leaves out the nights only
    /// that import closed.
    func feedContent(of listing: ListingID, from today: CalendarDate, to end: CalendarDate,
                     excluding: CalendarImportID?) throws -> CalendarFeedContent

    func insertImport(listing: ListingID, name: String, url: String, exportDigest: [UInt8], exportHint: String,
                      at instant: Instant) throws -> CalendarImport
    func imports(of listing: ListingID) throws -> [CalendarImport]
    func calendarImport(_ id: CalendarImportID) throws -> CalendarImport?
    /// Deletes the import and opens the nights only it closed; false when there was none.
    func deleteImport(_ id: CalendarImportID, today: CalendarDate, at instant: Instant) throws -> Bool
    /// The import's nights that reservations (or pending requests) hold, from `today` on.
    func conflicts(of id: CalendarImportID, from today: CalendarDate) throws -> [CalendarConflict]

    /// Up to `limit` imports due at `now` and not claimed, claimed until `leaseUntil`.
    func claimDue(now: Instant, leaseUntil: Instant, limit: Int) throws -> [CalendarImport]
    /// Claims one import now (a sync the host asked for); nil when another server holds it.
    func claim(_ id: CalendarImportID, now: Instant, leaseUntil: Instant) throws -> CalendarImport?

    /// A good sync: the import holds `nights` (from `today` on) and nothing else from
    /// `today` on. Ends the claim.
    func storeSync(of id: CalendarImportID, nights: Set<CalendarDate>, today: CalendarDate, eventCount: Int,
                   warnings: [String], at instant: Instant, nextSyncAt: Instant) throws -> CalendarSyncChange
    /// A failed sync: the nights stay; ends the claim.
    func storeFailure(of id: CalendarImportID, error: String, at instant: Instant, nextSyncAt: Instant) throws
}
