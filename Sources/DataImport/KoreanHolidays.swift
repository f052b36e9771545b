import Domain

/// The dates of 설날 (Seollal, Lunar New Year) and 추석 (Chuseok) 2024-2029, from the Korean
/// public holiday calendar. Each holiday is three days: the day before, the day, the day after.
public enum KoreanHolidays {
    public static let seollal: [CalendarDate] = [
        CalendarDate(year: 2024, month: 2, day: 10)!, CalendarDate(year: 2025, month: 1, day: 29)!,
        CalendarDate(year: 2026, month: 2, day: 17)!, CalendarDate(year: 2027, month: 2, day: 7)!,
        CalendarDate(year: 2028, month: 1, day: 26)!, CalendarDate(year: 2029, month: 2, day: 13)!,
    ]
    public static let chuseok: [CalendarDate] = [
        CalendarDate(year: 2024, month: 9, day: 17)!, CalendarDate(year: 2025, month: 10, day: 6)!,
        CalendarDate(year: 2026, month: 9, day: 25)!, CalendarDate(year: 2027, month: 9, day: 15)!,
        CalendarDate(year: 2028, month: 10, day: 3)!, CalendarDate(year: 2029, month: 9, day: 22)!,
    ]

    /// Days with holiday demand: two days either side of each holiday's main day (travel
    /// starts before the three official days and ends after them).
    public static func isHolidayPeak(_ date: CalendarDate) -> Bool {
        peakDays.contains(date.daysSinceEpoch)
    }

    private static let peakDays: Set<Int> = Set((seollal + chuseok).flatMap { ($0.daysSinceEpoch - 2)...($0.daysSinceEpoch + 2) })

    /// The summer peak: 15 July to 15 August.
    public static func isSummerPeak(_ date: CalendarDate) -> Bool {
        (date.month == 7 && date.day >= 15) || (date.month == 8 && date.day <= 15)
    }
}
