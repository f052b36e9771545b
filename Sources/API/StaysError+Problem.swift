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
            return Problem(type: ProblemType(kind: "listing-not-found"), status: .notFound, title: "Listing not found", detail: "There is no listing with id \(id).")
        case .locationNotFound(let id):
            return Problem(type: ProblemType(kind: "location-not-found"), status: .notFound, title: "Location not found", detail: "There is no location with id \(id).")
        case .unavailableDates(let dates):
            return Problem(type: ProblemType(kind: "dates-unavailable"), status: .conflict, title: "Dates not available",
                           detail: "Some nights of this stay cannot be booked.",
                           extra: ["unavailableDates": dates.map(\.description)])
        case .stayRuleViolated(let rule):
            return Problem(type: ProblemType(kind: "stay-rule-violated"), status: .unprocessableContent, title: "Stay not allowed", detail: rule.message, extra: ["rule": [rule.code]])
        case .unauthenticated(let reason):
            return Problem(type: ProblemType(kind: "unauthenticated"), status: .unauthorized, title: "Authentication required", detail: reason)
        case .reservationNotFound:
            // No id in the detail: an id that is not the caller's must read exactly like one
            // that does not exist.
            return Problem(type: ProblemType(kind: "reservation-not-found"), status: .notFound, title: "Reservation not found",
                           detail: "You have no reservation with this id.")
        case .priceChanged(let quote):
            var problem = Problem(type: ProblemType(kind: "price-changed"), status: .conflict, title: "Price changed",
                                  detail: "The total of this stay is now \(quote.total); nothing was booked.")
            var writer = JSONWriter(capacity: 1024)
            writer.quote(quote)
            problem.jsonMembers["currentQuote"] = writer.bytes
            return problem
        case .stayEnded:
            return Problem(type: ProblemType(kind: "stay-ended"), status: .conflict, title: "Stay has ended",
                           detail: "A reservation cannot be cancelled once its checkout day has come.")
        case .invalidIdempotencyKey:
            return Problem(type: ProblemType(kind: "invalid-idempotency-key"), status: .badRequest, title: "Invalid Idempotency-Key",
                           detail: "An Idempotency-Key header of 1 to 255 visible ASCII characters is required.")
        case .idempotencyKeyReused:
            return Problem(type: ProblemType(kind: "idempotency-key-reused"), status: .unprocessableContent, title: "Idempotency-Key reused",
                           detail: "This Idempotency-Key was already used for a different request.")
        }
    }
}

extension Problem {
    /// 400 naming every bad parameter.
    static func invalidParameters(_ params: [InvalidParam]) -> Problem {
        Problem(type: ProblemType(kind: "invalid-parameters"), status: .badRequest, title: "Invalid parameters",
                detail: "One or more parameters are missing or invalid.",
                invalidParams: params)
    }

    /// 429 with `Retry-After` (RFC 6585 §4).
    static func rateLimited(retryAfterSeconds: Int) -> Problem {
        var problem = Problem(type: ProblemType(kind: "rate-limited"), status: .tooManyRequests, title: "Too many requests",
                              detail: "Too many requests from this address; retry after \(retryAfterSeconds) s.")
        problem.headers.append(name: "Retry-After", value: String(retryAfterSeconds))
        return problem
    }
}
