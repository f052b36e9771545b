import Domain
import HTTP1
import HTTPServer
import JSON

/// Reviews (docs/API.md, "Reviews"): a guest reviews their completed stay, the listing's host
/// reviews the guest and answers published reviews, anyone reads a listing's published
/// reviews. Another account's reservation or review answers 404, as an unknown one does.
struct ReviewRoutes {
    let reviews: ReviewService
    let guestAuthentication: GuestAuthentication
    let accountAuthentication: AccountAuthentication?

    static let maximumBodyBytes = 16_384

    func register(in router: inout Router) {
        router.post("/reservations/{id}/review", using: [guestAuthentication]) { [reviews] request in
            let guest = try request.authenticatedGuest()
            let id = try Self.reservationID(request)
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let rating = body.int("rating", in: Review.scoreRange)
            let scores = body.object("categories") { categories -> [Int]? in
                let values = ReviewCategory.allCases.map { categories.int($0.rawValue, in: Review.scoreRange) }
                return values.contains(nil) ? nil : values.compactMap { $0 }
            }
            let text = Self.text(&body, required: false)
            try body.finish()
            guard let rating, let scores, let categories = CategoryScores(scores), let text else {
                throw Problem.invalidParameters([])  // unreachable: finish() named each bad field
            }
            let receipt = try reviews.writeGuestReview(GuestReviewDraft(rating: rating, categories: categories, text: text),
                                                       reservation: id, guest: guest)
            return Self.created(receipt)
        }

        guard let accountAuthentication else { return }
        router.post("/host/reservations/{id}/review", using: [accountAuthentication]) { [reviews] request in
            let host = try request.signedInAccount().account.id
            let id = try Self.reservationID(request)
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let rating = body.int("rating", in: Review.scoreRange)
            let text = Self.text(&body, required: false)
            try body.finish()
            guard let rating, let text else { throw Problem.invalidParameters([]) }  // unreachable, as above
            let receipt = try reviews.writeHostReview(HostReviewDraft(rating: rating, text: text), reservation: id, host: host)
            return Self.created(receipt)
        }

        router.post("/host/reviews/{id}/reply", using: [accountAuthentication]) { [reviews] request in
            let host = try request.signedInAccount().account.id
            guard let id = ReviewID(request.pathParameters["id"] ?? "") else { throw ReviewError.reviewNotFound(ReviewID(0)) }
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let text = Self.text(&body, required: true)
            try body.finish()
            guard let text else { throw Problem.invalidParameters([]) }  // unreachable, as above
            let reply = try reviews.reply(to: id, text: text, host: host)
            var writer = JSONWriter(capacity: 256 + text.utf8.count)
            writer.reply(reply)
            var response = HTTPResponse.json(writer.bytes, cache: .never)
            response.status = .created
            return response
        }
    }

    /// `GET /listings/{id}/reviews`: public, needs no token.
    func registerReading(in router: inout Router) {
        router.get("/listings/{id}/reviews") { [reviews] request in
            guard let id = ListingID(request.pathParameters["id"] ?? "") else {
                throw StaysError.invalidParameter("id", "must be a listing id")
            }
            var reader = QueryReader(request.query)
            let limit = reader.integer("limit", default: 10, in: 1...50)
            var cursor: ReviewCursor?
            if let token = reader.string("cursor") {
                cursor = ReviewCursorCodec.decode(token)
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of reviews") }
            }
            try reader.finish()
            let page = try reviews.reviews(of: id, after: cursor, limit: limit)
            var writer = JSONWriter(capacity: 256 + page.reviews.count * 800)
            writer.object { w in
                w.key("items")
                w.array { a in for review in page.reviews { a.review(review) } }
                w.field("nextCursor", page.nextCursor.map(ReviewCursorCodec.encode))
            }
            return .json(writer.bytes, cache: .availability)
        }
    }

    private static func reservationID(_ request: Request) throws -> ReservationID {
        // Not an id of ours cannot be the caller's reservation: 404, as for another's.
        guard let id = ReservationID(request.pathParameters["id"] ?? "") else {
            throw StaysError.reservationNotFound(ReservationID(0))
        }
        return id
    }

    /// `text`, trimmed, at most `Review.maximumTextLength` characters; empty allowed unless
    /// `required`. A missing optional text is empty.
    private static func text(_ body: inout JSONObjectReader, required: Bool) -> String? {
        let raw = required ? body.string("text") : (body.optionalString("text") ?? "")
        guard let raw else { return nil }
        let text = String(raw.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if text.count > Review.maximumTextLength {
            body.fail("text", "must be at most \(Review.maximumTextLength) characters")
            return nil
        }
        if required && text.isEmpty {
            body.fail("text", "must not be empty")
            return nil
        }
        return text
    }

    private static func created(_ receipt: ReviewReceipt) -> HTTPResponse {
        var writer = JSONWriter(capacity: 128)
        writer.object {
            $0.field("id", receipt.id.description)
            $0.field("published", receipt.published)
            $0.field("publishOn", date: receipt.publishOn)
        }
        var response = HTTPResponse.json(writer.bytes, cache: .never)
        response.status = .created
        return response
    }
}

/// The opaque `nextCursor` of a listing's reviews: (createdAt, id) of the page's last review.
enum ReviewCursorCodec {
    static func encode(_ cursor: ReviewCursor) -> String {
        CursorToken.encode("r1", createdAt: cursor.createdAt, id: cursor.id)
    }

    static func decode(_ token: String) -> ReviewCursor? {
        guard let (at, id) = CursorToken.createdAtAndID(of: token, tag: "r1"), let id = ReviewID(id) else { return nil }
        return ReviewCursor(createdAt: at, id: id)
    }
}

extension JSONWriter {
    /// One review as `GET /listings/{id}/reviews` lists it.
    mutating func review(_ review: Review) {
        object {
            $0.field("id", review.id.description)
            $0.field("source", review.source.rawValue)
            $0.field("rating", review.rating)
            $0.key("categories")
            if let categories = review.categories {
                $0.object { c in
                    for category in ReviewCategory.allCases { c.field(category.jsonName, categories[category]) }
                }
            } else {
                $0.null()
            }
            $0.field("text", review.text)
            $0.field("language", review.language?.rawValue)
            $0.field("guestName", review.guestName.isEmpty ? nil : review.guestName)
            $0.field("stayMonth", review.stayMonth.description)
            $0.field("createdAt", review.createdAt.description)
            $0.key("reply")
            if let reply = review.reply { $0.reply(reply) } else { $0.null() }
        }
    }

    mutating func reply(_ reply: ReviewReply) {
        object {
            $0.field("text", reply.text)
            $0.field("repliedAt", reply.repliedAt.description)
        }
    }

    /// A listing's category means (`ratingCategories`), null when it has none at all.
    mutating func ratingCategories(_ means: [Double?]?) {
        guard let means, means.count == ReviewCategory.allCases.count, means.contains(where: { $0 != nil }) else {
            null()
            return
        }
        object { c in
            for (category, mean) in zip(ReviewCategory.allCases, means) { c.field(category.jsonName, mean) }
        }
    }
}

extension ReviewCategory {
    /// The category's JSON member name.
    var jsonName: StaticString {
        switch self {
        case .cleanliness: "cleanliness"
        case .accuracy: "accuracy"
        case .checkin: "checkin"
        case .communication: "communication"
        case .location: "location"
        case .value: "value"
        }
    }
}
