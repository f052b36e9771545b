/// Why a review or a reply cannot be written. Each case is its own problem type
/// (`ReviewError+Problem` in API); an unknown or another account's reservation or review is
/// `StaysError.reservationNotFound` / `ReviewError.reviewNotFound` (404), never one of these.
public enum ReviewError: Error, Hashable, Sendable {
    /// The stay has not ended: reviews open on the checkout day.
    case beforeCheckout(opensOn: CalendarDate)
    /// The 14 days after checkout are over.
    case windowClosed(closedOn: CalendarDate)
    /// The reservation was cancelled or declined (or never confirmed): there was no stay.
    case reservationNotCompleted(status: String)
    /// This side has already reviewed this stay.
    case alreadyReviewed
    /// No such review, or not one of this host's listings.
    case reviewNotFound(ReviewID)
    /// The review is not visible yet (double-blind), or is the host's own: nothing to answer.
    case reviewNotPublished
    /// The host has already answered this review.
    case alreadyReplied
}
