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
        #expect(KoreanHolidays.isHoliday(date("2035-08-15")))
        #expect(KoreanHolidays.holidays(in: 2035).count == 8)
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

    @Test func seollal2028FallsOnJanuary26() {
        for day in ["2028-01-25", "2028-01-26", "2028-01-27"] { #expect(KoreanHolidays.isHoliday(date(day))) }
        #expect(KoreanHolidays.name(of: date("2028-01-26")) == "설날")
        #expect(!KoreanHolidays.isHoliday(date("2028-01-28")))
        #expect(KoreanHolidays.festivalDays(in: 2028) == [date("2028-01-26"), date("2028-10-03")])
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
