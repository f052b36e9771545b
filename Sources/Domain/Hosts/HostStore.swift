/// The host side of storage, as a unit of work: each `write` closure is one transaction,
/// committed when it returns and rolled back when it throws (`BookingStore`'s promises).
///
/// Implementations promise, besides those:
/// - a listing is searchable, quotable and bookable exactly while `published`; every
///   change to a published listing (or to its status, or its calendar) appends to the
///   change log in the same transaction, so search on every server sees it before the
///   response is sent;
/// - `updateListing` compares `expectedVersion` in the database (`UPDATE ... WHERE
///   version = ?`), so two concurrent edits cannot both succeed;
/// - inside `write`, `holds` and the following `writeCalendar` are atomic with respect to
///   bookings and requests of the same listing (lock the listing row, or rely on
///   serializable transactions): a night cannot be booked between the check and the write;
/// - `setReservationStatus` to a status that holds no nights frees them at once.
public protocol HostStore: Sendable {
    func write<T>(_ body: (any HostTransaction) throws -> T) throws -> T
    func read<T>(_ body: (any HostReads) throws -> T) throws -> T
}

/// What a host transaction or snapshot can read; all reads of one closure see one state.
public protocol HostReads {
    /// The account (roles, verified email); nil when unknown or erased.
    func account(_ id: AccountID) throws -> Account?
    /// The IANA zone of a region that can hold listings (city, district, neighbourhood);
    /// nil when there is no such region (a landmark holds no listings).
    func regionTimeZone(of location: LocationID) throws -> String?
    /// Any host's listing; the service checks ownership.
    func listing(_ id: ListingID) throws -> HostListing?
    /// The host's listings with ids below `cursor` (all when nil), id descending, at most
    /// `limit`.
    func listings(of host: AccountID, after cursor: ListingID?, limit: Int) throws -> [HostListing]
    /// The listing's stored calendar rows in `range`, by date.
    func calendarEntries(of listing: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry]
    /// Who holds each held night of `range` as of `instant`: confirmed reservations,
    /// requests whose `expiresAt` is after `instant`, imported calendars.
    func holds(of listing: ListingID, in range: Range<CalendarDate>, at instant: Instant) throws -> [NightHold]
    /// Any reservation; the service checks it is on one of the host's listings.
    func reservation(_ id: ReservationID) throws -> HostReservation?
    /// Reservations on the host's listings after `cursor`, newest first (`createdAt`, then id,
    /// descending), at most `limit`; only those whose status **as of `instant`** is `status` (a stored request
    /// past its expiry counts as `expired`, not `requested`) and on `listing`, when given.
    func reservations(of host: AccountID, status: HostReservationStatus?, listing: ListingID?, at instant: Instant,
                      after cursor: HostReservationCursor?, limit: Int) throws -> [HostReservation]
    /// Confirmed and cancelled reservations on the host's listings checking in on
    /// `from...to` (dates in each listing's zone), for earnings.
    func reservations(of host: AccountID, checkingInFrom from: CalendarDate, through to: CalendarDate) throws
        -> [HostReservation]
    /// Up to `limit` requests stored as `requested` whose `expiresAt` is at or before
    /// `instant`, oldest expiry first, for the expiry job. On PostgreSQL, inside `write`,
    /// claim them with `FOR UPDATE SKIP LOCKED` so that servers share the work without
    /// doing it twice.
    func requestsDue(at instant: Instant, limit: Int) throws -> [HostReservation]
}

/// The writes of the host side; only inside `HostStore.write`.
public protocol HostTransaction: HostReads {
    /// Inserts a `draft` listing, version 1, and returns its id.
    func insertListing(_ listing: NewHostListing) throws -> ListingID
    /// Stores `content` and `status` with version `expectedVersion + 1` and `updatedAt`,
    /// only if the stored version is `expectedVersion`; otherwise throws
    /// `HostError.listingChanged` with the current ETag. Returns the stored listing.
    /// `today` is the date in the listing's zone: a published listing's bookable window
    /// (`availableUntil`) is written from it.
    func updateListing(_ id: ListingID, content: HostListingContent, status: HostListingStatus,
                       expectedVersion: Int64, at instant: Instant, today: CalendarDate) throws -> HostListing
    /// Writes the rows of `CalendarEdit.upserts` and deletes those of `deletions`; called
    /// only with a non-empty edit (an empty one writes and logs nothing).
    func writeCalendar(of listing: ListingID, upserts: [CalendarEntry], deletions: [CalendarDate],
                       at instant: Instant) throws
    /// Records the host's own block on nights an imported calendar holds, kept apart from the
    /// imports' so that each is removed on its own: a night in `closed` is the host's
    /// (when the import drops it, it stays closed); a night in `opened` that an import holds
    /// and that is `blocked` is the imports' alone (it opens when no feed has it any more).
    /// Returns the nights whose flag changed, ascending. Appends no change-log row: guests'
    /// calendar does not change.
    func setOwnBlocks(of listing: ListingID, closed: [CalendarDate], opened: [CalendarDate]) throws -> [CalendarDate]
    /// Moves the reservation to `status` (decided at `instant`, on the listing's date
    /// `on`), with who cancelled and the refund for `cancelled`; frees its nights when the
    /// new status holds none.
    func setReservationStatus(_ id: ReservationID, to status: HostReservationStatus, cancelledBy: CancelledBy?,
                              refund: Refund?, on date: CalendarDate, at instant: Instant) throws
}
