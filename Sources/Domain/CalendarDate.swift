/// A calendar date (year, month, day) with no time and no time zone: "the 3rd of March"
/// as printed on a wall calendar in the listing's own time zone.
///
/// Promises: always a valid proleptic Gregorian date (2028-02-29 exists, 2026-02-30 cannot
/// be made); ordering and day arithmetic agree with the calendar across month and year
/// ends. A value type, `Sendable`.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil when the components do not name a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// For callers that produce valid components by construction (day 1...daysIn of a
    /// valid month).
    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01 (negative goes back).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses exactly `YYYY-MM-DD`; nil for anything else, including impossible dates.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 1 = Sunday ... 7 = Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        let offset = (daysSinceEpoch % 7 + 7) % 7
        return (offset + 4) % 7 + 1
    }

    /// Friday and Saturday nights are weekend nights (`isWeekendNight(epochDay:)`).
    public var isWeekendNight: Bool { Self.isWeekendNight(epochDay: daysSinceEpoch) }

    /// The weekend rule, written once: the night of epoch day `day` (days since 1970-01-01,
    /// negative before) is a weekend night when it is a Friday or Saturday night.
    ///
    /// Every Swift copy calls this: `isWeekendNight`, the search index (`SearchIndexDay`,
    /// `SearchIndexQuery`) and the weekend-night counts of searches. SQL cannot call Swift:
    /// `ListingSearchSQL.isWeekendNight(day:)` writes the same rule as an SQL expression,
    /// and `FastPathRuleTests` checks the two agree on every day of years 1...9999 and on
    /// the extremes of the index's `Int32` days. `@inlinable`, so that the index's loops
    /// pay nothing for the call.
    @inlinable
    public static func isWeekendNight(epochDay day: Int) -> Bool {
        let offset = ((day % 7) + 7) % 7  // 0 = Thursday (1970-01-01)
        return offset == 1 || offset == 2  // Friday, Saturday
    }

    /// How many of the nights `days` (epoch days) are weekend nights: two in every full
    /// week, then `isWeekendNight(epochDay:)` over the remainder. O(1).
    @inlinable
    public static func weekendNightCount(epochDays days: Range<Int>) -> Int {
        let weeks = days.count / 7
        var count = weeks * 2
        for day in (days.lowerBound + weeks * 7)..<days.upperBound where isWeekendNight(epochDay: day) {
            count += 1
        }
        return count
    }

    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The first day of this date's month.
    public var firstOfMonth: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
