/// Writing, answering, reading and publishing reviews. Each write is one `ReviewStore.write`
/// transaction; today is always taken in the listing's time zone.
///
/// The rules, each once: the window (`ReviewWindow`), double-blind visibility
/// (`ReviewVisibility`, evaluated on read), publication when both sides have written (here,
/// in the transaction of the second review) or when the window has closed (`publishDue`, a
/// background job; reads do not wait for it), and the listing's rating (`ListingRating`,
/// recomputed by the store in the transaction that publishes).
public struct ReviewService: Sendable {
    let store: any ReviewStore
    let dateProvider: any DateProvider

    public init(store: any ReviewStore, dateProvider: any DateProvider) {
        self.store = store
        self.dateProvider = dateProvider
    }

    /// The guest's review of their stay. Another guest's (or an unknown) reservation is
    /// `StaysError.reservationNotFound`.
    public func writeGuestReview(_ draft: GuestReviewDraft, reservation id: ReservationID, guest: GuestID) throws
        -> ReviewReceipt {
        let now = dateProvider.now()
        return try store.write { transaction in
            guard let stay = try transaction.stay(id), stay.guestID == guest else { throw StaysError.reservationNotFound(id) }
            try checkWritable(stay, by: .guest, in: transaction)
            let review = NewReview(
                listingID: stay.listingID, reservationID: id, author: .guest, source: .stays, rating: draft.rating,
                categories: draft.categories, text: draft.text, language: ReviewLanguage.detect(draft.text),
                guestName: stay.guestFirstName, stayMonth: YearMonth(stay.checkin), createdAt: now,
                publishOn: stay.window.closesOn, publishedAt: nil)
            return try insert(review, of: stay, in: transaction, at: now)
        }
    }

    /// The host's review of the guest of a stay at one of their listings. A reservation at a
    /// listing the account does not own is `StaysError.reservationNotFound`.
    public func writeHostReview(_ draft: HostReviewDraft, reservation id: ReservationID, host: AccountID) throws
        -> ReviewReceipt {
        let now = dateProvider.now()
        return try store.write { transaction in
            guard let stay = try transaction.stay(id), stay.hostAccountID == host else {
                throw StaysError.reservationNotFound(id)
            }
            try checkWritable(stay, by: .host, in: transaction)
            let review = NewReview(
                listingID: stay.listingID, reservationID: id, author: .host, source: .stays, rating: draft.rating,
                categories: nil, text: draft.text, language: ReviewLanguage.detect(draft.text),
                guestName: stay.guestFirstName, stayMonth: YearMonth(stay.checkin), createdAt: now,
                publishOn: stay.window.closesOn, publishedAt: nil)
            return try insert(review, of: stay, in: transaction, at: now)
        }
    }

    /// The host's one answer to a published guest review of one of their listings.
    public func reply(to id: ReviewID, text: String, host: AccountID) throws -> ReviewReply {
        let now = dateProvider.now()
        return try store.write { transaction in
            guard let review = try transaction.review(id), review.author == .guest, review.hostAccountID == host else {
                throw ReviewError.reviewNotFound(id)
            }
            let today = dateProvider.today(in: review.timeZone)
            guard ReviewVisibility.isVisible(publishedAt: review.publishedAt, publishOn: review.publishOn, today: today) else {
                throw ReviewError.reviewNotPublished
            }
            guard !review.hasReply, try transaction.saveReply(to: id, text: text, at: now) else {
                throw ReviewError.alreadyReplied
            }
            return ReviewReply(text: text, repliedAt: now)
        }
    }

    /// A page of the listing's visible guest reviews, newest first.
    public func reviews(of listing: ListingID, after cursor: ReviewCursor?, limit: Int) throws -> ReviewPage {
        try store.read { reads in
            guard let zone = try reads.timeZone(ofListing: listing) else { throw StaysError.listingNotFound(listing) }
            let rows = try reads.visibleReviews(of: listing, today: dateProvider.today(in: zone), after: cursor,
                                                limit: limit + 1)
            let page = Array(rows.prefix(limit))
            let next = rows.count > limit ? page.last.map { ReviewCursor(createdAt: $0.createdAt, id: $0.id) } : nil
            return ReviewPage(reviews: page, nextCursor: next)
        }
    }

    /// Publishes up to `limit` reviews whose window has closed (today in each listing's
    /// zone), refreshing their listings' ratings; how many this call published. Safe to run
    /// on every server at once: each review is published by one conditional update, so a
    /// review another server published in between is skipped, and reads never depend on it
    /// (`ReviewVisibility`).
    public func publishDue(limit: Int = 500) throws -> Int {
        // The latest "today" anywhere (UTC+14) bounds every listing's; each is checked below.
        let latestToday = dateProvider.today(in: "Pacific/Kiritimati")
        let due = try store.read { try $0.unpublishedReviews(dueBy: latestToday, limit: limit) }
        var published = 0
        for review in due where review.publishOn <= dateProvider.today(in: review.timeZone) {
            let now = dateProvider.now()
            let changed = try store.write { transaction in
                // Publishing appends `review.published` in this transaction (ReviewStore).
                guard try transaction.publishReview(review.id, at: now) else { return false }
                if review.author == .guest { try transaction.refreshRating(of: review.listingID) }
                return true
            }
            if changed { published += 1 }
        }
        return published
    }

    /// Reminds each side of a completed stay, once, to write its review: from the checkout
    /// day (today in the listing's zone) while the window is open, the guest to review the
    /// listing and the host to review the guest, each only while they have not written it.
    /// Up to `limit` reminders per side; how many this call sent. Safe to run on every server
    /// at once and again after a restart: the store records each reminder with its event in
    /// one transaction under a unique key (`ReviewTransaction.remind`), so a side reminded by
    /// another server, or by an earlier run, is skipped.
    public func remindDue(limit: Int = 500) throws -> Int {
        // Today anywhere is UTC+14's or up to two days earlier (UTC-12): the bounds of every
        // open window's checkout; each stay is checked in its own zone below.
        let latestToday = dateProvider.today(in: "Pacific/Kiritimati")
        let from = latestToday.adding(days: -1 - ReviewWindow.lengthInDays)
        var sent = 0
        for audience in [ReviewAuthor.guest, .host] {
            let due = try store.read {
                try $0.dueReviewReminders(for: audience, checkoutFrom: from, through: latestToday, limit: limit)
            }
            for reminder in due where reminder.window.state(on: dateProvider.today(in: reminder.timeZone)) == .open {
                let now = dateProvider.now()
                if try store.write({ try $0.remind(audience, of: reminder.reservationID, at: now) }) { sent += 1 }
            }
        }
        return sent
    }

    private func checkWritable(_ stay: ReviewableStay, by author: ReviewAuthor, in reads: any ReviewReads) throws {
        guard stay.status == "confirmed" else { throw ReviewError.reservationNotCompleted(status: stay.status) }
        switch stay.window.state(on: dateProvider.today(in: stay.timeZone)) {
        case .beforeCheckout: throw ReviewError.beforeCheckout(opensOn: stay.window.opensOn)
        case .closed: throw ReviewError.windowClosed(closedOn: stay.window.closesOn)
        case .open: break
        }
        if try reads.hasReview(of: stay.reservationID, by: author) { throw ReviewError.alreadyReviewed }
    }

    /// Inserts the review and, when the other side has already written theirs, publishes both
    /// (double-blind: whichever comes first of both written and the window closing).
    private func insert(_ review: NewReview, of stay: ReviewableStay, in transaction: any ReviewTransaction,
                        at now: Instant) throws -> ReviewReceipt {
        let id = try transaction.insertReview(review)
        let other: ReviewAuthor = review.author == .guest ? .host : .guest
        var published = false
        if try transaction.hasReview(of: stay.reservationID, by: other) {
            published = try transaction.publishReviews(of: stay.reservationID, at: now) > 0
            try transaction.refreshRating(of: stay.listingID)
        }
        return ReviewReceipt(id: id, published: published, publishOn: stay.window.closesOn)
    }
}
