import Domain

/// Reads an iCalendar feed (RFC 5545) from another channel into the listing's blocked
/// nights. Pure: bytes in, nights out; no I/O.
///
/// The rule for nights: nights are the listing's local dates. An event blocks night D
/// exactly when it overlaps the whole local day D, that is when
/// `start < D+1 00:00` and `end > D 00:00` on the listing's clock. For an all-day event
/// (`VALUE=DATE`) that is every date from `DTSTART` up to, not including, `DTEND`. For a
/// date-time event it errs on the side of blocking: an event from 15:00 on the 10th to
/// 11:00 on the 12th blocks the nights of the 10th, 11th and 12th (a double booking costs
/// more than a night left closed). Nights are then clipped to `[today, windowEnd)`.
///
/// What is read:
/// - times: `VALUE=DATE` dates (also bare `YYYYMMDD` without it), UTC date-times (`Z`),
///   date-times with `TZID` (see `ICalTimeZones` for how a `TZID` is resolved; an unknown
///   one is read in the listing's zone, with a warning), and floating date-times (the
///   listing's zone);
/// - the end: `DTEND`, else `DURATION`, else one day for a date and zero length for a
///   date-time; an event of zero or negative length blocks nothing;
/// - `STATUS:CANCELLED` events block nothing; events wholly before `today` block nothing;
/// - recurrences: `ICalRecurrenceRule` (DAILY/WEEKLY with COUNT/UNTIL/INTERVAL/BYDAY);
///   another rule keeps its first occurrence, with a warning; `EXDATE` removes
///   occurrences; an event with `RECURRENCE-ID` replaces that occurrence of the event with
///   the same `UID` (so a cancelled override frees it); `RDATE` is ignored, with a warning;
/// - `TRANSP` is ignored: a "free" event still blocks (channel feeds never mark blocks free).
/// Errors (`ICalParseError`) are for a feed that cannot be trusted as a whole: too large,
/// not a calendar, truncated, too many events or lines, nested too deeply. Everything else
/// is a warning.
public struct ICalImport: Sendable {
    /// The listing's IANA zone (unknown names read as UTC, as `DateProvider` does).
    public var timeZone: String
    /// The first night that can be blocked (the listing's today).
    public var today: CalendarDate
    /// The morning after the last night that can be blocked (exclusive).
    public var windowEnd: CalendarDate
    public var limits: ICalLimits

    public init(timeZone: String, today: CalendarDate, windowEnd: CalendarDate, limits: ICalLimits = ICalLimits()) {
        self.timeZone = timeZone
        self.today = today
        self.windowEnd = windowEnd
        self.limits = limits
    }

    public func read(_ feed: [UInt8]) throws(ICalParseError) -> ICalImportResult {
        guard feed.count <= limits.maxInputBytes else { throw .tooLarge(bytes: feed.count, limit: limits.maxInputBytes) }
        let lines = try ICalLineReader.read(feed, maxLineBytes: limits.maxLineBytes, maxContentLines: limits.maxContentLines)
        let calendars = try ICalComponent.calendars(from: lines.lines, limits: limits)
        let reader = ICalEventReader(import: self, calendars: calendars)
        for warning in lines.warnings { reader.warn(warning) }
        return reader.readAll()
    }
}
