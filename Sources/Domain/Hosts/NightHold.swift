/// Who holds a night of a listing, so that no one else can book it.
public enum NightHolder: Hashable, Sendable {
    /// A confirmed reservation.
    case reservation(ReservationID)
    /// A request to book that is pending (neither decided nor past `expiresAt`).
    case request(ReservationID)
    /// A night taken on another site, from a synced calendar named `source`.
    case imported(source: String)
}

/// One held night: what the store reports for a range of a listing's calendar.
public struct NightHold: Hashable, Sendable {
    public var date: CalendarDate
    public var holder: NightHolder
    public init(date: CalendarDate, holder: NightHolder) {
        self.date = date
        self.holder = holder
    }
}
