/// The double-blind rule: a review is visible to anyone but its author once both sides of
/// the stay have written theirs (`publishedAt` is set in that transaction, or by the
/// publishing job) or once the review window has closed, whichever comes first.
///
/// Evaluated on every read, with today in the listing's time zone, so a review becomes
/// visible on its `closesOn` day without waiting for any job. The SQL of
/// `StoreReviews` spells the same condition (`published_at IS NOT NULL OR publish_on <= today`);
/// `ReviewStoreContract` holds it to this function.
public enum ReviewVisibility {
    public static func isVisible(publishedAt: Instant?, publishOn: CalendarDate, today: CalendarDate) -> Bool {
        publishedAt != nil || publishOn <= today
    }
}
