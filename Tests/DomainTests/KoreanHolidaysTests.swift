import Testing
@testable import Domain

@Suite struct KoreanHolidaysTests {
    @Test func fixedDates() {
        #expect(KoreanHolidays.name(of: date("2026-01-01")) == "신정")
        #expect(KoreanHolidays.name(of: date("2026-10-09"), language: .en) == "Hangeul Day")
        #expect(KoreanHolidays.name(of: date("2026-12-25")) == "크리스마스")
        #expect(KoreanHolidays.isHoliday(date("2026-06-06")))
        #expect(!KoreanHolidays.isHoliday(date("2026-06-07")))
        // Outside the lunar table only fixed dates are known.
        #expect(KoreanHolidays.isHoliday(date("2051-08-15")))
        #expect(KoreanHolidays.holidays(in: 2051).count == 8)
    }

    @Test func chuseok2026AndSeollal2027() {
        #expect(KoreanHolidays.name(of: date("2026-09-24")) == "추석 전날")
        #expect(KoreanHolidays.name(of: date("2026-09-25")) == "추석")
        #expect(KoreanHolidays.name(of: date("2026-09-26")) == "추석 다음날")
        #expect(!KoreanHolidays.isHoliday(date("2026-09-23")))
        #expect(!KoreanHolidays.isHoliday(date("2026-09-28"))) // Saturday doesn't earn a substitute
        for day in ["2027-02-06", "2027-02-07", "2027-02-08"] { #expect(KoreanHolidays.isHoliday(date(day))) }
        #expect(KoreanHolidays.name(of: date("2027-02-07"), language: .en) == "Seollal")
        #expect(KoreanHolidays.name(of: date("2027-02-09")) == "대체공휴일") // 설날 on a Sunday
        #expect(!KoreanHolidays.isHoliday(date("2027-02-10")))
    }

    /// 2028 is a year the Korean and Chinese lunar calendars disagree: 설날 is January 27 by
    /// KASI (holidays January 26 to 28), January 26 in China.
    @Test func seollal2028FallsOnJanuary27ByTheKoreanCalendar() {
        for day in ["2028-01-26", "2028-01-27", "2028-01-28"] { #expect(KoreanHolidays.isHoliday(date(day))) }
        #expect(KoreanHolidays.name(of: date("2028-01-27")) == "설날")
        #expect(KoreanHolidays.name(of: date("2028-01-26")) == "설날 전날")
        #expect(!KoreanHolidays.isHoliday(date("2028-01-25")))
        #expect(KoreanHolidays.festivalDays(in: 2028) == [date("2028-01-27"), date("2028-10-03")])
    }

    /// The lunar holidays as the Korean government published them (관보, 월력요항) for
    /// 2024 to 2027, and the substitute holidays of those years.
    @Test func publishedLunarHolidays2024To2027() {
        let published = [
            "2024-02-09", "2024-02-10", "2024-02-11", "2024-02-12", "2024-05-15",
            "2024-09-16", "2024-09-17", "2024-09-18",
            "2025-01-28", "2025-01-29", "2025-01-30", "2025-05-05", "2025-05-06",
            "2025-10-05", "2025-10-06", "2025-10-07", "2025-10-08",
            "2026-02-16", "2026-02-17", "2026-02-18", "2026-05-24", "2026-05-25",
            "2026-09-24", "2026-09-25", "2026-09-26",
            "2027-02-06", "2027-02-07", "2027-02-08", "2027-02-09", "2027-05-13",
            "2027-09-14", "2027-09-15", "2027-09-16",
        ]
        for day in published { #expect(KoreanHolidays.isHoliday(date(day)), "\(day)") }
        #expect(KoreanHolidays.name(of: date("2024-02-10")) == "설날")
        #expect(KoreanHolidays.name(of: date("2025-10-06")) == "추석")
        #expect(KoreanHolidays.name(of: date("2026-05-24")) == "부처님오신날")
        #expect(KoreanHolidays.name(of: date("2027-09-15")) == "추석")
    }

    @Test func lunarHolidaysAreKnownThrough2050() {
        #expect(KoreanHolidays.lunarYears == 2024...2050)
        #expect(KoreanHolidays.name(of: date("2050-01-23")) == "설날")
        #expect(KoreanHolidays.festivalDays(in: 2050).count == 2)
        #expect(KoreanHolidays.festivalDays(in: 2051).isEmpty)
    }

    /// Every holiday and substitute holiday of 2024 to 2050 matches the `holidays` package
    /// (generated into KoreanHolidaysReference.swift by Tests/Tools/korean_holidays.py): its
    /// own lunar conversion and substitute rules, independent of this table.
    @Test func everyYearMatchesTheIndependentReference() {
        for year in KoreanHolidays.lunarYears {
            let expected = koreanHolidaysReference.filter { $0.date.hasPrefix("\(year)-") }
                .map { "\($0.date)\($0.isSubstitute ? " substitute" : "")" }
            var actual: [String] = []
            for holiday in KoreanHolidays.holidays(in: year) {
                let line = "\(holiday.date)\(holiday.isSubstitute ? " substitute" : "")"
                if actual.last != line { actual.append(line) }
            }
            #expect(actual == expected, "year \(year)")
        }
    }

    @Test func substituteHolidays() {
        let expected: [Int: [String]] = [
            2024: ["2024-02-12", "2024-05-06"],
            2025: ["2025-03-03", "2025-05-06", "2025-10-08"],
            2026: ["2026-03-02", "2026-05-25", "2026-08-17", "2026-10-05"],
            2027: ["2027-02-09", "2027-08-16", "2027-10-04", "2027-10-11", "2027-12-27"],
            2028: ["2028-10-05"],
            2029: ["2029-05-07", "2029-05-21", "2029-09-24"],
            2030: ["2030-02-05", "2030-05-06"],
        ]
        for (year, dates) in expected {
            let substitutes = KoreanHolidays.holidays(in: year).filter(\.isSubstitute).map(\.date.description)
            #expect(substitutes == dates, "year \(year)")
        }
    }

    @Test func coincidingHolidaysShareADate() {
        #expect(KoreanHolidays.name(of: date("2025-05-05")) == "어린이날, 부처님오신날")
        #expect(KoreanHolidays.holidays(on: date("2028-10-03")).count == 2) // 추석 and 개천절
    }
}
