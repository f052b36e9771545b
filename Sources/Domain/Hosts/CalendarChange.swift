/// One change of `PATCH /host/listings/{id}/calendar`: the nights `from...to` (both
/// inclusive) get each field the change names; fields it does not name stay as they are.
///
/// `price: null` returns the nights to the listing's default price; `minNights: null` and
/// `maxNights: null` to the listing's limits. `available: false` closes the nights
/// (`blockedByHost`); `true` opens nights the host had closed (never a guest's).
public struct CalendarChange: Hashable, Sendable {
    public var from: CalendarDate
    public var to: CalendarDate
    public var price: DraftField<Int64>
    public var available: Bool?
    public var minNights: DraftField<Int>
    public var maxNights: DraftField<Int>
    public var closedToArrival: Bool?
    public var closedToDeparture: Bool?

    public init(from: CalendarDate, to: CalendarDate, price: DraftField<Int64> = .absent, available: Bool? = nil,
                minNights: DraftField<Int> = .absent, maxNights: DraftField<Int> = .absent,
                closedToArrival: Bool? = nil, closedToDeparture: Bool? = nil) {
        self.from = from
        self.to = to
        self.price = price
        self.available = available
        self.minNights = minNights
        self.maxNights = maxNights
        self.closedToArrival = closedToArrival
        self.closedToDeparture = closedToDeparture
    }

    /// The most changes one request may carry.
    public static let maximumCount = 100

    /// Whether the change names any field at all.
    public var namesAField: Bool {
        price.isPresent || available != nil || minNights.isPresent || maxNights.isPresent
            || closedToArrival != nil || closedToDeparture != nil
    }

    /// Checks a request's changes; `invalidParameters` names every problem as
    /// `changes[i].field` (or `changes` for the list): 1 to `maximumCount` changes; each
    /// with `from <= to`, `from` not before `today` (past nights are 400), `to` not after
    /// `lastOpenNight` (the availability window), at least one field, prices within
    /// `HostListingDraft.Limits.money`, nights within `HostListingDraft.Limits.nights` and
    /// `minNights <= maxNights` when a change sets both.
    public static func validate(_ changes: [CalendarChange], today: CalendarDate,
                                lastOpenNight: CalendarDate) throws(StaysError) {
        var issues: [ParameterIssue] = []
        guard (1...maximumCount).contains(changes.count) else {
            throw .invalidParameter("changes", "must have 1 to \(maximumCount) changes")
        }
        let nights = HostListingDraft.Limits.nights, money = HostListingDraft.Limits.money
        for (index, change) in changes.enumerated() {
            func issue(_ field: String, _ reason: String) {
                issues.append(ParameterIssue(name: "changes[\(index)].\(field)", reason: reason))
            }
            if change.from > change.to { issue("to", "must not be before from (\(change.from))") }
            if change.from < today { issue("from", "must not be before today (\(today))") }
            if change.to > lastOpenNight { issue("to", "must not be after \(lastOpenNight), the end of the availability window") }
            if !change.namesAField { issue("from", "the change names no field to set") }
            if case .set(let price) = change.price, !money.contains(price) {
                issue("price", "must be 0 to \(money.upperBound) or null")
            }
            if case .set(let value) = change.minNights, !nights.contains(value) {
                issue("minNights", "must be \(nights.lowerBound) to \(nights.upperBound) or null")
            }
            if case .set(let value) = change.maxNights, !nights.contains(value) {
                issue("maxNights", "must be \(nights.lowerBound) to \(nights.upperBound) or null")
            }
            if case .set(let low) = change.minNights, case .set(let high) = change.maxNights, low > high {
                issue("maxNights", "must not be below minNights (\(low))")
            }
        }
        guard issues.isEmpty else { throw .invalidParameters(issues) }
    }
}
