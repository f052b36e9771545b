import Domain

/// What an imported feed blocks in a listing's window.
///
/// Promises: `nights` is sorted, without duplicates, and within `[today, windowEnd)`; it is
/// exactly the union of `events`' nights. `warnings` lists, with line numbers, what was
/// read in part or not at all (at most `ICalLimits.maxWarnings`; `warningsDropped` more).
public struct ICalImportResult: Sendable, Equatable {
    /// One `VEVENT` (one recurrence set) that blocks at least one night of the window.
    public struct Event: Sendable, Equatable {
        /// `UID`, if the event has one.
        public let uid: String?
        /// `SUMMARY`, unescaped (may carry a guest's name: do not show it beyond the host).
        public let summary: String?
        /// The line of its `BEGIN:VEVENT`.
        public let line: Int
        /// Its blocked nights as runs `[first night, morning after the last)`, ascending.
        public let nights: [Range<CalendarDate>]
    }

    public let nights: [CalendarDate]
    public let events: [Event]
    public let warnings: [ICalWarning]
    public let warningsDropped: Int
    /// `VEVENT`s in the feed, cancelled and past ones included.
    public let eventCount: Int
}
