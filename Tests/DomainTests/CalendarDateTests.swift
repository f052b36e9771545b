import Testing
@testable import Domain

@Suite struct CalendarDateTests {
    @Test func leapYears() {
        #expect(CalendarDate(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2100, month: 2, day: 29) == nil)
        #expect(date("2028-02-28").adding(days: 1) == date("2028-02-29"))
        #expect(date("2028-02-29").adding(days: 1) == date("2028-03-01"))
        #expect(date("2027-02-28").adding(days: 1) == date("2027-03-01"))
    }

    @Test func monthAndYearEnds() {
        #expect(date("2026-12-31").adding(days: 1) == date("2027-01-01"))
        #expect(date("2027-01-01").adding(days: -1) == date("2026-12-31"))
        #expect(date("2026-04-30").adding(days: 1) == date("2026-05-01"))
        #expect(date("2026-12-25").days(until: date("2027-01-02")) == 8)
        #expect(date("2028-02-01").days(until: date("2028-03-01")) == 29)
        #expect(date("2026-02-01").days(until: date("2026-03-01")) == 28)
        #expect(date("2026-01-31") < date("2026-02-01"))
    }

    @Test func epochRoundTrip() {
        #expect(date("1970-01-01").daysSinceEpoch == 0)
        #expect(CalendarDate(daysSinceEpoch: -1) == date("1969-12-31"))
        for days in stride(from: -800_000, through: 2_800_000, by: 9_973) {
            #expect(CalendarDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func weekdaysOfKnownDates() {
        #expect(date("1970-01-01").weekday == 5) // Thursday
        #expect(date("2026-11-01").weekday == 1) // Sunday
        #expect(date("2000-01-01").weekday == 7) // Saturday
        #expect(date("2028-02-29").weekday == 3) // Tuesday
        #expect(date("2026-09-25").weekday == 6) // Friday
        #expect(date("2026-09-25").isWeekendNight)
        #expect(date("2026-09-26").isWeekendNight)
        #expect(!date("2026-09-27").isWeekendNight)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-1-01", "2026-01-1", "2026-00-10", "2026-01-00",
                      "20260101", "2026/01/01", "", "abcd-ef-gh", "2026-01-01 ", "+026-01-01", "0000-01-01"])
    func invalidTextIsRejected(_ text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func parseAndPrint() {
        #expect(date("2026-03-09").description == "2026-03-09")
        #expect(CalendarDate(year: 5, month: 1, day: 2)?.description == "0005-01-02")
    }
}
