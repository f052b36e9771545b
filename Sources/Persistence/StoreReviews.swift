import Domain

/// Reviews and the ratings they make, on either engine: `write` is one transaction
/// (`StoreEngine.write`), `read` one snapshot.
///
/// - One review per side of a stay: `UNIQUE (reservation_id, author)` decides, whichever
///   server inserts first; `insertReview` turns exactly that failure into
///   `ReviewError.alreadyReviewed`.
/// - Guest and host writing at once on two PostgreSQL servers: `insertReview` first takes
///   the dialect's transaction lock on the reservation, so the second waits for the first to
///   commit and then sees its review (READ COMMITTED), and publishes both. (SQLite's one
///   writer already runs them one after the other.)
/// - Publishing is a conditional update (`published_at IS NULL`), so the background job can
///   run on every server: a review is published, and its listing's rating refreshed, once.
/// - `refreshRating` writes `listings.rating`, `review_count` and `rating_categories` and
///   appends to the change log in the same transaction, so every server's search index
///   follows (sort by rating, `minRating`) as it follows prices.
/// - Reminders to review: `remind` inserts the side's `review_reminders` row (primary key
///   `(reservation_id, audience)`, `ON CONFLICT DO NOTHING`) and appends `review.reminder` only
///   when that insert wrote a row, in one transaction: the job may run on every server, at
///   once and again after a restart, and each side of a stay is reminded once.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreReviews<Engine: StoreEngine>: ReviewStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    public func write<T>(_ body: (any ReviewTransaction) throws -> T) throws -> T {
        try engine.write { connection in try body(StoreReviewContext<Engine>(connection)) }
    }

    public func read<T>(_ body: (any ReviewReads) throws -> T) throws -> T {
        try engine.read { connection in try body(StoreReviewContext<Engine>(connection)) }
    }
}

extension StoreEngine {
    /// Reviews and ratings (`StoreReviews`).
    public func reviewStore() -> any ReviewStore { StoreReviews(engine: self) }
}

/// One reviews transaction; valid only inside the closure it was passed to.
final class StoreReviewContext<Engine: StoreEngine>: ReviewTransaction {
    private let connection: Engine.Connection

    init(_ connection: Engine.Connection) {
        self.connection = connection
    }

    /// The six category columns, in `ReviewCategory` order.
    static var categoryColumns: [String] { ReviewCategory.allCases.map { "rating_\($0.rawValue)" } }

    // MARK: reads

    func stay(_ reservation: ReservationID) throws -> ReviewableStay? {
        try connection.fetchOne("""
            SELECT r.id, r.listing_id, r.guest_id, l.host_account_id, r.checkin, r.checkout, r.status, l.time_zone, \
            COALESCE((SELECT a.name FROM accounts a WHERE a.guest_id = r.guest_id AND a.erased_at IS NULL), '') \
            FROM reservations r JOIN listings l ON l.id = r.listing_id WHERE r.id = ?
            """, [reservation.rawValue]) { row in
            ReviewableStay(reservationID: ReservationID(row.int64(0)), listingID: ListingID(row.int64(1)),
                           guestID: GuestID(row.int64(2)), hostAccountID: row.optionalInt64(3).map(AccountID.init),
                           checkin: CalendarDate(daysSinceEpoch: row.int(4)), checkout: CalendarDate(daysSinceEpoch: row.int(5)),
                           status: row.string(6), timeZone: row.string(7),
                           guestFirstName: row.string(8).split(separator: " ").first.map(String.init) ?? "")
        }
    }

    func timeZone(ofListing listing: ListingID) throws -> String? {
        try connection.fetchOne("SELECT time_zone FROM listings WHERE id = ?", [listing.rawValue]) { $0.string(0) }
    }

    func visibleReviews(of listing: ListingID, today: CalendarDate, after cursor: ReviewCursor?, limit: Int) throws
        -> [Review] {
        // The condition is ReviewVisibility's, spelled in SQL.
        var after = ""
        var arguments: StoreArguments = [":listing": listing.rawValue, ":today": today.daysSinceEpoch, ":limit": limit]
        if let cursor {
            after = " AND (created_at < :at OR (created_at = :at AND id < :after))"
            arguments = [":listing": listing.rawValue, ":today": today.daysSinceEpoch, ":limit": limit,
                         ":at": cursor.createdAt.millisecondsSinceEpoch, ":after": cursor.id.rawValue]
        }
        return try connection.fetchAll("""
            SELECT id, listing_id, source, rating, \(Self.categoryColumns.joined(separator: ", ")), text, language, \
            guest_name, stay_month, created_at, reply_text, replied_at FROM reviews \
            WHERE listing_id = :listing AND author = 'guest' AND (published_at IS NOT NULL OR publish_on <= :today)\(after) \
            ORDER BY created_at DESC, id DESC LIMIT :limit
            """, arguments) { row in
            let scores = (4..<10).compactMap { row.optionalInt($0) }
            return Review(
                id: ReviewID(row.int64(0)), listingID: ListingID(row.int64(1)),
                source: ReviewSource(rawValue: row.string(2)) ?? .stays, rating: row.optionalInt(3),
                categories: CategoryScores(scores), text: row.string(10),
                language: row.optionalString(11).flatMap(Language.init(rawValue:)), guestName: row.string(12),
                stayMonth: YearMonth(row.string(13)) ?? YearMonth(CalendarDate(daysSinceEpoch: 0)),
                createdAt: Instant(millisecondsSinceEpoch: row.int64(14)),
                reply: row.optionalString(15).map {
                    ReviewReply(text: $0, repliedAt: Instant(millisecondsSinceEpoch: row.optionalInt64(16) ?? 0))
                })
        }
    }

    private static var selectState: String { """
        SELECT v.id, v.listing_id, v.author, l.host_account_id, l.time_zone, v.published_at, v.publish_on, \
        CASE WHEN v.reply_text IS NULL THEN 0 ELSE 1 END FROM reviews v JOIN listings l ON l.id = v.listing_id
        """ }

    private static func decodeState(_ row: Engine.Connection.Row) -> StoredReviewState {
        StoredReviewState(id: ReviewID(row.int64(0)), listingID: ListingID(row.int64(1)),
                          author: ReviewAuthor(rawValue: row.string(2)) ?? .guest,
                          hostAccountID: row.optionalInt64(3).map(AccountID.init), timeZone: row.string(4),
                          publishedAt: row.optionalInt64(5).map(Instant.init(millisecondsSinceEpoch:)),
                          publishOn: CalendarDate(daysSinceEpoch: row.int(6)), hasReply: row.int(7) == 1)
    }

    func review(_ id: ReviewID) throws -> StoredReviewState? {
        try connection.fetchOne(Self.selectState + " WHERE v.id = ?", [id.rawValue], Self.decodeState)
    }

    func hasReview(of reservation: ReservationID, by author: ReviewAuthor) throws -> Bool {
        try connection.exists("SELECT 1 FROM reviews WHERE reservation_id = ? AND author = ?",
                              [reservation.rawValue, author.rawValue])
    }

    func unpublishedReviews(dueBy day: CalendarDate, limit: Int) throws -> [StoredReviewState] {
        try connection.fetchAll(Self.selectState + " WHERE v.published_at IS NULL AND v.publish_on <= ? "
                                + "ORDER BY v.publish_on, v.id LIMIT ?", [day.daysSinceEpoch, limit], Self.decodeState)
    }

    func dueReviewReminders(for audience: ReviewAuthor, checkoutFrom earliest: CalendarDate,
                            through latest: CalendarDate, limit: Int) throws -> [DueReviewReminder] {
        // Someone to tell: the guest's account (an anonymous guest has none), or the listing's host.
        let party = audience == .guest
            ? "EXISTS (SELECT 1 FROM accounts a WHERE a.guest_id = r.guest_id AND a.erased_at IS NULL)"
            : "EXISTS (SELECT 1 FROM accounts a WHERE a.id = l.host_account_id AND a.erased_at IS NULL)"
        // A request to book keeps its reservation `confirmed` while pending: only an accepted one is a stay.
        return try connection.fetchAll("""
            SELECT r.id, r.checkout, l.time_zone FROM reservations r JOIN listings l ON l.id = r.listing_id \
            WHERE r.checkout BETWEEN :from AND :through AND r.status = 'confirmed' AND \(party) \
            AND NOT EXISTS (SELECT 1 FROM reservation_requests q WHERE q.reservation_id = r.id AND q.status <> 'accepted') \
            AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.reservation_id = r.id AND v.author = :audience) \
            AND NOT EXISTS (SELECT 1 FROM review_reminders m WHERE m.reservation_id = r.id AND m.audience = :audience) \
            ORDER BY r.checkout, r.id LIMIT :limit
            """, [":from": earliest.daysSinceEpoch, ":through": latest.daysSinceEpoch, ":audience": audience.rawValue,
                  ":limit": limit]) { row in
            DueReviewReminder(reservationID: ReservationID(row.int64(0)), audience: audience,
                              checkout: CalendarDate(daysSinceEpoch: row.int(1)), timeZone: row.string(2))
        }
    }

    // MARK: writes

    /// Takes the lock `insertReview` takes, so a review of the stay being written on another
    /// server either committed first (and is seen here) or waits for this reminder.
    func remind(_ audience: ReviewAuthor, of reservation: ReservationID, at instant: Instant) throws -> Bool {
        if let lock = connection.dialect.transactionLock {
            try connection.run(lock, [Int32(truncatingIfNeeded: reservation.rawValue), "review"])
        }
        if try hasReview(of: reservation, by: audience) { return false }
        let recorded = try connection.run("""
            INSERT INTO review_reminders (reservation_id, audience, reminded_at) VALUES (?, ?, ?) \
            ON CONFLICT (reservation_id, audience) DO NOTHING
            """, [reservation.rawValue, audience.rawValue, instant.millisecondsSinceEpoch])
        guard recorded > 0 else { return false }
        let side: EventAudience = audience == .guest ? .guest : .host
        try EventOutbox.append(.reviewReminder, reservation: reservation, only: side, at: instant, in: connection)
        return true
    }

    func insertReview(_ review: NewReview) throws -> ReviewID {
        if let lock = connection.dialect.transactionLock, let reservation = review.reservationID {
            try connection.run(lock, [Int32(truncatingIfNeeded: reservation.rawValue), "review"])
        }
        let scores: [Int?] = review.categories.map { $0.scores.map(Optional.some) } ?? Array(repeating: nil, count: 6)
        let values: [StoreValue] = [
            review.listingID.rawValue.storeValue, review.reservationID?.rawValue.storeValue ?? .null,
            review.author.rawValue.storeValue, review.source.rawValue.storeValue, review.rating.storeValue,
        ] + scores.map(\.storeValue) + [
            review.text.storeValue, review.language?.rawValue.storeValue ?? .null, review.guestName.storeValue,
            review.stayMonth.description.storeValue, review.createdAt.millisecondsSinceEpoch.storeValue,
            review.publishOn.daysSinceEpoch.storeValue, review.publishedAt?.millisecondsSinceEpoch.storeValue ?? .null,
        ]
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        do {
            return try connection.attempt {
                ReviewID(try connection.insertReturningID("""
                    INSERT INTO reviews (listing_id, reservation_id, author, source, rating, \
                    \(Self.categoryColumns.joined(separator: ", ")), text, language, guest_name, stay_month, created_at, \
                    publish_on, published_at) VALUES (\(placeholders))
                    """, .positional(values)))
            }
        } catch where Engine.failure(of: error) == .uniqueViolation {
            throw ReviewError.alreadyReviewed
        }
    }

    /// Publishing appends `review.published` about the reservation (guest and host hear of
    /// it) in the same transaction.
    func publishReviews(of reservation: ReservationID, at instant: Instant) throws -> Int {
        let published = try connection.run("""
            UPDATE reviews SET published_at = ? WHERE reservation_id = ? AND published_at IS NULL
            """, [instant.millisecondsSinceEpoch, reservation.rawValue])
        if published > 0 { try EventOutbox.append(.reviewPublished, reservation: reservation, at: instant, in: connection) }
        return published
    }

    func publishReview(_ id: ReviewID, at instant: Instant) throws -> Bool {
        guard let reservation = try connection.fetchOne("""
            UPDATE reviews SET published_at = ? WHERE id = ? AND published_at IS NULL RETURNING reservation_id
            """, [instant.millisecondsSinceEpoch, id.rawValue], { ReservationID($0.int64(0)) }) else { return false }
        try EventOutbox.append(.reviewPublished, reservation: reservation, at: instant, in: connection)
        return true
    }

    func saveReply(to review: ReviewID, text: String, at instant: Instant) throws -> Bool {
        try connection.run("UPDATE reviews SET reply_text = ?, replied_at = ? WHERE id = ? AND reply_text IS NULL",
                           [text, instant.millisecondsSinceEpoch, review.rawValue]) > 0
    }

    func refreshRating(of listing: ListingID) throws {
        try Self.refreshRating(of: listing, in: connection)
    }

    /// Recomputes the listing's stored rating from its imported ratings and its published
    /// Stays guest reviews (`ListingRating.combine`) and appends to the change log. Used by
    /// the review transactions and by the import.
    static func refreshRating(of listing: ListingID, in connection: Engine.Connection) throws {
        let sums = categoryColumns.map { "COALESCE(SUM(\($0)), 0)" }.joined(separator: ", ")
        let stays = try connection.fetchOne("""
            SELECT COUNT(*), COALESCE(SUM(rating), 0), \(sums) FROM reviews \
            WHERE listing_id = ? AND author = 'guest' AND source = 'stays' AND rating IS NOT NULL AND published_at IS NOT NULL
            """, [listing.rawValue]) { row in
            StaysRatingTally(count: row.int(0), ratingSum: row.int(1), categorySums: (2..<8).map { row.int($0) })
        } ?? StaysRatingTally()
        let imported = try connection.fetchOne("""
            SELECT review_count, rating, \(categoryColumns.joined(separator: ", ")) FROM listing_imported_ratings \
            WHERE listing_id = ?
            """, [listing.rawValue]) { row in
            ImportedRatings(reviewCount: row.int(0), rating: row.optionalDouble(1),
                            categories: (2..<8).map { row.optionalDouble($0) })
        }
        let rating = ListingRating.combine(imported: imported, stays: stays)
        _ = try connection.run("UPDATE listings SET rating = ?, review_count = ?, rating_categories = ? WHERE id = ?",
                               [rating.rating, rating.reviewCount, RatingCategoriesText.encode(rating.categories),
                                listing.rawValue])
        try ChangeLog.append(listing: listing, reason: .review, in: connection)
    }
}
