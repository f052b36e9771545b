import Foundation

/// Tells what date it is today in a given IANA time zone.
///
/// Implementations are `Sendable` and compute the date on every call (never cached at
/// start-up), so a long-running server rolls over at each zone's midnight.
public protocol DateProvider: Sendable {
    /// Today's calendar date in `timeZone` (an IANA name such as `Asia/Seoul`). Unknown
    /// names are treated as UTC, so a bad zone in the data never fails a request.
    func today(in timeZone: String) -> CalendarDate
    /// The current instant (for `createdAt` stamps). Defaults to the system clock.
    func now() -> Instant
}

extension DateProvider {
    public func now() -> Instant {
        Instant(millisecondsSinceEpoch: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}

/// The real clock: `Date()` shifted by the requested zone's UTC offset at that instant
/// (daylight saving included), as a proleptic Gregorian date. An unknown zone is UTC.
public struct SystemDateProvider: DateProvider {
    public init() {}

    public func today(in timeZone: String) -> CalendarDate {
        let now = Date()
        let zone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        // Whole seconds since the epoch in local wall-clock time; a Foundation calendar
        // computation here cost more than the rest of a quote's domain logic.
        let local = now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))
        return CalendarDate(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }
}

/// A clock stuck on one date in every time zone (`--today YYYY-MM-DD`, tests).
public struct FixedDateProvider: DateProvider {
    public let date: CalendarDate
    public init(_ date: CalendarDate) { self.date = date }
    public func today(in timeZone: String) -> CalendarDate { date }
}
