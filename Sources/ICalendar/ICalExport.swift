import Domain

/// Writes a listing's unavailable nights as an iCalendar feed (RFC 5545) that other
/// channels (Airbnb, Booking.com, Vrbo, Google Calendar) import.
///
/// Promises:
/// - `VCALENDAR` with `VERSION:2.0`, `PRODID`, `CALSCALE:GREGORIAN`, `METHOD:PUBLISH`, and
///   one `VEVENT` per block, clipped to the nights `[today, windowEnd)`; a block with no
///   night left after clipping is left out.
/// - Every event is all-day: `DTSTART;VALUE=DATE` is the first night, `DTEND;VALUE=DATE`
///   the morning after the last night (exclusive, RFC 5545 3.6.1).
/// - `UID` depends only on the listing and the block's `Identity`
///   (`ICalExport.Identity.uid(listing:)`), so it is the same across requests and restarts.
/// - `SUMMARY` is `Reserved` or `Not available`; nothing about the guest is written.
/// - The same input gives the same bytes (events sorted by first night, then UID), so the
///   feed's ETag changes only when its content does; `stamp` (`DTSTAMP`) is the caller's,
///   for the same reason.
/// - Lines end in CRLF and are folded at 75 octets (`ICalLineWriter`).
/// Blocks are written as given: pass runs that do not overlap (a reservation's nights, and
/// `hostBlockRuns(nights:)` over the nights closed otherwise); two blocks over one night
/// make two events on it, which importers read as one closed night.
public struct ICalExport: Sendable {
    /// A run of unavailable nights and what holds them.
    public struct Block: Hashable, Sendable {
        /// The nights, as `[first night, morning after the last night)`.
        public var nights: Range<CalendarDate>
        public var identity: Identity

        public init(nights: Range<CalendarDate>, identity: Identity) {
            self.nights = nights
            self.identity = identity
        }
    }

    /// Why the nights are unavailable, and the stable identity the event's `UID` comes from.
    public enum Identity: Hashable, Sendable {
        /// A reservation or a booking request (same id space): `SUMMARY:Reserved`.
        case reservation(ReservationID)
        /// A run of consecutive nights the host closed, named by the run's first night
        /// (see `hostBlockRuns(nights:)`): `SUMMARY:Not available`.
        case hostBlock(firstNight: CalendarDate)

        public var summary: String {
            switch self {
            case .reservation: "Reserved"
            case .hostBlock: "Not available"
            }
        }

        /// `stays-<listing>-r<reservation id>@stays` or `stays-<listing>-b<YYYYMMDD>@stays`.
        public func uid(listing: ListingID) -> String {
            switch self {
            case .reservation(let id): "stays-\(listing)-r\(id)@stays"
            case .hostBlock(let first): "stays-\(listing)-b\(ICalValue.dateText(first))@stays"
            }
        }
    }

    public var listing: ListingID
    /// The listing's IANA time zone, written as `X-WR-TIMEZONE` (informative: all events
    /// are all-day dates, which need no zone).
    public var timeZone: String
    /// `X-WR-CALNAME`, written as an escaped TEXT value; nil leaves it out.
    public var calendarName: String?
    public var productIdentifier: String

    public init(listing: ListingID, timeZone: String, calendarName: String? = nil,
                productIdentifier: String = "-//Stays//Calendar export 1.0//EN") {
        self.listing = listing
        self.timeZone = timeZone
        self.calendarName = calendarName
        self.productIdentifier = productIdentifier
    }

    /// The feed for `blocks`, nights clipped to `[today, windowEnd)`.
    public func render(blocks: [Block], today: CalendarDate, windowEnd: CalendarDate, stamp: Instant) -> String {
        var writer = ICalLineWriter()
        writer.property("BEGIN", "VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", ICalValue.escapedText(productIdentifier))
        writer.property("CALSCALE", "GREGORIAN")
        writer.property("METHOD", "PUBLISH")
        writer.property("X-WR-TIMEZONE", ICalValue.escapedText(timeZone))
        if let calendarName { writer.property("X-WR-CALNAME", ICalValue.escapedText(calendarName)) }
        let stampText = ICalValue.utcDateTimeText(stamp)
        let events = blocks.compactMap { block -> (Range<CalendarDate>, String, Identity)? in
            let first = max(block.nights.lowerBound, today)
            let end = min(block.nights.upperBound, windowEnd)
            guard first < end else { return nil }
            return (first..<end, block.identity.uid(listing: listing), block.identity)
        }.sorted { ($0.0.lowerBound, $0.1) < ($1.0.lowerBound, $1.1) }
        for (nights, uid, identity) in events {
            writer.property("BEGIN", "VEVENT")
            writer.property("UID", ICalValue.escapedText(uid))
            writer.property("DTSTAMP", stampText)
            writer.property("DTSTART;VALUE=DATE", ICalValue.dateText(nights.lowerBound))
            writer.property("DTEND;VALUE=DATE", ICalValue.dateText(nights.upperBound))
            writer.property("SUMMARY", ICalValue.escapedText(identity.summary))
            writer.property("TRANSP", "OPAQUE")
            writer.property("END", "VEVENT")
        }
        writer.property("END", "VCALENDAR")
        return writer.text
    }

    /// Host-closed nights as blocks: one per maximal run of consecutive nights, each named
    /// by its first night. Why the first night: a host block is stored per night and has no
    /// id of its own, and the first night of a run stays the same when other nights of the
    /// calendar (reservations, other runs, the run's own later nights) change; only closing
    /// the night before the run, or opening its first night, gives the event a new UID (the
    /// channel then drops the old event and adds the new one, which is still correct).
    /// Pass nights from before `today` too when a run may have begun in the past, so that
    /// its name does not move forward day by day.
    public static func hostBlockRuns(nights: some Sequence<CalendarDate>) -> [Block] {
        let days = Set(nights.map(\.daysSinceEpoch)).sorted()
        var blocks: [Block] = []
        var index = 0
        while index < days.count {
            var last = index
            while last + 1 < days.count, days[last + 1] == days[last] + 1 { last += 1 }
            let first = CalendarDate(daysSinceEpoch: days[index])
            blocks.append(Block(nights: first..<CalendarDate(daysSinceEpoch: days[last] + 1),
                                identity: .hostBlock(firstNight: first)))
            index = last + 1
        }
        return blocks
    }
}
