import Domain
import HTTP1
import HTTPServer
import JSON

/// The one place where domain failures become HTTP problems (RFC 9457), each with its own
/// `type` (docs/API.md, "Problems").
extension StaysError: ProblemConvertible {
    public var problem: Problem {
        switch self {
        case .invalidParameters(let issues):
            return Problem.invalidParameters(issues.map { InvalidParam(name: $0.name, reason: $0.reason) })
        case .listingNotFound(let id):
            return Problem(type: .listingNotFound, status: .notFound, title: "Listing not found",
                           detail: "There is no listing with id \(id).")
        case .locationNotFound(let id):
            return Problem(type: .locationNotFound, status: .notFound, title: "Location not found",
                           detail: "There is no location with id \(id).")
        case .unavailableDates(let dates):
            return Problem(type: .datesUnavailable, status: .conflict, title: "Dates not available",
                           detail: "Some nights of this stay cannot be booked.",
                           extra: ["unavailableDates": dates.map(\.description)])
        case .stayRuleViolated(let rule):
            return Problem(type: .stayRuleViolated, status: .unprocessableContent, title: "Stay not allowed",
                           detail: rule.message, extra: ["rule": [rule.code]])
        case .unauthenticated(let reason):
            return Problem(type: .unauthenticated, status: .unauthorized, title: "Authentication required",
                           detail: reason)
        case .reservationNotFound:
            // No id in the detail: an id that is not the caller's must read exactly like one
            // that does not exist.
            return Problem(type: .reservationNotFound, status: .notFound, title: "Reservation not found",
                           detail: "You have no reservation with this id.")
        case .priceChanged(let quote):
            var writer = JSONWriter(capacity: 1024)
            writer.quote(quote)
            return Problem(type: .priceChanged, status: .conflict, title: "Price changed",
                           detail: "The total of this stay is now \(quote.total); nothing was booked.",
                           jsonMembers: ["currentQuote": writer.bytes])
        case .stayEnded:
            return Problem(type: .stayEnded, status: .conflict, title: "Stay has ended",
                           detail: "A reservation cannot be cancelled once its checkout day has come.")
        case .invalidIdempotencyKey:
            return Problem(type: .invalidIdempotencyKey, status: .badRequest, title: "Invalid Idempotency-Key",
                           detail: "An Idempotency-Key header of 1 to 255 visible ASCII characters is required.")
        case .idempotencyKeyReused:
            return Problem(type: .idempotencyKeyReused, status: .unprocessableContent, title: "Idempotency-Key reused",
                           detail: "This Idempotency-Key was already used for a different request.")
        }
    }
}

/// The domain's problem kinds (the HTTP layer's are on `ProblemType` in HTTPServer).
extension ProblemType {
    static let invalidParameters = ProblemType(kind: "invalid-parameters")
    static let listingNotFound = ProblemType(kind: "listing-not-found")
    static let locationNotFound = ProblemType(kind: "location-not-found")
    static let reservationNotFound = ProblemType(kind: "reservation-not-found")
    static let datesUnavailable = ProblemType(kind: "dates-unavailable")
    static let stayRuleViolated = ProblemType(kind: "stay-rule-violated")
    static let unauthenticated = ProblemType(kind: "unauthenticated")
    static let priceChanged = ProblemType(kind: "price-changed")
    static let stayEnded = ProblemType(kind: "stay-ended")
    static let invalidIdempotencyKey = ProblemType(kind: "invalid-idempotency-key")
    static let idempotencyKeyReused = ProblemType(kind: "idempotency-key-reused")
    static let notReady = ProblemType(kind: "not-ready")
}

extension Problem {
    /// 400 naming every bad parameter.
    static func invalidParameters(_ params: [InvalidParam]) -> Problem {
        Problem(type: .invalidParameters, status: .badRequest, title: "Invalid parameters",
                detail: "One or more parameters are missing or invalid.", invalidParams: params)
    }
}
