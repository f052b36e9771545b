import Domain
import HTTP1
import HTTPServer

/// The one place where domain failures become HTTP problems (RFC 9457).
extension StaysError: ProblemConvertible {
    public var problem: Problem {
        switch self {
        case .invalidParameters(let issues):
            return Problem.invalidParameters(issues.map { InvalidParam(name: $0.name, reason: $0.reason) })
        case .listingNotFound(let id):
            return Problem.untyped(status: .notFound, title: "Listing not found", detail: "There is no listing with id \(id).")
        case .locationNotFound(let id):
            return Problem.untyped(status: .notFound, title: "Location not found", detail: "There is no location with id \(id).")
        case .unavailableDates(let dates):
            return Problem.untyped(status: .conflict, title: "Dates not available",
                           detail: "Some nights of this stay cannot be booked.",
                           extra: ["unavailableDates": dates.map(\.description)])
        case .stayRuleViolated(let rule):
            return Problem.untyped(status: .unprocessableContent, title: "Stay not allowed", detail: rule.message,
                           extra: ["rule": [rule.code]])
        }
    }
}

extension Problem {
    /// 400 naming every bad parameter.
    static func invalidParameters(_ params: [InvalidParam]) -> Problem {
        Problem.untyped(status: .badRequest, title: "Invalid parameters",
                detail: "One or more parameters are missing or invalid.", invalidParams: params)
    }
}
