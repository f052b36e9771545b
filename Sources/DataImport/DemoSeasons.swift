import Domain

/// When demand (and so demo prices and bookings) peaks: around 설날 and 추석, and in the
/// summer holidays.
enum DemoSeasons {
    /// Two days either side of the main day of 설날 or 추석: travel starts before the three
    /// official days and ends after them.
    static func isHolidayPeak(_ date: CalendarDate) -> Bool {
        peakDays.contains(date.daysSinceEpoch)
    }

    private static let peakDays: Set<Int> = Set(KoreanHolidays.lunarYears
        .flatMap(KoreanHolidays.festivalDays(in:))
        .flatMap { ($0.daysSinceEpoch - 2)...($0.daysSinceEpoch + 2) })

    /// The summer peak: 15 July to 15 August.
    static func isSummerPeak(_ date: CalendarDate) -> Bool {
        (date.month == 7 && date.day >= 15) || (date.month == 8 && date.day <= 15)
    }
}
