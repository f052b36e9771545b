/// A public holiday in South Korea.
public struct KoreanHoliday: Hashable, Sendable {
    public var date: CalendarDate
    public var nameKorean: String
    public var nameEnglish: String
    /// A 대체공휴일 (substitute holiday) given for a holiday that fell on a weekend or on
    /// another holiday.
    public var isSubstitute: Bool

    public func name(in language: Language) -> String { language == .ko ? nameKorean : nameEnglish }
}

/// South Korea's public holidays (관공서의 공휴일에 관한 규정), excluding Sundays.
///
/// Coverage:
/// - Every year: the fixed-date holidays 신정 1/1, 삼일절 3/1, 어린이날 5/5, 현충일 6/6,
///   광복절 8/15, 개천절 10/3, 한글날 10/9, 크리스마스 12/25.
/// - 2024...2030 only (`lunarYears`): 설날 and 추석 (three days each) and 부처님오신날 from
///   an explicit table of lunar dates, and substitute holidays computed with the rules in
///   force since 2023-05: 설날/추석 days that fall on a Sunday or on another holiday;
///   삼일절, 어린이날, 부처님오신날, 광복절, 개천절, 한글날 and 크리스마스 on a Saturday, a
///   Sunday or another holiday; never for 신정 and 현충일. One substitute per affected date,
///   placed on the first following weekday that is not already a holiday.
/// - Not covered: election days and ad-hoc temporary holidays (임시공휴일, e.g. 2025-01-27),
///   which are announced case by case.
///
/// Thread-safe: the table is immutable and built once.
public enum KoreanHolidays {
    public static let lunarYears = 2024...2030

    public static func isHoliday(_ date: CalendarDate) -> Bool { !holidays(on: date).isEmpty }

    /// The holiday's name on `date` (names joined with ", " when two coincide), nil on
    /// ordinary days.
    public static func name(of date: CalendarDate, language: Language = .ko) -> String? {
        let found = holidays(on: date)
        guard !found.isEmpty else { return nil }
        return found.map { $0.name(in: language) }.joined(separator: ", ")
    }

    /// Every holiday on `date` (two when, e.g., 어린이날 and 부처님오신날 coincide).
    public static func holidays(on date: CalendarDate) -> [KoreanHoliday] {
        if lunarYears.contains(date.year) { return table[date] ?? [] }
        return fixedHolidays(in: date.year).filter { $0.date == date }
    }

    /// Every holiday of `year`, by date.
    public static func holidays(in year: Int) -> [KoreanHoliday] {
        guard lunarYears.contains(year) else { return fixedHolidays(in: year) }
        return byYear[year] ?? []
    }

    /// `table` grouped by year, in date order (a calendar asks for a year per month shown).
    private static let byYear: [Int: [KoreanHoliday]] = {
        var result: [Int: [KoreanHoliday]] = [:]
        for year in lunarYears {
            result[year] = table.filter { $0.key.year == year }.flatMap(\.value).sorted { $0.date < $1.date }
        }
        return result
    }()

    /// The main days of 설날 and 추석 in `year` (empty outside `lunarYears`): the peaks of
    /// holiday travel demand.
    public static func festivalDays(in year: Int) -> [CalendarDate] {
        guard let dates = lunarDates[year] else { return [] }
        return [CalendarDate(dates.seollal)!, CalendarDate(dates.chuseok)!]
    }

    // MARK: - Rules

    private enum SubstituteRule { case none, sundayOrOverlap, weekendOrOverlap }

    private struct Base {
        var holiday: KoreanHoliday
        var rule: SubstituteRule
        /// The last day of the holiday's period (the third day for 설날/추석).
        var periodEnd: CalendarDate
    }

    /// Lunar holidays: (설날, 부처님오신날, 추석) — each the day itself, in the solar calendar.
    private static let lunarDates: [Int: (seollal: String, buddha: String, chuseok: String)] = [
        2024: ("2024-02-10", "2024-05-15", "2024-09-17"),
        2025: ("2025-01-29", "2025-05-05", "2025-10-06"),
        2026: ("2026-02-17", "2026-05-24", "2026-09-25"),
        2027: ("2027-02-07", "2027-05-13", "2027-09-15"),
        2028: ("2028-01-26", "2028-05-02", "2028-10-03"),
        2029: ("2029-02-13", "2029-05-20", "2029-09-22"),
        2030: ("2030-02-03", "2030-05-09", "2030-09-12"),
    ]

    private static func fixed(_ year: Int) -> [Base] {
        func day(_ month: Int, _ day: Int, _ ko: String, _ en: String, _ rule: SubstituteRule) -> Base {
            let date = CalendarDate(year: year, month: month, day: day)!
            return Base(holiday: KoreanHoliday(date: date, nameKorean: ko, nameEnglish: en, isSubstitute: false),
                        rule: rule, periodEnd: date)
        }
        return [
            day(1, 1, "신정", "New Year's Day", .none),
            day(3, 1, "삼일절", "Independence Movement Day", .weekendOrOverlap),
            day(5, 5, "어린이날", "Children's Day", .weekendOrOverlap),
            day(6, 6, "현충일", "Memorial Day", .none),
            day(8, 15, "광복절", "Liberation Day", .weekendOrOverlap),
            day(10, 3, "개천절", "National Foundation Day", .weekendOrOverlap),
            day(10, 9, "한글날", "Hangeul Day", .weekendOrOverlap),
            day(12, 25, "크리스마스", "Christmas Day", .weekendOrOverlap),
        ]
    }

    private static func fixedHolidays(in year: Int) -> [KoreanHoliday] {
        guard (1...9999).contains(year) else { return [] }
        return fixed(year).map(\.holiday)
    }

    private static func lunar(_ year: Int) -> [Base] {
        guard let dates = lunarDates[year] else { return [] }
        func period(_ center: String, _ ko: String, _ en: String) -> [Base] {
            let day = CalendarDate(center)!
            let end = day.adding(days: 1)
            return [
                Base(holiday: KoreanHoliday(date: day.adding(days: -1), nameKorean: "\(ko) 전날", nameEnglish: "Day before \(en)", isSubstitute: false),
                     rule: .sundayOrOverlap, periodEnd: end),
                Base(holiday: KoreanHoliday(date: day, nameKorean: ko, nameEnglish: en, isSubstitute: false),
                     rule: .sundayOrOverlap, periodEnd: end),
                Base(holiday: KoreanHoliday(date: end, nameKorean: "\(ko) 다음날", nameEnglish: "Day after \(en)", isSubstitute: false),
                     rule: .sundayOrOverlap, periodEnd: end),
            ]
        }
        let buddha = CalendarDate(dates.buddha)!
        return period(dates.seollal, "설날", "Seollal")
            + [Base(holiday: KoreanHoliday(date: buddha, nameKorean: "부처님오신날", nameEnglish: "Buddha's Birthday", isSubstitute: false),
                    rule: .weekendOrOverlap, periodEnd: buddha)]
            + period(dates.chuseok, "추석", "Chuseok")
    }

    private static let table: [CalendarDate: [KoreanHoliday]] = {
        var result: [CalendarDate: [KoreanHoliday]] = [:]
        for year in lunarYears {
            let bases = fixed(year) + lunar(year)
            var byDate: [CalendarDate: [Base]] = [:]
            for base in bases { byDate[base.holiday.date, default: []].append(base) }

            // One substitute per affected date, anchored after the end of its period.
            var anchors: [CalendarDate] = []
            for (date, onDate) in byDate {
                let overlap = onDate.count > 1 && onDate.contains { $0.rule != .none }
                let weekend = date.weekday == 1 || date.weekday == 7
                let triggered = overlap || onDate.contains { base in
                    switch base.rule {
                    case .none: false
                    case .sundayOrOverlap: date.weekday == 1
                    case .weekendOrOverlap: weekend
                    }
                }
                if triggered { anchors.append(onDate.map(\.periodEnd).max()!) }
            }
            var substitutes: Set<CalendarDate> = []
            for anchor in anchors.sorted() {
                var candidate = anchor.adding(days: 1)
                while candidate.weekday == 1 || candidate.weekday == 7 || byDate[candidate] != nil
                        || substitutes.contains(candidate) {
                    candidate = candidate.adding(days: 1)
                }
                substitutes.insert(candidate)
            }
            for (date, onDate) in byDate { result[date] = onDate.map(\.holiday) }
            for date in substitutes {
                result[date] = [KoreanHoliday(date: date, nameKorean: "대체공휴일", nameEnglish: "Substitute holiday", isSubstitute: true)]
            }
        }
        return result
    }()
}
