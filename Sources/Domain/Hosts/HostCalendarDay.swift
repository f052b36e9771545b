/// Why a night is not available, as the host's calendar says it.
public enum HostUnavailability: Hashable, Sendable {
    case reservation(ReservationID)
    case request(ReservationID)
    case blockedByHost
    case imported(source: String)
    /// The calendar says booked but no hold of Stays names the night (demo or imported
    /// data from before holds were recorded).
    case booked
}

/// One day of the host's calendar (`GET /host/listings/{id}/calendar`).
public struct HostCalendarDay: Hashable, Sendable {
    public var date: CalendarDate
    /// The night's price before extra-guest fees (the override, else the weekend or base
    /// price); nil for a draft without a base price and no override.
    public var price: Int64?
    /// The host set this night's price (`price: null` in a change removes it).
    public var priceIsOverride: Bool
    public var available: Bool
    public var minNights: Int
    public var maxNights: Int
    public var closedToArrival: Bool
    public var closedToDeparture: Bool
    /// Set exactly when `available` is false.
    public var unavailableBecause: HostUnavailability?
    /// Before today in the listing's zone: shown, not editable.
    public var isPast: Bool
    /// After the availability window: not bookable yet, but the host's settings show.
    public var isBeyondWindow: Bool
}

/// The host's view of a listing's calendar, day by day: a pure function of the listing,
/// its stored entries and its holds.
public enum HostCalendar {
    /// One day per date of `range`, in order. A hold wins over the entry's status (a
    /// reservation is the more useful thing to say than `booked`); among holds of one
    /// night, a reservation over a request over an import.
    public static func days(in range: Range<CalendarDate>, content: HostListingContent, entries: [CalendarEntry],
                            holds: [NightHold], today: CalendarDate) -> [HostCalendarDay] {
        var entryByDate: [CalendarDate: CalendarEntry] = [:]
        for entry in entries where range.contains(entry.date) { entryByDate[entry.date] = entry }
        var holdByDate: [CalendarDate: NightHolder] = [:]
        for hold in holds where range.contains(hold.date) {
            if let existing = holdByDate[hold.date], rank(existing) <= rank(hold.holder) { continue }
            holdByDate[hold.date] = hold.holder
        }
        let lastOpen = content.lastOpenNight(today: today)
        var days: [HostCalendarDay] = []
        var date = range.lowerBound
        while date < range.upperBound {
            let entry = entryByDate[date] ?? CalendarEntry(date: date)
            let reason: HostUnavailability?
            switch holdByDate[date] {
            case .reservation(let id): reason = .reservation(id)
            case .request(let id): reason = .request(id)
            case .imported(let source): reason = .imported(source: source)
            case nil:
                switch entry.status {
                case .available: reason = nil
                case .blocked: reason = .blockedByHost
                case .booked: reason = .booked
                }
            }
            let price = entry.price ?? content.basePrice.map {
                NightlyPricer.basePrice(override: nil, isWeekendNight: date.isWeekendNight, basePrice: $0,
                                        weekendPrice: content.weekendPrice)
            }
            days.append(HostCalendarDay(
                date: date, price: price, priceIsOverride: entry.price != nil, available: reason == nil,
                minNights: entry.minNights ?? content.minNights, maxNights: entry.maxNights ?? content.maxNights,
                closedToArrival: entry.closedToArrival, closedToDeparture: entry.closedToDeparture,
                unavailableBecause: reason, isPast: date < today, isBeyondWindow: date > lastOpen))
            date = date.adding(days: 1)
        }
        return days
    }

    private static func rank(_ holder: NightHolder) -> Int {
        switch holder {
        case .reservation: 0
        case .request: 1
        case .imported: 2
        }
    }
}
