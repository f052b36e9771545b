import Domain
import Foundation
import ICalendar
import Testing

/// `YYYY-MM-DD` as a date (test input written by hand).
func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

/// `count` consecutive nights from `first`.
func nights(_ first: String, _ count: Int) -> [CalendarDate] {
    (0..<count).map { day(first).adding(days: $0) }
}

/// A fixture's bytes from Tests/ICalendarTests/Fixtures.
func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return Array(try Data(contentsOf: url))
}

/// Feed text with CRLF line ends, from lines written in a test.
func feed(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n").utf8) }

/// A calendar around `events` (each a list of property lines).
func calendar(_ events: [[String]]) -> [UInt8] {
    feed(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
         + events.flatMap { ["BEGIN:VEVENT"] + $0 + ["END:VEVENT"] } + ["END:VCALENDAR"])
}

let seoulImport = ICalImport(timeZone: "Asia/Seoul", today: day("2026-11-28"), windowEnd: day("2027-11-28"))
