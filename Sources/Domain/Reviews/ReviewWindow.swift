/// When a stay may be reviewed: from its checkout day, for 14 days, counted in the listing's
/// time zone (the days are the listing's calendar dates, as `checkin`/`checkout` are).
///
/// `opensOn` is the checkout day; `closesOn`, 14 days later, is the first day on which the
/// window is closed. A review written while it is open stays hidden until the other side
/// writes theirs or the window closes (`ReviewVisibility`), so `closesOn` is also the day
/// every review of the stay is published at the latest.
public struct ReviewWindow: Hashable, Sendable {
    /// How many days the window stays open after checkout.
    public static let lengthInDays = 14

    public let opensOn: CalendarDate
    public let closesOn: CalendarDate

    public init(checkout: CalendarDate) {
        opensOn = checkout
        closesOn = checkout.adding(days: Self.lengthInDays)
    }

    public enum State: Hashable, Sendable {
        /// Today is before the checkout day: the stay is not over.
        case beforeCheckout
        case open
        /// Today is `closesOn` or later.
        case closed
    }

    /// The last day a review can be written (the day before `closesOn`): the date a reminder
    /// names.
    public var lastDay: CalendarDate { closesOn.adding(days: -1) }

    /// The window's state on `today` (a date in the listing's time zone).
    public func state(on today: CalendarDate) -> State {
        if today < opensOn { return .beforeCheckout }
        return today < closesOn ? .open : .closed
    }
}
