/// A reservation or request to book as the host of its listing sees it.
///
/// Promises: `status` is the stored status; `status(at:)` is the one to show and to act on
/// (expiry evaluated on read, `ReservationLifecycle`). The price is frozen at booking, as
/// `Reservation`'s: `total` is the exact sum of `lineItems`.
public struct HostReservation: Hashable, Sendable {
    public var id: ReservationID
    public var listingID: ListingID
    public var host: AccountID
    public var guestID: GuestID
    /// The guest's first name only: the host learns no more before the stay.
    public var guestFirstName: String
    public var guests: GuestCount
    public var stay: Stay
    public var currency: CurrencyCode
    public var nightlyPrices: [NightlyPrice]
    public var lineItems: [LineItem]
    public var total: Int64
    public var cancellationPolicy: CancellationPolicy
    /// The listing's IANA zone: "today" for cancellations is a date there.
    public var listingTimeZone: String
    public var status: HostReservationStatus
    /// When a request stops holding its nights; nil for an instant booking.
    public var expiresAt: Instant?
    public var createdAt: Instant
    /// When it was accepted, declined, withdrawn, expired or cancelled.
    public var decidedAt: Instant?
    public var cancelledBy: CancelledBy?
    public var refund: Refund?

    public init(id: ReservationID, listingID: ListingID, host: AccountID, guestID: GuestID, guestFirstName: String,
                guests: GuestCount, stay: Stay, currency: CurrencyCode, nightlyPrices: [NightlyPrice],
                lineItems: [LineItem], total: Int64, cancellationPolicy: CancellationPolicy, listingTimeZone: String,
                status: HostReservationStatus, expiresAt: Instant?, createdAt: Instant, decidedAt: Instant? = nil,
                cancelledBy: CancelledBy? = nil, refund: Refund? = nil) {
        self.id = id
        self.listingID = listingID
        self.host = host
        self.guestID = guestID
        self.guestFirstName = guestFirstName
        self.guests = guests
        self.stay = stay
        self.currency = currency
        self.nightlyPrices = nightlyPrices
        self.lineItems = lineItems
        self.total = total
        self.cancellationPolicy = cancellationPolicy
        self.listingTimeZone = listingTimeZone
        self.status = status
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.decidedAt = decidedAt
        self.cancelledBy = cancelledBy
        self.refund = refund
    }

    /// The status as of `instant` (a request past `expiresAt` is `expired`).
    public func status(at instant: Instant) -> HostReservationStatus {
        ReservationLifecycle.status(stored: status, expiresAt: expiresAt, at: instant)
    }

    /// The host's payout: nil for a reservation that never became a stay (requested,
    /// declined, expired, withdrawn as of `instant`).
    public func payout(at instant: Instant, hostFeeBasisPoints: Int = HostPayout.defaultHostFeeBasisPoints)
        -> HostPayout? {
        switch status(at: instant) {
        case .confirmed, .cancelled: HostPayout(lineItems: lineItems, refund: refund, hostFeeBasisPoints: hostFeeBasisPoints)
        case .requested, .declined, .expired, .withdrawn: nil
        }
    }
}

/// Where a page of a host's reservations starts: after this (createdAt, id), newest first.
/// Reservation ids are random (they say nothing of order), so the time a reservation was
/// made orders the pages, and the id breaks ties within one millisecond.
public struct HostReservationCursor: Hashable, Sendable {
    public var createdAt: Instant
    public var id: ReservationID
    public init(createdAt: Instant, id: ReservationID) {
        self.createdAt = createdAt
        self.id = id
    }

    /// The cursor after `reservation`.
    public init(after reservation: HostReservation) {
        self.init(createdAt: reservation.createdAt, id: reservation.id)
    }

    /// Whether `reservation` comes after this cursor, newest first.
    public func precedes(_ reservation: HostReservation) -> Bool {
        (reservation.createdAt, reservation.id) < (createdAt, id)
    }
}

/// One page of a host's listings (newest first, by id) or reservations (newest first, by
/// `HostReservationCursor`).
public struct HostPage<Item: Hashable & Sendable, Cursor: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    /// Pass as `after` for the next page; nil on the last page.
    public var nextCursor: Cursor?
    public init(items: [Item], nextCursor: Cursor?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
