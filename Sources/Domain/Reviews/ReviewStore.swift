/// Reviews' storage, a unit of work as `BookingStore` is: every change a request makes runs
/// in one `write` closure (one transaction), `read` sees one snapshot.
public protocol ReviewStore: Sendable {
    func write<T>(_ body: (any ReviewTransaction) throws -> T) throws -> T
    func read<T>(_ body: (any ReviewReads) throws -> T) throws -> T
}

/// What a review read can ask.
public protocol ReviewReads {
    /// The reservation with its listing's owner and zone; nil when there is none.
    func stay(_ reservation: ReservationID) throws -> ReviewableStay?
    /// The listing's time zone; nil when there is no such listing.
    func timeZone(ofListing listing: ListingID) throws -> String?
    /// The guests' reviews of `listing` visible on `today` (`ReviewVisibility`, today in the
    /// listing's zone), newest first (`createdAt`, then id, both descending), after `cursor`,
    /// at most `limit`.
    func visibleReviews(of listing: ListingID, today: CalendarDate, after cursor: ReviewCursor?, limit: Int) throws
        -> [Review]
    func review(_ id: ReviewID) throws -> StoredReviewState?
    /// Whether `author` has already reviewed the stay.
    func hasReview(of reservation: ReservationID, by author: ReviewAuthor) throws -> Bool
    /// Unpublished reviews whose `publishOn` is on or before `day`, oldest first, at most `limit`.
    func unpublishedReviews(dueBy day: CalendarDate, limit: Int) throws -> [StoredReviewState]
    /// The sides of confirmed stays checking out from `earliest` through `latest` that may
    /// still be reminded to review (`DueReviewReminder`: not reviewed, not reminded, with an
    /// account), by checkout then reservation, at most `limit`. A stay that was a request to
    /// book counts only once the host accepted it.
    func dueReviewReminders(for audience: ReviewAuthor, checkoutFrom earliest: CalendarDate,
                            through latest: CalendarDate, limit: Int) throws -> [DueReviewReminder]
}

/// What a review transaction can change, besides reading.
public protocol ReviewTransaction: ReviewReads {
    /// Inserts the review; throws `ReviewError.alreadyReviewed` when that author has one for
    /// that reservation (the unique key decides, whichever server inserted first).
    func insertReview(_ review: NewReview) throws -> ReviewID
    /// Marks the reservation's unpublished reviews published; how many it marked. Each
    /// publication appends the `review.published` event in the same transaction.
    func publishReviews(of reservation: ReservationID, at instant: Instant) throws -> Int
    /// Marks one review published if it is not yet; whether it did (false: another server did).
    func publishReview(_ id: ReviewID, at instant: Instant) throws -> Bool
    /// Records that `audience` was reminded to review the stay and appends `review.reminder`
    /// concerning that side only, in this transaction, unless that side has written its
    /// review or a reminder is already recorded (a unique key decides, whichever server
    /// inserts first); whether it did. Written once per side of a stay, however many servers
    /// run the job and however often.
    func remind(_ audience: ReviewAuthor, of reservation: ReservationID, at instant: Instant) throws -> Bool
    /// Stores the reply unless the review has one; whether it did.
    func saveReply(to review: ReviewID, text: String, at instant: Instant) throws -> Bool
    /// Recomputes the listing's stored rating, count and category means from its imported
    /// ratings and published Stays reviews (`ListingRating.combine`) and appends to the
    /// change log, so every server's search index follows.
    func refreshRating(of listing: ListingID) throws
}
