/// One side of a completed stay that may still be reminded to review it, as the reminder
/// job finds it: the stay is confirmed, that side has not written its review, has an account
/// to tell and has not been reminded. Whether its window is open today is the job's check
/// (`ReviewWindow`, today in `timeZone`), not the store's.
public struct DueReviewReminder: Hashable, Sendable {
    public var reservationID: ReservationID
    /// The side to remind: the guest (to review the listing) or the host (to review the guest).
    public var audience: ReviewAuthor
    public var checkout: CalendarDate
    /// The listing's time zone.
    public var timeZone: String

    public init(reservationID: ReservationID, audience: ReviewAuthor, checkout: CalendarDate, timeZone: String) {
        self.reservationID = reservationID
        self.audience = audience
        self.checkout = checkout
        self.timeZone = timeZone
    }

    public var window: ReviewWindow { ReviewWindow(checkout: checkout) }
}
