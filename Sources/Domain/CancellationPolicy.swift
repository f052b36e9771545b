/// How much of a reservation is refunded when the guest cancels, by how many days before
/// check-in they cancel (counted from "today" in the listing's time zone). The amounts are
/// computed by `Refund`; see docs/API.md, "Cancellation policies".
public enum CancellationPolicy: String, CaseIterable, Hashable, Sendable {
    /// Full refund up to 1 day before check-in.
    case flexible
    /// Full refund up to 5 days before check-in. The default for imports.
    case moderate
    /// Full refund up to 14 days before check-in; half of the accommodation from 7 days.
    case strict

    /// Days before check-in from which a cancellation is refunded in full.
    public var fullRefundDays: Int {
        switch self {
        case .flexible: 1
        case .moderate: 5
        case .strict: 14
        }
    }

    /// The last date on which cancelling a stay checking in on `checkin` is refunded in
    /// full; nil when that date is already before `today`.
    public func freeCancellationDeadline(checkin: CalendarDate, today: CalendarDate) -> CalendarDate? {
        let deadline = checkin.adding(days: -fullRefundDays)
        return deadline < today ? nil : deadline
    }
}
