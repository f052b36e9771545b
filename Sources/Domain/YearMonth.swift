/// A month of a year, e.g. November 2026. Always valid (year 1...9999, month 1...12).
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    public init(_ date: CalendarDate) {
        self.year = date.year
        self.month = date.month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(_ text: some StringProtocol) {
        guard text.utf8.count == 7, let date = CalendarDate(text + "-01") else { return nil }
        self.init(date)
    }

    public var firstDay: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
    public var numberOfDays: Int { CalendarDate.daysIn(month: month, year: year) }

    /// The month `count` months later (earlier when negative); nil past year 9999 or before 1.
    public func adding(months count: Int) -> YearMonth? {
        let index = year * 12 + (month - 1) + count
        return YearMonth(year: index / 12, month: index % 12 + 1)
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// `YYYY-MM`.
    public var description: String { String(firstDay.description.prefix(7)) }
}
