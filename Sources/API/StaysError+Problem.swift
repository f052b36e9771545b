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
            return Problem(status: .notFound, title: "Listing not found", detail: "There is no listing with id \(id).",
                           type: "/problems/listing-not-found")
        case .locationNotFound(let id):
            return Problem(status: .notFound, title: "Location not found", detail: "There is no location with id \(id).",
                           type: "/problems/location-not-found")
        case .unavailableDates(let dates):
            return Problem(status: .conflict, title: "Dates not available",
                           detail: "Some nights of this stay cannot be booked.", type: "/problems/dates-unavailable",
                           extra: ["unavailableDates": dates.map(\.description)])
        case .stayRuleViolated(let rule):
            return Problem(status: .unprocessableContent, title: "Stay not allowed", detail: rule.message,
                           type: "/problems/stay-rule-violated", extra: ["rule": [rule.code]])
        case .unauthenticated(let reason):
            return Problem(status: .unauthorized, title: "Authentication required", detail: reason,
                           type: "/problems/unauthenticated")
        case .reservationNotFound:
            // No id in the detail: an id that is not the caller's must read exactly like one
            // that does not exist.
            return Problem(status: .notFound, title: "Reservation not found",
                           detail: "You have no reservation with this id.", type: "/problems/reservation-not-found")
        case .priceChanged(let quote):
            var problem = Problem(status: .conflict, title: "Price changed",
                                  detail: "The total of this stay is now \(quote.total); nothing was booked.",
                                  type: "/problems/price-changed")
            var writer = JSONWriter(capacity: 1024)
            writer.quote(quote)
            problem.jsonMembers["currentQuote"] = writer.bytes
            return problem
        case .stayEnded:
            return Problem(status: .conflict, title: "Stay has ended",
                           detail: "A reservation cannot be cancelled once its checkout day has come.",
                           type: "/problems/stay-ended")
        case .invalidIdempotencyKey:
            return Problem(status: .badRequest, title: "Invalid Idempotency-Key",
                           detail: "An Idempotency-Key header of 1 to 255 visible ASCII characters is required.",
                           type: "/problems/invalid-idempotency-key")
        case .idempotencyKeyReused:
            return Problem(status: .unprocessableContent, title: "Idempotency-Key reused",
                           detail: "This Idempotency-Key was already used for a different request.",
                           type: "/problems/idempotency-key-reused")
        }
    }
}

extension Problem {
    /// 400 naming every bad parameter.
    static func invalidParameters(_ params: [InvalidParam]) -> Problem {
        Problem(status: .badRequest, title: "Invalid parameters",
                detail: "One or more parameters are missing or invalid.", type: "/problems/invalid-parameters",
                invalidParams: params)
    }

    /// 429 with `Retry-After` (RFC 6585 §4).
    static func rateLimited(retryAfterSeconds: Int) -> Problem {
        var problem = Problem(status: .tooManyRequests, title: "Too many requests",
                              detail: "Too many requests from this address; retry after \(retryAfterSeconds) s.",
                              type: "/problems/rate-limited")
        problem.headers.append(name: "Retry-After", value: String(retryAfterSeconds))
        return problem
    }
}
