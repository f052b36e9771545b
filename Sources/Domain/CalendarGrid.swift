/// What a listing's calendar grid needs besides dates.
public struct ListingCalendarInput: Sendable {
    public var terms: StayTerms
    /// The listing's entries covering at least `CalendarGrid.entryRange(...)`; others ignored.
    public var entries: [CalendarEntry]
    public var guests: GuestCount
    /// A chosen check-in: `checkoutAllowed` then answers for stays starting there.
    public var checkin: CalendarDate?

    public init(listing: Listing, entries: [CalendarEntry], guests: GuestCount = GuestCount(), checkin: CalendarDate? = nil) {
        self.init(terms: listing.stayTerms, entries: entries, guests: guests, checkin: checkin)
    }

    public init(terms: StayTerms, entries: [CalendarEntry], guests: GuestCount = GuestCount(), checkin: CalendarDate? = nil) {
        self.terms = terms
        self.entries = entries
        self.guests = guests
        self.checkin = checkin
    }
}

/// Builds month grids, optionally with a listing's availability, in O(days) time.
///
/// Without a chosen check-in a day is `checkinAllowed` exactly when some stay starting there
/// passes `StayValidator` (and is not in the past), and `checkoutAllowed` exactly when some
/// such stay ends there; a property test holds the grid to the validator.
///
/// The availability of a window is judged from the listing's entries over a wider range
/// (`entryRange`): from today or the day before the window, whichever is earlier (a stay
/// ending in the window may start up to a year before it, but never before today), a chosen
/// check-in before the window, and `lookahead` days after it (a check-in near the window's
/// end needs its minimum nights free beyond the window).
public enum CalendarGrid {
    public static let maxMonths = 24
    /// The months a calendar may show: years 2 through 9998. A listing grid reads one day
    /// before its window and up to `lookahead` days after it, which must still be dates
    /// (`CalendarDate` ends at 9999-12-31); a request reaching outside is refused rather than
    /// answered with fewer months than asked.
    public static let supportedMonths = YearMonth(year: 2, month: 1)!...YearMonth(year: 9998, month: 12)!

    /// Why `months` months from `start` cannot be shown, as (parameter, reason); nil when
    /// they can (for `months` within 1...maxMonths).
    public static func rangeProblem(start: YearMonth, months: Int) -> (name: String, reason: String)? {
        let bounds = "\(supportedMonths.lowerBound)...\(supportedMonths.upperBound)"
        guard supportedMonths.contains(start) else { return ("start", "must be a month in \(bounds)") }
        guard let last = start.adding(months: months - 1), supportedMonths.contains(last) else {
            let most = (supportedMonths.upperBound.year - start.year) * 12 + supportedMonths.upperBound.month - start.month + 1
            return ("months", "reaches past \(supportedMonths.upperBound): at most \(most) from \(start)")
        }
        return nil
    }
    /// Days after the window examined for free runs: longer than any allowed stay (365).
    public static let lookahead = 366

    /// The months shown: `[start.firstDay, last month's end + 1)`.
    public static func window(start: YearMonth, count: Int) -> Range<CalendarDate> {
        let first = start.firstDay
        let end = start.adding(months: count)?.firstDay ?? CalendarDate(year: 9999, month: 12, day: 31)!
        return first..<end
    }

    /// The calendar entries a listing grid needs.
    /// - Parameter today: today in the listing's zone; nil reads only from the day before
    ///   the window (check-outs early in the window then only see stays starting there).
    public static func entryRange(start: YearMonth, count: Int, checkin: CalendarDate?,
                                  today: CalendarDate? = nil) -> Range<CalendarDate> {
        let shown = window(start: start, count: count)
        return lowerBound(windowStart: shown.lowerBound, checkin: checkin, today: today)
            ..< shown.upperBound.adding(days: lookahead)
    }

    /// The earliest day whose night can belong to a stay touching the window: the day before
    /// the window, or an earlier today (a stay ending in the window may have started on any
    /// day since, up to `lookahead` days back), or an earlier chosen check-in (unless so early
    /// that no stay from it can reach the window).
    static func lowerBound(windowStart: CalendarDate, checkin: CalendarDate?, today: CalendarDate?) -> CalendarDate {
        let dayBefore = windowStart.adding(days: -1)
        let farthest = dayBefore.adding(days: -lookahead)
        var lower = dayBefore
        if let today, today < lower { lower = max(today, farthest) }
        if let checkin, checkin < lower, checkin >= farthest { lower = checkin }
        return lower
    }

    /// `count` months from `start` (1...24; larger is clamped, as is anything past 9999-12:
    /// callers refuse requests outside `supportedMonths` first).
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
            // Day by day from the month's first: dates, weekdays and state indexes advance by
            // one instead of being converted from scratch for each of up to 731 days.
            let holidays = holidayNames(in: month, language: language)
            let firstIndex = states.map { $0.index(of: first) } ?? 0
            var weekday = first.weekday
            // A month's states in one call: one retain of `states` instead of one per day.
            let bookings = states?.bookings(from: firstIndex, count: month.numberOfDays)
            var days: [CalendarDay] = []
            days.reserveCapacity(month.numberOfDays)
            for day in 1...month.numberOfDays {
                let date = CalendarDate(uncheckedYear: month.year, month: month.month, day: day)
                let holiday = holidays[day - 1]
                days.append(CalendarDay(date: date, day: day, weekday: weekday, isToday: date == today,
                                        isPast: date < today, isHoliday: holiday != nil, holidayName: holiday,
                                        booking: bookings?[day - 1]))
                weekday = weekday == 7 ? 1 : weekday + 1
            }
            result.append(CalendarMonth(year: month.year, month: month.month, title: title(month, language),
                                        leadingBlanks: (first.weekday - firstWeekday.weekday + 7) % 7, days: days))
            current = month.adding(months: 1)
        }
        return result
    }

    /// `KoreanHolidays.name(of:language:)` for each day of `month` (index 0 = day 1).
    static func holidayNames(in month: YearMonth, language: Language) -> [String?] {
        namesByMonth[monthKey(month, language)] ?? lookUpHolidayNames(in: month, language: language)
    }

    private static func monthKey(_ month: YearMonth, _ language: Language) -> Int {
        (month.year * 12 + month.month - 1) * 2 + (language == .ko ? 0 : 1)
    }

    /// The names of every month whose lunar holidays are known, built once: a calendar
    /// shows up to 24 months per request, and each lookup joins names into new strings.
    private static let namesByMonth: [Int: [String?]] = {
        var table: [Int: [String?]] = [:]
        for year in KoreanHolidays.lunarYears {
            for number in 1...12 {
                let month = YearMonth(year: year, month: number)!
                for language in Language.allCases {
                    table[monthKey(month, language)] = lookUpHolidayNames(in: month, language: language)
                }
            }
        }
        return table
    }()

    /// Looked up only for the month's few holidays rather than for every day.
    private static func lookUpHolidayNames(in month: YearMonth, language: Language) -> [String?] {
        var names = [String?](repeating: nil, count: month.numberOfDays)
        for holiday in KoreanHolidays.holidays(in: month.year)
        where holiday.date.month == month.month && names[holiday.date.day - 1] == nil {
            names[holiday.date.day - 1] = KoreanHolidays.name(of: holiday.date, language: language)
        }
        return names
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

/// Per-day facts of one listing over an extended range, each array computed in one pass
/// and addressed by the day's index from `lower`. A class: the grid asks it about every
/// day, and a struct of eight arrays would be retained field by field on each call.
final class ListingDayStates {
    let lower: CalendarDate
    /// `lower` as an epoch day: index i is epoch day `lowerDay + i`.
    let lowerDay: Int
    let today: CalendarDate
    let input: ListingCalendarInput
    /// Where each day's entry is in `input.entries`, plus one; 0 for a day without one. Four
    /// bytes a day: an array of optional entries (80 bytes a day) cost more to fill than the
    /// rest of the grid.
    let entrySlots: [Int32]
    /// The extra-guest fee added to every night (`NightlyPricer.extraGuestFeePerNight`).
    let fee: Int64
    let nightFree: [Bool]
    /// Free nights in a row starting at each day (truncated at the end of the range).
    let freeRun: [Int]
    /// The first index >= i whose day is not closed to departure; count when none.
    let nextDeparture: [Int]
    /// Whether some valid stay (`StayValidator`'s rules, not before today) ends on each day,
    /// ignoring a chosen check-in.
    let stayEnds: [Bool]
    /// Index of the chosen check-in (may be negative or past the range).
    let checkinIndex: Int?
    /// Index of today (negative when today is before the range).
    let todayIndex: Int
    /// Index of the listing's `availableUntil` (`Int.max` without one).
    let untilIndex: Int

    init(input: ListingCalendarInput, window: Range<CalendarDate>, today: CalendarDate) {
        let lower = CalendarGrid.lowerBound(windowStart: window.lowerBound, checkin: input.checkin, today: today)
        let upper = window.upperBound.adding(days: CalendarGrid.lookahead)
        let lowerDay = lower.daysSinceEpoch
        let count = upper.daysSinceEpoch - lowerDay
        self.lower = lower
        self.lowerDay = lowerDay
        self.today = today
        self.input = input
        checkinIndex = input.checkin.map { $0.daysSinceEpoch - lowerDay }

        var entrySlots = [Int32](repeating: 0, count: count)
        for (position, entry) in input.entries.enumerated() {
            let index = entry.date.daysSinceEpoch - lowerDay
            if index >= 0, index < count { entrySlots[index] = Int32(truncatingIfNeeded: position + 1) }
        }
        // Not the method: `self` is not initialized yet.
        @inline(__always) func entry(_ index: Int) -> CalendarEntry? {
            let slot = Int(entrySlots[index])
            return slot == 0 ? nil : input.entries[slot - 1]
        }
        fee = NightlyPricer(rules: input.terms.pricing, entries: [], guests: input.guests).extraGuestFeePerNight
        let todayIndex = today.daysSinceEpoch - lowerDay
        self.todayIndex = todayIndex
        let untilIndex = input.terms.availableUntil.map { $0.daysSinceEpoch - lowerDay } ?? .max
        self.untilIndex = untilIndex
        var nightFree = [Bool](repeating: false, count: count)
        for index in 0..<count {
            nightFree[index] = index >= todayIndex && index < untilIndex
                && (entry(index)?.status ?? .available) == .available
        }
        var freeRun = [Int](repeating: 0, count: count + 1)
        var nextDeparture = [Int](repeating: count, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            freeRun[index] = nightFree[index] ? freeRun[index + 1] + 1 : 0
            nextDeparture[index] = entry(index)?.closedToDeparture == true ? nextDeparture[index + 1] : index
        }
        // Each possible check-in c contributes the interval of check-outs its rules allow,
        // [c + min, c + min(max, free nights from c)]; a difference array adds them all up
        // in one pass, so the grid stays linear in days however long the stays may be.
        var starts = [Int32](repeating: 0, count: count + 2)
        for index in 0..<count where nightFree[index] && entry(index)?.closedToArrival != true {
            let minNights = max(entry(index)?.minNights ?? input.terms.minNights, 1)
            let maxNights = min(entry(index)?.maxNights ?? input.terms.maxNights, StayParameters.maxNights)
            let first = index + minNights, last = index + min(maxNights, freeRun[index])
            guard first <= last else { continue }
            starts[first] += 1
            starts[last + 1] -= 1
        }
        var stayEnds = [Bool](repeating: false, count: count)
        var open: Int32 = 0
        for index in 0..<count {
            open += starts[index]
            stayEnds[index] = open > 0 && entry(index)?.closedToDeparture != true
        }
        self.stayEnds = stayEnds
        self.entrySlots = entrySlots
        self.nightFree = nightFree
        self.freeRun = freeRun
        self.nextDeparture = nextDeparture
    }

    func index(of date: CalendarDate) -> Int { lower.days(until: date) }

    @inline(__always) private func entry(_ index: Int) -> CalendarEntry? {
        let slot = Int(entrySlots[index])
        return slot == 0 ? nil : input.entries[slot - 1]
    }

    private func limits(_ index: Int) -> (min: Int, max: Int) {
        (entry(index)?.minNights ?? input.terms.minNights, entry(index)?.maxNights ?? input.terms.maxNights)
    }

    /// Why no stay can start at `index`, or nil when one can.
    private func checkinProblem(_ index: Int) -> UnavailableReason? {
        if index < todayIndex { return .past }
        if !nightFree[index] {
            // A guest's stay is the more useful thing to say, even past the window.
            if entry(index)?.status == .booked { return .booked }
            return index >= untilIndex ? .beyondWindow : .blocked
        }
        if entry(index)?.closedToArrival == true { return .closedToArrival }
        let (minNights, maxNights) = limits(index)
        let lastCheckout = index + min(maxNights, StayParameters.maxNights, freeRun[index])
        let firstCheckout = index + max(minNights, 1)
        guard firstCheckout <= lastCheckout,
              firstCheckout >= nightFree.count || nextDeparture[firstCheckout] <= lastCheckout else {
            return .minNightsUnreachable
        }
        return nil
    }

    /// The states of `count` days from `index` (inside the shown window).
    func bookings(from index: Int, count: Int) -> [DayBooking] {
        var result: [DayBooking] = []
        result.reserveCapacity(count)
        for offset in 0..<count {
            result.append(booking(at: index + offset))
        }
        return result
    }

    /// The day `index` days after `lower`, priced here: only shown days need a price, not
    /// the whole range.
    private func booking(at index: Int) -> DayBooking {
        let (minNights, maxNights) = limits(index)
        let problem = checkinProblem(index)
        let closedToDeparture = entry(index)?.closedToDeparture == true
        let checkoutAllowed: Bool
        if let checkin = input.checkin, let start = checkinIndex {
            let nights = index - start
            if start < 0 || nights < 1 || closedToDeparture {
                checkoutAllowed = false
            } else {
                let (startMin, startMax) = limits(start)
                checkoutAllowed = checkin >= today && entry(start)?.closedToArrival != true
                    && nights >= startMin && nights <= min(startMax, StayParameters.maxNights)
                    && freeRun[start] >= nights
            }
        } else {
            checkoutAllowed = stayEnds[index]
        }
        let price = NightlyPricer.basePrice(override: entry(index)?.price,
                                            isWeekendNight: CalendarDate.isWeekendNight(epochDay: lowerDay + index),
                                            rules: input.terms.pricing) + fee
        return DayBooking(available: nightFree[index], price: price, minNights: minNights,
                          maxNights: maxNights, checkinAllowed: problem == nil, checkoutAllowed: checkoutAllowed,
                          unavailableReason: problem)
    }
}
