/// The booking side of storage, as a unit of work: every change a booking makes happens
/// inside one `write { }` call, which is one database transaction — committed when the
/// closure returns, rolled back entirely when it throws. A service reads the calendar,
/// validates, inserts, stores the idempotency key and appends to the change log in one
/// closure, so either all of it lands or none of it does.
///
/// Implementations (one per storage engine) promise:
/// - `write` closures are serializable with respect to each other for the rows they touch;
///   the "no two reservations hold one night of a listing" rule is enforced by the database
///   itself inside the transaction (a unique key), never by an earlier check in memory;
/// - engine errors that mean a domain conflict (that unique key) are thrown as
///   `StaysError` values in one place per engine; anything else is thrown unchanged (a
///   server error, logged and answered 500 by the API);
/// - `write` returns only after the transaction has committed durably (the configured
///   synchronous level; see docs/storage.md).
///
/// Thread safety: `Sendable`; call from any thread. The context passed to a closure belongs
/// to that call only: never keep it or use it from another thread.
public protocol BookingStore: Sendable {
    func write<T>(_ body: (any BookingTransaction) throws -> T) throws -> T
    func read<T>(_ body: (any BookingReads) throws -> T) throws -> T
}

/// What a booking transaction or snapshot can read. All of a closure's reads see one
/// consistent state.
public protocol BookingReads {
    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID?
    /// The listing (long texts may be left out) and its calendar entries in `range`.
    func listingAndCalendar(_ id: ListingID, in range: Range<CalendarDate>) throws
        -> (listing: Listing, entries: [CalendarEntry])?
    /// The reservation if it exists **and belongs to `guest`**; nil otherwise, so another
    /// guest's reservation is indistinguishable from a missing one.
    func reservation(_ id: ReservationID, of guest: GuestID) throws -> Reservation?
    /// The guest's trips in the trips order (`TripOrder`: upcoming and current by check-in
    /// ascending, then past and cancelled by check-in descending; `today` decides which is
    /// which), strictly after `cursor`: exactly `TripOrder.reference`'s page. A page costs
    /// about its size, not the guest's whole history.
    func trips(of guest: GuestID, today: CalendarDate, after cursor: TripCursor?, limit: Int) throws -> TripPage
    /// Saved listing ids, most recently saved first.
    func wishlist(of guest: GuestID, limit: Int) throws -> [ListingID]
    func listingExists(_ id: ListingID) throws -> Bool
}

/// The writes of the booking path; only inside `BookingStore.write`.
public protocol BookingTransaction: BookingReads {
    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID
    func idempotencyRecord(of guest: GuestID, key: IdempotencyKey) throws -> IdempotencyRecord?
    func storeIdempotencyRecord(_ record: IdempotencyRecord, of guest: GuestID, key: IdempotencyKey,
                                at instant: Instant) throws
    /// Inserts the reservation, holds its nights (the calendar shows them booked) and logs
    /// the change; returns it as `reservation(_:of:)` would read it now. Throws
    /// `StaysError.unavailableDates` naming the nights another reservation already holds.
    func insertReservation(_ reservation: NewReservation) throws -> Reservation
    /// Marks it cancelled on `cancelledOn` (the listing's date) with its refund, frees its
    /// nights and logs the change.
    func cancelReservation(_ reservation: Reservation, at instant: Instant, on cancelledOn: CalendarDate,
                           refund: Refund) throws
    /// Idempotent. The listing must exist (the service checks, in the same transaction).
    func saveToWishlist(_ listing: ListingID, of guest: GuestID, at instant: Instant) throws
    /// Idempotent.
    func removeFromWishlist(_ listing: ListingID, of guest: GuestID) throws
    /// Withdraws a pending request to book (see the extension's default).
    func withdrawRequest(_ reservation: Reservation, at instant: Instant, on date: CalendarDate) throws
}

extension BookingTransaction {
    /// Withdraws a pending request to book (the guest's cancel of it): `withdrawn`, at no
    /// cost, nights free at once. Only stores that keep requests implement it.
    public func withdrawRequest(_ reservation: Reservation, at instant: Instant, on date: CalendarDate) throws {
        preconditionFailure("this store keeps no requests to book")
    }
}
