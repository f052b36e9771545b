/// What a listing's calendar grid needs besides dates.
public struct ListingCalendarInput: Sendable {
    public var listing: Listing
    /// The listing's entries covering at least `CalendarGrid.entryRange(...)`; others ignored.
    public var entries: [CalendarEntry]
    public var guests: GuestCount
    /// A chosen check-in: `checkoutAllowed` then answers for stays starting there.
    public var checkin: CalendarDate?

    public init(listing: Listing, entries: [CalendarEntry], guests: GuestCount = GuestCount(), checkin: CalendarDate? = nil) {
        self.listing = listing
        self.entries = entries
        self.guests = guests
        self.checkin = checkin
    }
}

/// Builds month grids, optionally with a listing's availability, in O(days) time.
///
/// The availability of a window is judged from the listing's entries over a wider range
/// (`entryRange`): one day before the window (a check-out on the first day depends on the
/// night before), a chosen check-in before the window, and `lookahead` days after it (a
/// check-in near the window's end needs its minimum nights free beyond the window).
public enum CalendarGrid {
    public static let maxMonths = 24
    /// Days after the window examined for free runs: longer than any allowed stay (365).
    public static let lookahead = 366

    /// The months shown: `[start.firstDay, last month's end + 1)`.
    public static func window(start: YearMonth, count: Int) -> Range<CalendarDate> {
        let first = start.firstDay
        let end = start.adding(months: count)?.firstDay ?? CalendarDate(year: 9999, month: 12, day: 31)!
        return first..<end
    }

    /// The calendar entries a listing grid needs.
    public static func entryRange(start: YearMonth, count: Int, checkin: CalendarDate?) -> Range<CalendarDate> {
        let shown = window(start: start, count: count)
        return lowerBound(windowStart: shown.lowerBound, checkin: checkin)..<shown.upperBound.adding(days: lookahead)
    }

    /// The day before the window, or an earlier chosen check-in (unless so early that no
    /// stay from it can reach the window).
    static func lowerBound(windowStart: CalendarDate, checkin: CalendarDate?) -> CalendarDate {
        let dayBefore = windowStart.adding(days: -1)
        if let checkin, checkin < dayBefore, checkin >= dayBefore.adding(days: -lookahead) { return checkin }
        return dayBefore
    }

    /// `count` months from `start` (1...24; larger is clamped, as is anything past 9999-12).
    public static func months(start: YearMonth, count: Int, firstWeekday: FirstWeekday, today: CalendarDate,
                              language: Language, listing: ListingCalendarInput? = nil) -> [CalendarMonth] {
        let count = min(max(count, 1), maxMonths)
        let shown = window(start: start, count: count)
        let states = listing.map { ListingDayStates(input: $0, window: shown, today: today) }
        var result: [CalendarMonth] = []
        var current: YearMonth? = start
        for _ in 0..<count {
            guard let month = current else { break }
            let first = month.firstDay
            let days = (0..<month.numberOfDays).map { offset -> CalendarDay in
                let date = first.adding(days: offset)
                let holiday = KoreanHolidays.name(of: date, language: language)
                return CalendarDay(date: date, day: date.day, weekday: date.weekday, isToday: date == today,
                                   isPast: date < today, isHoliday: holiday != nil, holidayName: holiday,
                                   booking: states?.booking(on: date))
            }
            result.append(CalendarMonth(year: month.year, month: month.month, title: title(month, language),
                                        leadingBlanks: (first.weekday - firstWeekday.weekday + 7) % 7, days: days))
            current = month.adding(months: 1)
        }
        return result
    }

    public static func title(_ month: YearMonth, _ language: Language) -> String {
        switch language {
        case .ko: return "\(month.year)년 \(month.month)월"
        case .en:
            let names = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]
            return "\(names[month.month - 1]) \(month.year)"
        }
    }
}

/// Per-day facts of one listing over an extended range, each array computed in one pass.
struct ListingDayStates {
    let lower: CalendarDate
    let today: CalendarDate
    let input: ListingCalendarInput
    let pricer: NightlyPricer
    let entries: [CalendarEntry?]
    let nightFree: [Bool]
    /// Free nights in a row starting at each day (truncated at the end of the range).
    let freeRun: [Int]
    /// The first index >= i whose day is not closed to departure; count when none.
    let nextDeparture: [Int]

    init(input: ListingCalendarInput, window: Range<CalendarDate>, today: CalendarDate) {
        let lower = CalendarGrid.lowerBound(windowStart: window.lowerBound, checkin: input.checkin)
        let upper = window.upperBound.adding(days: CalendarGrid.lookahead)
        let count = lower.days(until: upper)
        self.lower = lower
        self.today = today
        self.input = input
        self.pricer = NightlyPricer(listing: input.listing, entries: input.entries, guests: input.guests)

        var entries = [CalendarEntry?](repeating: nil, count: count)
        for entry in input.entries {
            let index = lower.days(until: entry.date)
            if index >= 0, index < count { entries[index] = entry }
        }
        let until = input.listing.availableUntil
        var nightFree = [Bool](repeating: false, count: count)
        for index in 0..<count {
            let date = lower.adding(days: index)
            nightFree[index] = date >= today && (until.map { date < $0 } ?? true)
                && (entries[index]?.status ?? .available) == .available
        }
        var freeRun = [Int](repeating: 0, count: count + 1)
        var nextDeparture = [Int](repeating: count, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            freeRun[index] = nightFree[index] ? freeRun[index + 1] + 1 : 0
            nextDeparture[index] = entries[index]?.closedToDeparture == true ? nextDeparture[index + 1] : index
        }
        self.entries = entries
        self.nightFree = nightFree
        self.freeRun = freeRun
        self.nextDeparture = nextDeparture
    }

    private func limits(_ index: Int) -> (min: Int, max: Int) {
        (entries[index]?.minNights ?? input.listing.minNights, entries[index]?.maxNights ?? input.listing.maxNights)
    }

    /// Why no stay can start at `index`, or nil when one can.
    private func checkinProblem(_ index: Int) -> UnavailableReason? {
        let date = lower.adding(days: index)
        if date < today { return .past }
        if !nightFree[index] {
            return entries[index]?.status == .booked ? .booked : .blocked
        }
        if entries[index]?.closedToArrival == true { return .closedToArrival }
        let (minNights, maxNights) = limits(index)
        let lastCheckout = index + min(maxNights, freeRun[index])
        let firstCheckout = index + max(minNights, 1)
        guard firstCheckout <= lastCheckout,
              firstCheckout >= nightFree.count || nextDeparture[firstCheckout] <= lastCheckout else {
            return .minNightsUnreachable
        }
        return nil
    }

    func booking(on date: CalendarDate) -> DayBooking {
        let index = lower.days(until: date)
        let (minNights, maxNights) = limits(index)
        let problem = checkinProblem(index)
        let closedToDeparture = entries[index]?.closedToDeparture == true
        let checkoutAllowed: Bool
        if let checkin = input.checkin {
            let start = lower.days(until: checkin)
            let nights = index - start
            if start < 0 || nights < 1 || closedToDeparture {
                checkoutAllowed = false
            } else {
                let (startMin, startMax) = limits(start)
                checkoutAllowed = checkin >= today && entries[start]?.closedToArrival != true
                    && nights >= startMin && nights <= startMax && freeRun[start] >= nights
            }
        } else {
            checkoutAllowed = index > 0 && nightFree[index - 1] && !closedToDeparture
        }
        return DayBooking(available: nightFree[index], price: pricer.price(on: date), minNights: minNights,
                          maxNights: maxNights, checkinAllowed: problem == nil, checkoutAllowed: checkoutAllowed,
                          unavailableReason: problem)
    }
}
