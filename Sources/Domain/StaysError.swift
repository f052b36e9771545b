/// One problem with one request parameter, e.g. `checkout`: "must be after checkin".
///
/// `name` is the query parameter exactly as the client spelled it; `reason` is an English
/// sentence fragment meant for developers, not end users.
public struct ParameterIssue: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var reason: String
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
    public var description: String { "\(name): \(reason)" }
}

/// A booking rule a requested stay breaks (HTTP 422 in the API layer).
public enum StayRule: Hashable, Sendable {
    /// The stay is shorter than the check-in day's minimum nights.
    case minNights(required: Int)
    /// The stay is longer than the check-in day's maximum nights.
    case maxNights(allowed: Int)
    /// More adults + children than the listing accepts.
    case capacity(maxGuests: Int)
    /// Guests cannot arrive on this date.
    case closedToArrival(CalendarDate)
    /// Guests cannot leave on this date.
    case closedToDeparture(CalendarDate)

    /// A stable snake_case code for clients.
    public var code: String {
        switch self {
        case .minNights: "min_nights"
        case .maxNights: "max_nights"
        case .capacity: "capacity"
        case .closedToArrival: "closed_to_arrival"
        case .closedToDeparture: "closed_to_departure"
        }
    }

    /// An English explanation for developers.
    public var message: String {
        switch self {
        case .minNights(let required): "This stay must be at least \(required) night\(required == 1 ? "" : "s")."
        case .maxNights(let allowed): "This stay must be at most \(allowed) night\(allowed == 1 ? "" : "s")."
        case .capacity(let maxGuests): "This listing accepts at most \(maxGuests) guest\(maxGuests == 1 ? "" : "s") (adults and children)."
        case .closedToArrival(let date): "Check-in is not possible on \(date)."
        case .closedToDeparture(let date): "Check-out is not possible on \(date)."
        }
    }
}

/// Every failure a client can see from the domain services. Each case maps to exactly one
/// HTTP problem in the API layer:
///
/// | case                  | status |
/// |-----------------------|--------|
/// | `invalidParameters`   | 400    |
/// | `listingNotFound`     | 404    |
/// | `locationNotFound`    | 404    |
/// | `unavailableDates`    | 409    |
/// | `datesNotOpen`        | 409    |
/// | `stayRuleViolated`    | 422    |
/// | `unauthenticated`     | 401    |
/// | `reservationNotFound` | 404    |
/// | `priceChanged`        | 409    |
/// | `stayEnded`           | 409    |
/// | `invalidIdempotencyKey` | 400  |
/// | `idempotencyKeyReused`  | 422  |
///
/// Services declare untyped `throws`: they throw `StaysError` for these, and pass through
/// repository errors unchanged (those are server failures, HTTP 500).
public enum StaysError: Error, Hashable, Sendable {
    /// Never empty: one issue per bad parameter, in the order they were checked.
    case invalidParameters([ParameterIssue])
    case listingNotFound(ListingID)
    case locationNotFound(LocationID)
    /// Nights of the requested stay that cannot be booked, ascending. Never empty.
    case unavailableDates([CalendarDate])
    /// Every unavailable night of the stay lies on or after the listing's booking window
    /// (`availableUntil`, the first night not yet open): the host has not opened them yet.
    /// `dates` ascending, never empty.
    case datesNotOpen(availableUntil: CalendarDate, dates: [CalendarDate])
    case stayRuleViolated(StayRule)
    /// No valid bearer token: missing, malformed or unknown (the reason says which).
    case unauthenticated(String)
    /// Unknown, or another guest's (indistinguishable on purpose).
    case reservationNotFound(ReservationID)
    /// The quote's total is no longer the `expectedTotal` the guest saw; carries the
    /// current quote. Nothing was written.
    case priceChanged(Quote)
    /// The stay's checkout day has come: it can no longer be cancelled.
    case stayEnded(ReservationID)
    /// The idempotency key is missing or not 1 to 255 visible ASCII characters.
    case invalidIdempotencyKey
    /// The key was already used by this guest for a different request.
    case idempotencyKeyReused

    /// Shorthand for a single bad parameter.
    public static func invalidParameter(_ name: String, _ reason: String) -> StaysError {
        .invalidParameters([ParameterIssue(name: name, reason: reason)])
    }
}
