import Foundation

/// Tells what date it is today in a given IANA time zone.
///
/// Implementations are `Sendable` and compute the date on every call (never cached at
/// start-up), so a long-running server rolls over at each zone's midnight.
public protocol DateProvider: Sendable {
    /// Today's calendar date in `timeZone` (an IANA name such as `Asia/Seoul`). Unknown
    /// names are treated as UTC, so a bad zone in the data never fails a request.
    func today(in timeZone: String) -> CalendarDate
}

/// The real clock: `Date()` converted with the Gregorian calendar in the requested zone.
public struct SystemDateProvider: DateProvider {
    public init() {}

    public func today(in timeZone: String) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        guard let year = parts.year, let month = parts.month, let day = parts.day,
              let date = CalendarDate(year: year, month: month, day: day) else {
            // Foundation always fills these for the Gregorian calendar; fall back to UTC days.
            return CalendarDate(daysSinceEpoch: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
        }
        return date
    }
}

/// A clock stuck on one date in every time zone (`--today YYYY-MM-DD`, tests).
public struct FixedDateProvider: DateProvider {
    public let date: CalendarDate
    public init(_ date: CalendarDate) { self.date = date }
    public func today(in timeZone: String) -> CalendarDate { date }
}
