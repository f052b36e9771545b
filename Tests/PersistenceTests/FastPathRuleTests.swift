import Foundation
import TestSupport
import Testing
import Domain
import Storage
@testable import Persistence

/// Each booking rule is defined once, in Domain; the fast paths that must spell it again
/// (the SQL, which cannot call Swift, and the search index's precomputed arithmetic) are
/// held to the Domain definition here, not only to each other (`SearchIndexEquivalenceTests`
/// checks index = SQL).
///
/// - Weekend nights: `CalendarDate.isWeekendNight(epochDay:)` vs
///   `ListingSearchSQL.isWeekendNight(day:)` run by SQLite.
@Suite struct FastPathRuleTests {
    // MARK: the weekend rule

    /// The SQL expression, evaluated by SQLite for every epoch day of `days` at once (a
    /// recursive CTE from bound ends); returns the days where it disagrees with Domain.
    private static func sqlWeekendDisagreements(_ db: Database, _ days: ClosedRange<Int>) throws -> [Int] {
        let statement = try db.prepare("""
            WITH RECURSIVE d(day) AS (SELECT :first UNION ALL SELECT day + 1 FROM d WHERE day < :last) \
            SELECT day, \(ListingSearchSQL.isWeekendNight(day: "day")) FROM d
            """)
        try statement.bind(days.lowerBound, named: ":first")
        try statement.bind(days.upperBound, named: ":last")
        var wrong: [Int] = []
        var seen = 0
        try statement.forEachRow { row in
            let day = row.int(0)
            seen += 1
            if row.bool(1) != CalendarDate.isWeekendNight(epochDay: day) { wrong.append(day) }
        }
        #expect(seen == days.count)
        return wrong
    }

    /// Every day of 0001-01-01 ... 9999-12-31: every 400-year cycle boundary (1600-03-01,
    /// 2000-03-01, ...), every leap day, month and year end, and the days before the epoch.
    @Test func theSQLWeekendExpressionIsTheDomainRuleOnEveryDayOfYears1To9999() throws {
        let db = try Database(path: ":memory:")
        let first = CalendarDate(year: 1, month: 1, day: 1)!.daysSinceEpoch
        let last = CalendarDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
        #expect(first < -700_000 && last > 2_900_000)
        let wrong = try Self.sqlWeekendDisagreements(db, first...last)
        #expect(wrong.isEmpty, "first disagreeing days: \(wrong.prefix(10).map { CalendarDate(daysSinceEpoch: $0) })")
    }

    /// Days the calendar never names but the index's `Int32` days and SQLite's integers can
    /// hold: runs around the ends of `Int32` and far outside it, one bound day at a time.
    @Test func theSQLWeekendExpressionIsTheDomainRuleOnExtremeDays() throws {
        let db = try Database(path: ":memory:")
        var days: [Int] = []
        for center in [Int(Int32.min), Int(Int32.max), -1_000_000_000_000, 1_000_000_000_000,
                       Int(Int64.min) + 20, Int(Int64.max) - 20, 0] {
            days += (center - 20)...(center + 20)
        }
        let statement = try db.prepare("SELECT \(ListingSearchSQL.isWeekendNight(day: ":day"))")
        for day in days {
            statement.reset()
            try statement.bind(day, named: ":day")
            let sql = try #require(try statement.fetchOne { $0.bool(0) })
            #expect(sql == CalendarDate.isWeekendNight(epochDay: day), "epoch day \(day)")
        }
        // And the runs through the CTE, as the whole-range test reads them.
        for center in [Int(Int32.min), Int(Int32.max)] {
            #expect(try Self.sqlWeekendDisagreements(db, (center - 400)...(center + 400)).isEmpty)
        }
    }
}
