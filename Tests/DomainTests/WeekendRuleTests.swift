import Foundation
import TestSupport
import Testing
@testable import Domain

/// The weekend rule's one definition, `CalendarDate.isWeekendNight(epochDay:)`, against
/// independent references: the date's weekday (Hinnant's civil conversion plus the
/// 1970-01-01 Thursday anchor) and Foundation's Gregorian calendar. The SQL spelling is held
/// to it in `FastPathRuleTests` (PersistenceTests).
@Suite struct WeekendRuleTests {
    /// Every day of years 1...9999: each 400-year cycle boundary, leap day, month and year
    /// end, and the days before the epoch.
    @Test func fridayAndSaturdayNightsOnEveryDayOfYears1To9999() {
        let date = CalendarDate(year: 1, month: 1, day: 1)!
        let last = CalendarDate(year: 9999, month: 12, day: 31)!
        var wrong: [CalendarDate] = []
        var weekday = date.weekday
        for day in date.daysSinceEpoch...last.daysSinceEpoch {
            let expected = weekday == 6 || weekday == 7  // Friday, Saturday
            if CalendarDate.isWeekendNight(epochDay: day) != expected { wrong.append(CalendarDate(daysSinceEpoch: day)) }
            weekday = weekday == 7 ? 1 : weekday + 1
        }
        // The walk advanced the weekday by one a day: it must land on the next date's.
        #expect(weekday == last.adding(days: 1).weekday)
        #expect(wrong.isEmpty, "first wrong: \(wrong.prefix(10))")
    }

    @Test func theDatePropertyIsTheRuleAndAgreesWithFoundation() throws {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = TestRandom(seed: 0x7EEC_E2D)
        // Foundation switches to the Julian calendar before 1582-10-15: compare after it.
        let first = CalendarDate(year: 1583, month: 1, day: 1)!.daysSinceEpoch
        let last = CalendarDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
        var days = Array(-800...800)  // around the epoch, including negative days
        for anchor in ["1600-02-28", "1700-02-28", "1900-02-28", "2000-02-28", "2027-12-31", "2028-02-28", "2100-02-28",
                       "2400-02-28", "9999-12-20"] {
            let day = try #require(CalendarDate(anchor)).daysSinceEpoch
            days += (day - 5)...(day + 5)
        }
        for _ in 0..<5_000 { days.append(random.next(in: first...last)) }
        for day in days {
            let date = CalendarDate(daysSinceEpoch: day)
            #expect(date.isWeekendNight == CalendarDate.isWeekendNight(epochDay: day))
            let components = DateComponents(year: date.year, month: date.month, day: date.day)
            let foundation = try #require(gregorian.date(from: components))
            let weekday = gregorian.component(.weekday, from: foundation)  // 1 = Sunday
            #expect(date.isWeekendNight == (weekday == 6 || weekday == 7), "\(date)")
        }
        #expect(CalendarDate.isWeekendNight(epochDay: 1))  // Friday 1970-01-02
        #expect(CalendarDate.isWeekendNight(epochDay: -5)) // Saturday 1969-12-27
        #expect(!CalendarDate.isWeekendNight(epochDay: -4)) // Sunday 1969-12-28
    }

    /// The O(1) count of a stay's weekend nights (searches bind it) against counting night
    /// by night, for stays of 0...800 nights starting on every weekday, before and after
    /// the epoch.
    @Test func weekendNightCountIsTheRuleNightByNight() {
        var random = TestRandom(seed: 0xC0_047)
        for _ in 0..<3_000 {
            let start = random.chance(10) ? random.next(in: -20...20) : random.next(in: -1_000_000...3_000_000)
            let nights = random.chance(70) ? random.next(in: 0...30) : random.next(in: 0...800)
            let expected = (start..<start + nights).filter { CalendarDate.isWeekendNight(epochDay: $0) }.count
            #expect(CalendarDate.weekendNightCount(epochDays: start..<start + nights) == expected, "\(start) +\(nights)")
        }
        for extreme in [Int(Int32.min), Int(Int32.max) - 30] {
            let expected = (extreme..<extreme + 30).filter { CalendarDate.isWeekendNight(epochDay: $0) }.count
            #expect(CalendarDate.weekendNightCount(epochDays: extreme..<extreme + 30) == expected)
        }
    }
}
