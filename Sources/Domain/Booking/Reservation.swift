public enum ReservationStatus: String, Hashable, Sendable {
    case confirmed, cancelled
}

/// What a trip card shows of the booked listing.
public struct TripListing: Hashable, Sendable {
    public var title: String
    public var photoURL: String?
    public var locationName: String
    public var timeZone: String
    public init(title: String, photoURL: String?, locationName: String, timeZone: String) {
        self.title = title
        self.photoURL = photoURL
        self.locationName = locationName
        self.timeZone = timeZone
    }
}

/// A booked stay. The price is frozen at booking: `nightlyPrices`, `lineItems` and `total`
/// are the quote the guest accepted, whatever the listing's prices become later.
///
/// Promises: `total` is the exact sum of `lineItems`; a `cancelled` reservation has
/// `cancelledAt` and `refund`, a `confirmed` one neither.
public struct Reservation: Hashable, Sendable {
    public var id: ReservationID
    public var guestID: GuestID
    public var listingID: ListingID
    public var listing: TripListing
    public var stay: Stay
    public var guests: GuestCount
    public var currency: CurrencyCode
    public var nightlyPrices: [NightlyPrice]
    public var lineItems: [LineItem]
    public var total: Int64
    public var cancellationPolicy: CancellationPolicy
    public var status: ReservationStatus
    public var createdAt: Instant
    public var cancelledAt: Instant?
    public var refund: Refund?

    public init(id: ReservationID, guestID: GuestID, listingID: ListingID, listing: TripListing, stay: Stay,
                guests: GuestCount, currency: CurrencyCode, nightlyPrices: [NightlyPrice], lineItems: [LineItem],
                total: Int64, cancellationPolicy: CancellationPolicy, status: ReservationStatus,
                createdAt: Instant, cancelledAt: Instant? = nil, refund: Refund? = nil,
                request: ReservationRequest? = nil) {
        self.request = request
        self.id = id
        self.guestID = guestID
        self.listingID = listingID
        self.listing = listing
        self.stay = stay
        self.guests = guests
        self.currency = currency
        self.nightlyPrices = nightlyPrices
        self.lineItems = lineItems
        self.total = total
        self.cancellationPolicy = cancellationPolicy
        self.status = status
        self.createdAt = createdAt
        self.cancelledAt = cancelledAt
        self.refund = refund
    }

    public var nights: Int { stay.nights }

    /// Set when the reservation began as a request to book (`instantBook: false`).
    public var request: ReservationRequest?
    /// Who cancelled it, when cancelled: a host's cancellation refunds everything.
    public var cancelledBy: CancelledBy?

    /// What the guest is shown as the status: the request's while it is one (or ended as
    /// one), else `status`. See `asOf(_:)` for expiry.
    public var displayStatus: String {
        guard let request, request.status != .confirmed else { return status.rawValue }
        return request.status.rawValue
    }

    /// The same reservation with its request's status as of `instant` (a request past
    /// `expiresAt` is `expired` before any job has recorded it).
    public func asOf(_ instant: Instant) -> Reservation {
        var copy = self
        if let request { copy.request?.status = request.status(at: instant) }
        return copy
    }
}

/// What a guest asks to book: the same inputs as a quote, plus the total they were shown.
public struct BookingRequest: Hashable, Sendable {
    public var listingID: ListingID
    public var stay: Stay
    public var guests: GuestCount
    /// The quote total the guest saw; the booking fails if the price has changed since.
    public var expectedTotal: Int64

    public init(listingID: ListingID, stay: Stay, guests: GuestCount, expectedTotal: Int64) {
        self.listingID = listingID
        self.stay = stay
        self.guests = guests
        self.expectedTotal = expectedTotal
    }

    /// A canonical text of every field, for the idempotency fingerprint: two requests
    /// with the same fingerprint ask for exactly the same booking.
    public var canonicalText: String {
        "v1|\(listingID)|\(stay.checkin)|\(stay.checkout)|\(guests.adults)|\(guests.children)|\(guests.infants)|\(expectedTotal)"
    }
}

/// A reservation to insert, as the booking service decided it.
public struct NewReservation: Hashable, Sendable {
    public var guestID: GuestID
    public var quote: Quote
    public var cancellationPolicy: CancellationPolicy
    public var createdAt: Instant
    /// Non-nil: the booking is a request to book that holds its nights until then.
    public var requestExpiresAt: Instant?
    public init(guestID: GuestID, quote: Quote, cancellationPolicy: CancellationPolicy, createdAt: Instant,
                requestExpiresAt: Instant? = nil) {
        self.requestExpiresAt = requestExpiresAt
        self.guestID = guestID
        self.quote = quote
        self.cancellationPolicy = cancellationPolicy
        self.createdAt = createdAt
    }
}

/// A stored idempotency key: which request it was used for, the reservation it made, and
/// the caller's receipt of it (`BookingReceipt.recorded`: opaque here; stored in the
/// `response_body` column, whose name it keeps).
public struct IdempotencyRecord: Hashable, Sendable {
    public var requestFingerprint: [UInt8]
    public var reservationID: ReservationID
    /// The receipt's recorded form.
    public var responseBody: [UInt8]
    public init(requestFingerprint: [UInt8], reservationID: ReservationID, responseBody: [UInt8]) {
        self.requestFingerprint = requestFingerprint
        self.reservationID = reservationID
        self.responseBody = responseBody
    }
}

/// Where a page of trips starts: after this (group, date, id) in the trips order.
public struct TripCursor: Hashable, Sendable {
    /// 0: upcoming and current; 1: past and cancelled.
    public var group: Int
    public var checkin: CalendarDate
    public var id: ReservationID
    public init(group: Int, checkin: CalendarDate, id: ReservationID) {
        self.group = group
        self.checkin = checkin
        self.id = id
    }
}

public struct TripPage: Hashable, Sendable {
    public var reservations: [Reservation]
    public var nextCursor: TripCursor?
    public init(reservations: [Reservation], nextCursor: TripCursor?) {
        self.reservations = reservations
        self.nextCursor = nextCursor
    }
}

extension Reservation {
    /// `new` as it reads back once inserted under `id`: confirmed, or a pending request to
    /// book until its expiry; line item labels empty, as stored (`localized` adds them). A
    /// booking answers with this instead of reading its own row back inside the write
    /// lock; `StoreContractTests` holds it to what `BookingReads.reservation` reads.
    public init(id: ReservationID, inserted new: NewReservation, listing: TripListing) {
        let quote = new.quote
        self.init(id: id, guestID: new.guestID, listingID: quote.listingID, listing: listing, stay: quote.stay,
                  guests: quote.guests, currency: quote.currency, nightlyPrices: quote.nightlyPrices,
                  lineItems: quote.lineItems.map { LineItem(kind: $0.kind, label: "", amount: $0.amount) },
                  total: quote.total, cancellationPolicy: new.cancellationPolicy, status: .confirmed,
                  createdAt: new.createdAt,
                  request: new.requestExpiresAt.map { ReservationRequest(status: .requested, expiresAt: $0) })
    }

    /// The same reservation with its line item and refund labels in `language`.
    public func localized(in language: Language) -> Reservation {
        var copy = self
        let average = PriceBreakdown.averageNightlyPrice(accommodation: nightlyPrices.reduce(Int64(0)) { $0 + $1.price },
                                                         nights: nights)
        copy.lineItems = lineItems.map {
            LineItem(kind: $0.kind, label: PriceBreakdown.label(for: $0.kind, averageNightlyPrice: average, nights: nights,
                                                                currency: currency, language: language),
                     amount: $0.amount)
        }
        copy.refund = refund.map {
            cancelledBy == .host
                ? Refund.hostCancellation(policy: cancellationPolicy, stay: stay, nightlyPrices: nightlyPrices,
                                          lineItems: lineItems, cancelledOn: stay.checkin.adding(days: -$0.daysBeforeCheckin),
                                          language: language)
                : Refund(policy: cancellationPolicy, stay: stay, nightlyPrices: nightlyPrices, lineItems: lineItems,
                         cancelledOn: stay.checkin.adding(days: -$0.daysBeforeCheckin), language: language)
        }
        return copy
    }
}
