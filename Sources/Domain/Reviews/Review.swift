/// A review's id. Served as a JSON string.
public struct ReviewID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// Who wrote a review: the guest of the stay (about the listing) or the listing's host
/// (about the guest).
public enum ReviewAuthor: String, Hashable, Sendable {
    case guest, host
}

/// Where a review comes from: written in Stays after a stay, or imported with the listing
/// (Inside Airbnb's `reviews.csv`: a text without ratings) or by the demo generator.
public enum ReviewSource: String, Hashable, Sendable {
    case stays, imported
}

/// A review as `GET /listings/{id}/reviews` shows it.
public struct Review: Hashable, Sendable {
    /// Every rating, overall or by category.
    public static let scoreRange = 1...5
    /// The longest text, in characters, after trimming.
    public static let maximumTextLength = 1_000

    public var id: ReviewID
    public var listingID: ListingID
    public var source: ReviewSource
    /// 1...5; nil for an imported text without a rating.
    public var rating: Int?
    public var categories: CategoryScores?
    public var text: String
    public var language: Language?
    /// The guest's first name; empty when unknown (an anonymous guest).
    public var guestName: String
    /// The month of the stay (of the review's date for an imported one).
    public var stayMonth: YearMonth
    public var createdAt: Instant
    public var reply: ReviewReply?

    public init(id: ReviewID, listingID: ListingID, source: ReviewSource, rating: Int?, categories: CategoryScores?,
                text: String, language: Language?, guestName: String, stayMonth: YearMonth, createdAt: Instant,
                reply: ReviewReply?) {
        self.id = id
        self.listingID = listingID
        self.source = source
        self.rating = rating
        self.categories = categories
        self.text = text
        self.language = language
        self.guestName = guestName
        self.stayMonth = stayMonth
        self.createdAt = createdAt
        self.reply = reply
    }
}

/// The host's one answer to a published review.
public struct ReviewReply: Hashable, Sendable {
    public var text: String
    public var repliedAt: Instant
    public init(text: String, repliedAt: Instant) {
        self.text = text
        self.repliedAt = repliedAt
    }
}

/// What a guest writes about a stay; the route has checked the ranges and trimmed the text.
public struct GuestReviewDraft: Hashable, Sendable {
    public var rating: Int
    public var categories: CategoryScores
    public var text: String
    public init(rating: Int, categories: CategoryScores, text: String) {
        self.rating = rating
        self.categories = categories
        self.text = text
    }
}

/// What a host writes about the guest of a stay.
public struct HostReviewDraft: Hashable, Sendable {
    public var rating: Int
    public var text: String
    public init(rating: Int, text: String) {
        self.rating = rating
        self.text = text
    }
}

/// A stay as the review rules need it: whose it is, when it ended, in which zone.
public struct ReviewableStay: Hashable, Sendable {
    public var reservationID: ReservationID
    public var listingID: ListingID
    public var guestID: GuestID
    /// The listing's owner; nil for a listing no account owns (demo, import).
    public var hostAccountID: AccountID?
    public var checkin: CalendarDate
    public var checkout: CalendarDate
    /// The reservation's status as stored (`confirmed`, `cancelled`, or a later lifecycle's
    /// `declined`, ...): only a confirmed stay can be reviewed.
    public var status: String
    public var timeZone: String
    /// The first name of the guest's account; empty for an anonymous guest.
    public var guestFirstName: String

    public init(reservationID: ReservationID, listingID: ListingID, guestID: GuestID, hostAccountID: AccountID?,
                checkin: CalendarDate, checkout: CalendarDate, status: String, timeZone: String, guestFirstName: String) {
        self.reservationID = reservationID
        self.listingID = listingID
        self.guestID = guestID
        self.hostAccountID = hostAccountID
        self.checkin = checkin
        self.checkout = checkout
        self.status = status
        self.timeZone = timeZone
        self.guestFirstName = guestFirstName
    }

    public var window: ReviewWindow { ReviewWindow(checkout: checkout) }
}

/// A review to insert, as the service decided it.
public struct NewReview: Hashable, Sendable {
    public var listingID: ListingID
    public var reservationID: ReservationID?
    public var author: ReviewAuthor
    public var source: ReviewSource
    public var rating: Int?
    public var categories: CategoryScores?
    public var text: String
    public var language: Language?
    public var guestName: String
    public var stayMonth: YearMonth
    public var createdAt: Instant
    /// The day it becomes visible at the latest (the window's `closesOn`).
    public var publishOn: CalendarDate
    /// Set for a review visible at once (imported ones).
    public var publishedAt: Instant?

    public init(listingID: ListingID, reservationID: ReservationID?, author: ReviewAuthor, source: ReviewSource,
                rating: Int?, categories: CategoryScores?, text: String, language: Language?, guestName: String,
                stayMonth: YearMonth, createdAt: Instant, publishOn: CalendarDate, publishedAt: Instant?) {
        self.listingID = listingID
        self.reservationID = reservationID
        self.author = author
        self.source = source
        self.rating = rating
        self.categories = categories
        self.text = text
        self.language = language
        self.guestName = guestName
        self.stayMonth = stayMonth
        self.createdAt = createdAt
        self.publishOn = publishOn
        self.publishedAt = publishedAt
    }
}

/// What a stored review is to its reply and to the publishing job.
public struct StoredReviewState: Hashable, Sendable {
    public var id: ReviewID
    public var listingID: ListingID
    public var author: ReviewAuthor
    public var hostAccountID: AccountID?
    public var timeZone: String
    public var publishedAt: Instant?
    public var publishOn: CalendarDate
    public var hasReply: Bool

    public init(id: ReviewID, listingID: ListingID, author: ReviewAuthor, hostAccountID: AccountID?, timeZone: String,
                publishedAt: Instant?, publishOn: CalendarDate, hasReply: Bool) {
        self.id = id
        self.listingID = listingID
        self.author = author
        self.hostAccountID = hostAccountID
        self.timeZone = timeZone
        self.publishedAt = publishedAt
        self.publishOn = publishOn
        self.hasReply = hasReply
    }
}

/// Where a page of a listing's reviews starts: after this (createdAt, id), newest first.
public struct ReviewCursor: Hashable, Sendable {
    public var createdAt: Instant
    public var id: ReviewID
    public init(createdAt: Instant, id: ReviewID) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// One page of a listing's visible reviews, newest first.
public struct ReviewPage: Hashable, Sendable {
    public var reviews: [Review]
    public var nextCursor: ReviewCursor?
    public init(reviews: [Review], nextCursor: ReviewCursor?) {
        self.reviews = reviews
        self.nextCursor = nextCursor
    }
}

/// What writing a review did: its id, and whether it is visible now (the other side had
/// already written theirs) or from `window.closesOn` at the latest.
public struct ReviewReceipt: Hashable, Sendable {
    public var id: ReviewID
    public var published: Bool
    public var publishOn: CalendarDate
    public init(id: ReviewID, published: Bool, publishOn: CalendarDate) {
        self.id = id
        self.published = published
        self.publishOn = publishOn
    }
}
