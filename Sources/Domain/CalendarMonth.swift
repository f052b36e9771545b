/// Which weekday a calendar grid's columns start with.
public enum FirstWeekday: String, CaseIterable, Hashable, Sendable {
    case sunday, monday

    /// As `CalendarDate.weekday`: 1 = Sunday, 2 = Monday.
    public var weekday: Int { self == .sunday ? 1 : 2 }

    /// The seven weekday names in column order: `일 월 화 수 목 금 토` or `Sun Mon ...`.
    public func weekdayNames(_ language: Language) -> [String] {
        let names = language == .ko ? ["일", "월", "화", "수", "목", "금", "토"]
                                    : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let offset = weekday - 1
        return Array(names[offset...] + names[..<offset])
    }
}

/// Why a day cannot be picked as a check-in. Raw values are what clients receive.
public enum UnavailableReason: String, CaseIterable, Hashable, Sendable {
    /// Before today in the listing's time zone.
    case past
    /// Someone else's stay covers the night.
    case booked
    /// The host closed the night.
    case blocked
    /// The night is on or after the listing's `availableUntil`: the host has not opened
    /// the calendar that far yet (unlike `blocked`, the day may open later).
    case beyondWindow
    /// The night is free but guests cannot arrive that day.
    case closedToArrival
    /// The night is free but no allowed stay can start there: the free nights from this
    /// day are fewer than its minimum nights (or no allowed check-out day lies within
    /// its minimum..maximum nights).
    case minNightsUnreachable
}

/// A listing's state on one day of a calendar grid.
public struct DayBooking: Hashable, Sendable {
    /// The night of this day can be booked (not past, booked, blocked or after
    /// `availableUntil`).
    public var available: Bool
    /// The nightly price for the requested guests, extra-guest fees included.
    public var price: Int64
    /// Limits of a stay that checks in on this day.
    public var minNights: Int
    public var maxNights: Int
    /// A stay may start on this day. False exactly when `unavailableReason` is set.
    public var checkinAllowed: Bool
    /// Without a chosen check-in: some stay may end on this day (the previous night is
    /// available and the day is not closed to departure). With one: the stay from that
    /// check-in to this day is bookable as far as dates and nights are concerned.
    public var checkoutAllowed: Bool
    public var unavailableReason: UnavailableReason?
}

/// One day cell of a calendar grid.
public struct CalendarDay: Hashable, Sendable {
    public var date: CalendarDate
    /// Day of the month, 1...31.
    public var day: Int
    /// 1 = Sunday ... 7 = Saturday.
    public var weekday: Int
    public var isToday: Bool
    public var isPast: Bool
    /// A Korean public holiday (see `KoreanHolidays` for coverage).
    public var isHoliday: Bool
    public var holidayName: String?
    /// Only in a listing's calendar.
    public var booking: DayBooking?
}

/// One month of a calendar grid.
public struct CalendarMonth: Hashable, Sendable {
    public var year: Int
    public var month: Int
    /// `2026년 11월` or `November 2026`.
    public var title: String
    /// Empty cells before day 1 in the first row, 0...6, for the grid's first weekday.
    public var leadingBlanks: Int
    /// Every day of the month in order.
    public var days: [CalendarDay]
}
