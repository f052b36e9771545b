import Testing
@testable import Domain

/// The calendar's hint (`CalendarService.rangeInAnyZone`) holds the entry range of every
/// date today can be in some zone, across a month's and a year's turn, with and without a
/// chosen month and check-in: a listing in any zone is read in one go.
@Suite struct CalendarLikelyRangeTests {
    @Test(arguments: ["2026-11-30", "2026-12-31", "2028-02-29", "2027-01-01"])
    func holdsTheRangeOfEveryZonesToday(utcText: String) {
        let utcToday = date(utcText)
        let starts: [YearMonth?] = [nil, YearMonth(year: 2027, month: 1)!, YearMonth(utcToday)]
        let checkins: [CalendarDate?] = [nil, utcToday, utcToday.adding(days: 40), utcToday.adding(days: -3)]
        for start in starts {
            for checkin in checkins {
                for months in [1, 12] {
                    let range = { (today: CalendarDate) in
                        CalendarGrid.entryRange(start: start ?? YearMonth(today), count: months, checkin: checkin, today: today)
                    }
                    let likely = CalendarService.rangeInAnyZone(utcToday: utcToday, range)
                    for offset in -1...1 {
                        let zone = range(utcToday.adding(days: offset))
                        #expect(likely.lowerBound <= zone.lowerBound && zone.upperBound <= likely.upperBound,
                                "start \(String(describing: start)), checkin \(String(describing: checkin)), today \(offset)")
                    }
                    // Small: at most a month and two days beyond the UTC day's own range.
                    let utc = range(utcToday)
                    #expect(likely.lowerBound.daysSinceEpoch >= utc.lowerBound.daysSinceEpoch - 33
                            && likely.upperBound.daysSinceEpoch <= utc.upperBound.daysSinceEpoch + 33)
                }
            }
        }
    }
}
