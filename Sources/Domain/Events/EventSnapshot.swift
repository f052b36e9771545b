/// What an event's data holds: the reservation or listing as it was when the event was
/// written (a snapshot, not a pointer that may change). Reservation events fill the
/// reservation fields; listing events only the listing's. A value type.
public struct EventSnapshot: Hashable, Sendable {
    public var listingID: ListingID?
    public var listingTitle: String
    public var reservationID: ReservationID?
    /// The reservation's status as of the event (`confirmed`, `cancelled`, `requested`, ...).
    public var status: String?
    public var checkin: CalendarDate?
    public var checkout: CalendarDate?
    public var guests: GuestCount?
    public var currency: CurrencyCode?
    public var total: Int64?
    /// Who cancelled (for `reservation.cancelled`).
    public var cancelledBy: CancelledBy?
    /// What the guest gets back (for `reservation.cancelled`), in `currency`.
    public var refundTotal: Int64?
    /// The guest's first name as the host may see it; empty for an anonymous guest.
    public var guestName: String
    /// For `webhook.disabled`: the endpoint, its URL and why it stopped.
    public var webhookID: WebhookID?
    public var webhookURL: String?
    public var reason: String?
    /// For `review.reminder`: the last day the review can be written, in the listing's zone.
    public var reviewBy: CalendarDate?

    public init(listingID: ListingID? = nil, listingTitle: String = "", reservationID: ReservationID? = nil,
                status: String? = nil, checkin: CalendarDate? = nil, checkout: CalendarDate? = nil, guests: GuestCount? = nil,
                currency: CurrencyCode? = nil, total: Int64? = nil, cancelledBy: CancelledBy? = nil,
                refundTotal: Int64? = nil, guestName: String = "", webhookID: WebhookID? = nil, webhookURL: String? = nil,
                reason: String? = nil, reviewBy: CalendarDate? = nil) {
        self.listingID = listingID
        self.listingTitle = listingTitle
        self.reservationID = reservationID
        self.status = status
        self.checkin = checkin
        self.checkout = checkout
        self.guests = guests
        self.currency = currency
        self.total = total
        self.cancelledBy = cancelledBy
        self.refundTotal = refundTotal
        self.guestName = guestName
        self.webhookID = webhookID
        self.webhookURL = webhookURL
        self.reason = reason
        self.reviewBy = reviewBy
    }
}
