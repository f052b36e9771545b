import Crypto
import Synchronization

/// What `BookingService.book` did.
public enum BookingOutcome<Receipt: BookingReceipt>: Sendable {
    /// A new reservation, and the receipt stored for replays.
    case created(Reservation, receipt: Receipt)
    /// The same guest sent the same request with the same key before: the reservation it
    /// made then and the receipt stored with it.
    case replayed(ReservationID, receipt: Receipt)
}

/// Bookings made and cancelled by this process (for metrics). Lock-free.
public final class BookingCounters: Sendable {
    private let createdCount = Atomic<UInt64>(0)
    private let cancelledCount = Atomic<UInt64>(0)

    public init() {}

    /// Reservations created (replays of an idempotent request not counted).
    public var created: UInt64 { createdCount.load(ordering: .relaxed) }
    /// Reservations cancelled (cancelling a cancelled one again not counted).
    public var cancelled: UInt64 { cancelledCount.load(ordering: .relaxed) }

    func recordCreated() { createdCount.wrappingAdd(1, ordering: .relaxed) }
    func recordCancelled() { cancelledCount.wrappingAdd(1, ordering: .relaxed) }
}

/// Booking, trips and cancellation. Immutable and `Sendable`; safe from any thread.
///
/// Every change runs in one `BookingStore.write` unit of work, so a booking's checks and
/// writes (idempotency key, calendar, reservation, nights, change log) land together or
/// not at all, and a request rejected for any reason writes nothing.
public final class BookingService: Sendable {
    private let store: any BookingStore
    private let dateProvider: any DateProvider
    private let pricing: PricingConfiguration
    /// The zone "today" is taken in to split trips into upcoming and past.
    private let tripsTimeZone: String
    /// Counted after each committed booking and cancellation.
    public let counters = BookingCounters()

    /// How long a request to book holds its nights (`--request-expiry`), seconds.
    private let requestExpirySeconds: Int64

    public init(store: any BookingStore, dateProvider: any DateProvider, pricing: PricingConfiguration = .standard,
                tripsTimeZone: String = "Asia/Seoul", requestExpirySeconds: Int64 = RequestToBook.defaultExpirySeconds) {
        self.requestExpirySeconds = requestExpirySeconds
        self.store = store
        self.dateProvider = dateProvider
        self.pricing = pricing
        self.tripsTimeZone = tripsTimeZone
    }

    /// Books `request` for `guest` under `key`.
    ///
    /// - A key this guest used before with the same request: `.replayed` with the first
    ///   call's receipt, even if that reservation was cancelled since; nothing is booked.
    ///   With a different request: `.idempotencyKeyReused` (422).
    /// - Otherwise validates exactly as a quote does (`Quote.validated`: 400, 404, 409
    ///   `unavailableDates`, 422), then `.priceChanged` (409) when the total differs from
    ///   `expectedTotal`; then inserts. The store's unique night key turns a lost race into
    ///   `.unavailableDates` naming the nights taken.
    /// - `receipt` makes the caller's receipt of the new reservation (localized); it is stored
    ///   with the key in the same transaction, so a replay answers what the first call did.
    public func book<Receipt: BookingReceipt>(_ request: BookingRequest, guest: GuestID, key: IdempotencyKey,
                                              language: Language, receipt: (Reservation) throws -> Receipt)
        throws -> BookingOutcome<Receipt> {
        try Quote.checkLength(of: request.stay)
        let fingerprint = SHA256.hash(Array(request.canonicalText.utf8))
        let outcome: BookingOutcome<Receipt> = try store.write { transaction in
            if let record = try transaction.idempotencyRecord(of: guest, key: key) {
                guard record.requestFingerprint == fingerprint else { throw StaysError.idempotencyKeyReused }
                return .replayed(record.reservationID, receipt: try Receipt(recorded: record.responseBody))
            }
            guard let (listing, entries) = try transaction.listingAndCalendar(
                request.listingID, in: Quote.calendarRange(of: request.stay)) else {
                throw StaysError.listingNotFound(request.listingID)
            }
            let quote = try Quote.validated(listing: listing, entries: entries, stay: request.stay,
                                            guests: request.guests, today: dateProvider.today(in: listing.timeZone),
                                            configuration: pricing, language: language)
            guard quote.total == request.expectedTotal else { throw StaysError.priceChanged(quote) }
            let now = dateProvider.now()
            let start = RequestToBook(instantBook: listing.instantBook, createdAt: now,
                                      expirySeconds: requestExpirySeconds)
            let reservation = try transaction.insertReservation(NewReservation(
                guestID: guest, quote: quote, cancellationPolicy: listing.cancellationPolicy, createdAt: now,
                requestExpiresAt: start.expiresAt))
            let localized = reservation.asOf(now).localized(in: language)
            let made = try receipt(localized)
            try transaction.storeIdempotencyRecord(
                IdempotencyRecord(requestFingerprint: fingerprint, reservationID: reservation.id,
                                  responseBody: made.recorded),
                of: guest, key: key, at: now)
            return .created(localized, receipt: made)
        }
        if case .created = outcome { counters.recordCreated() }
        return outcome
    }

    /// The guest's reservation; `.reservationNotFound` for an unknown id or another guest's.
    public func reservation(_ id: ReservationID, guest: GuestID, language: Language) throws -> Reservation {
        guard let reservation = try store.read({ try $0.reservation(id, of: guest) }) else {
            throw StaysError.reservationNotFound(id)
        }
        return reservation.asOf(dateProvider.now()).localized(in: language)
    }

    /// A page of the guest's trips (see `BookingReads.trips`).
    public func trips(guest: GuestID, after cursor: TripCursor?, limit: Int, language: Language) throws -> TripPage {
        let today = dateProvider.today(in: tripsTimeZone)
        var page = try store.read { try $0.trips(of: guest, today: today, after: cursor, limit: limit) }
        page.reservations = page.reservations.map { $0.localized(in: language) }
        return page
    }

    /// Cancels the guest's reservation: frees its nights at once and refunds by its policy,
    /// counted from today in the listing's time zone. Cancelling a cancelled reservation
    /// answers it unchanged. `.stayEnded` (409) once its checkout day has come;
    /// `.reservationNotFound` (404) for an unknown id or another guest's.
    public func cancel(_ id: ReservationID, guest: GuestID, language: Language) throws -> Reservation {
        var changed = false
        let result = try store.write { transaction in
            guard let reservation = try transaction.reservation(id, of: guest) else {
                throw StaysError.reservationNotFound(id)
            }
            changed = false   // a retried unit of work starts over
            if reservation.status == .cancelled { return reservation.localized(in: language) }
            let today = dateProvider.today(in: reservation.listing.timeZone)
            let now = dateProvider.now()
            if let request = reservation.request, request.status(at: now) != .confirmed {
                // A pending request is withdrawn at no cost; one already ended stays as it is.
                guard request.status(at: now) == .requested else { return reservation.asOf(now).localized(in: language) }
                try transaction.withdrawRequest(reservation, at: now, on: today)
                guard let withdrawn = try transaction.reservation(id, of: guest) else {
                    throw StaysError.reservationNotFound(id)
                }
                changed = true
                return withdrawn.localized(in: language)
            }
            guard today < reservation.stay.checkout else { throw StaysError.stayEnded(id) }
            let refund = Refund(policy: reservation.cancellationPolicy, stay: reservation.stay,
                                nightlyPrices: reservation.nightlyPrices, lineItems: reservation.lineItems,
                                cancelledOn: today)
            try transaction.cancelReservation(reservation, at: dateProvider.now(), on: today, refund: refund)
            guard let cancelled = try transaction.reservation(id, of: guest) else { throw StaysError.reservationNotFound(id) }
            changed = true
            return cancelled.localized(in: language)
        }
        if changed { counters.recordCancelled() }
        return result
    }

    /// What cancelling the guest's reservation now would refund, without cancelling: the
    /// refund `cancel` records when called today (same policy, prices and date), or, for a
    /// reservation already cancelled, the refund it got. `.stayEnded` (409) once its
    /// checkout day has come, as `cancel`; `.reservationNotFound` (404) as `reservation`.
    public func cancellationPreview(_ id: ReservationID, guest: GuestID, language: Language) throws
        -> (reservation: Reservation, refund: Refund) {
        let reservation = try self.reservation(id, guest: guest, language: language)
        if let refund = reservation.refund { return (reservation, refund) }
        let today = dateProvider.today(in: reservation.listing.timeZone)
        guard today < reservation.stay.checkout else { throw StaysError.stayEnded(id) }
        let refund = Refund(policy: reservation.cancellationPolicy, stay: reservation.stay,
                            nightlyPrices: reservation.nightlyPrices, lineItems: reservation.lineItems,
                            cancelledOn: today, language: language)
        return (reservation, refund)
    }
}
