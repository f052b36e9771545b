import Domain
import ICalendar
import Testing

/// The import reader's rules, one case each, for a listing in Seoul on 2026-11-28.
@Suite struct ICalImportTests {
    func read(_ events: [[String]], _ reader: ICalImport = seoulImport) throws -> ICalImportResult {
        try reader.read(calendar(events))
    }

    @Test func missingEndIsOneDayForADateAndNothingForADateTime() throws {
        #expect(try read([["DTSTART;VALUE=DATE:20261205"]]).nights == [day("2026-12-05")])
        #expect(try read([["DTSTART:20261205"]]).nights == [day("2026-12-05")])  // no VALUE=DATE
        #expect(try read([["DTSTART:20261205T100000"]]).nights == [])
    }

    @Test func zeroAndNegativeLengthBlockNothing() throws {
        #expect(try read([["DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261205"]]).nights == [])
        #expect(try read([["DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261203"]]).nights == [])
        #expect(try read([["DTSTART:20261205T100000Z", "DURATION:PT0S"]]).nights == [])
        #expect(try read([["DTSTART:20261205T100000Z", "DURATION:-PT1H"]]).nights == [])
    }

    @Test func durationInsteadOfEnd() throws {
        #expect(try read([["DTSTART;VALUE=DATE:20261205", "DURATION:P3D"]]).nights == nights("2026-12-05", 3))
        #expect(try read([["DTSTART;VALUE=DATE:20261205", "DURATION:P1W"]]).nights == nights("2026-12-05", 7))
        // 23:00 KST for 2 hours crosses midnight.
        #expect(try read([["DTSTART;TZID=Asia/Seoul:20261205T230000", "DURATION:PT2H"]]).nights == nights("2026-12-05", 2))
        #expect(try read([["DTSTART;TZID=Asia/Seoul:20261205T220000", "DURATION:PT2H"]]).nights == [day("2026-12-05")])
    }

    @Test func floatingTimesAreTheListingsClock() throws {
        #expect(try read([["DTSTART:20261205T230000", "DTEND:20261206T000000"]]).nights == [day("2026-12-05")])
        let berlin = ICalImport(timeZone: "Europe/Berlin", today: day("2026-11-28"), windowEnd: day("2027-11-28"))
        #expect(try read([["DTSTART:20261205T230000", "DTEND:20261206T000000"]], berlin).nights == [day("2026-12-05")])
        // The same instant in UTC is Dec 6 in Seoul, Dec 5 in Berlin.
        #expect(try read([["DTSTART:20261205T150000Z", "DTEND:20261205T160000Z"]]).nights == [day("2026-12-06")])
        #expect(try read([["DTSTART:20261205T150000Z", "DTEND:20261205T160000Z"]], berlin).nights == [day("2026-12-05")])
    }

    @Test func cancelledAndPastEventsBlockNothing() throws {
        let result = try read([
            ["DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261208", "STATUS:CANCELLED"],
            ["DTSTART;VALUE=DATE:20261101", "DTEND;VALUE=DATE:20261128"],
            ["DTSTART;VALUE=DATE:20261127", "DTEND;VALUE=DATE:20261129"],
        ])
        #expect(result.nights == [day("2026-11-28")])
        #expect(result.eventCount == 3)
        #expect(result.warnings.isEmpty)
    }

    @Test func clippedToTheWindowEnd() throws {
        let short = ICalImport(timeZone: "Asia/Seoul", today: day("2026-12-30"), windowEnd: day("2027-01-02"))
        #expect(try read([["DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20270301"]], short).nights
                == nights("2026-12-30", 3))
    }

    @Test func leapDayMonthAndYearEnds() throws {
        let reader = ICalImport(timeZone: "America/New_York", today: day("2027-12-01"), windowEnd: day("2028-12-01"))
        #expect(try read([["DTSTART;VALUE=DATE:20280228", "DTEND;VALUE=DATE:20280302"]], reader).nights
                == [day("2028-02-28"), day("2028-02-29"), day("2028-03-01")])
        #expect(try read([["DTSTART;VALUE=DATE:20271230", "DTEND;VALUE=DATE:20280102"]], reader).nights
                == [day("2027-12-30"), day("2027-12-31"), day("2028-01-01")])
        #expect(try read([["DTSTART;VALUE=DATE:20280430", "DURATION:P2D"]], reader).nights
                == [day("2028-04-30"), day("2028-05-01")])
        // DAILY across the leap day.
        #expect(try read([["DTSTART;VALUE=DATE:20280227", "RRULE:FREQ=DAILY;COUNT=4"]], reader).nights
                == nights("2028-02-27", 4))
        // An impossible date is unreadable, not a crash.
        let bad = try read([["DTSTART;VALUE=DATE:20270229", "UID:bad"]], reader)
        #expect(bad.nights == [] && bad.warnings.map(\.kind) == [.eventSkipped])
    }

    @Test func dailyAndWeeklyRecurrences() throws {
        #expect(try read([["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=4"]]).nights
                == ["2026-12-01", "2026-12-04", "2026-12-07", "2026-12-10"].map(day))
        #expect(try read([["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;UNTIL=20261203"]]).nights
                == nights("2026-12-01", 3))
        // Tue Dec 1 2026; weekly Mon and Fri from it, every other week, until Dec 31.
        #expect(try read([["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20261231T000000Z"]]).nights
                == ["2026-12-01", "2026-12-04", "2026-12-14", "2026-12-18", "2026-12-28"].map(day))
        // Date-times: Saturdays 20:00-22:00 Seoul, 3 times.
        #expect(try read([["DTSTART;TZID=Asia/Seoul:20261205T200000", "DTEND;TZID=Asia/Seoul:20261205T220000",
                           "RRULE:FREQ=WEEKLY;COUNT=3"]]).nights
                == ["2026-12-05", "2026-12-12", "2026-12-19"].map(day))
        // Begun long ago, no end: only the window's occurrences, cheaply.
        let old = try read([["DTSTART;VALUE=DATE:19900106", "RRULE:FREQ=WEEKLY"]])
        #expect(old.nights.count == 53 && old.nights.first == day("2026-11-28") && old.nights.allSatisfy { $0.weekday == 7 } && old.warnings.isEmpty)
        let daily = try read([["DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY"]])
        #expect(daily.nights.count == 365)
    }

    /// Long-running counted rules cost O(1) to reach the window, and count what they jump.
    @Test func countedRulesBegunLongAgo() throws {
        var limits = ICalLimits()
        limits.maxRecurrenceSteps = 1000
        let reader = ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2026-12-08"), limits: limits)
        // Daily from 2000-01-01: occurrence n (0-based) is 2000-01-01 + n days; 2026-12-01 is n = 9831.
        #expect(try read([["DTSTART;VALUE=DATE:20000101", "RRULE:FREQ=DAILY;COUNT=9832"]], reader).nights
                == nights("2026-11-28", 4))
        #expect(try read([["DTSTART;VALUE=DATE:20000101", "RRULE:FREQ=DAILY;COUNT=9829"]], reader).nights
                == [day("2026-11-28")])
        // Every other day: occurrence n is 2000-01-01 + 2n; 2026-11-28 is n = 4914, the last n = 4916.
        #expect(try read([["DTSTART;VALUE=DATE:20000101", "RRULE:FREQ=DAILY;INTERVAL=2;COUNT=4917"]], reader).nights
                == [day("2026-11-28"), day("2026-11-30"), day("2026-12-02")])
        // Weekly Mon and Thu from Sat 2000-01-01 (the first occurrence, then Mon Jan 3, Thu Jan 6, ...):
        // Mon 2026-11-30 is occurrence 1 + 2 * 1404 = 2809 (0-based), Thu Dec 3 the next.
        let weekly = try read([["DTSTART;VALUE=DATE:20000101", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=2811"]], reader)
        #expect(weekly.nights == [day("2026-11-30"), day("2026-12-03")])
        #expect(weekly.warnings.isEmpty)
    }

    @Test func exdateAndOverriddenOccurrences() throws {
        let result = try read([
            ["UID:series", "DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=5", "EXDATE;VALUE=DATE:20261202,20261204"],
            // The 3rd moved to the 10th; the 5th cancelled.
            ["UID:series", "RECURRENCE-ID;VALUE=DATE:20261203", "DTSTART;VALUE=DATE:20261210"],
            ["UID:series", "RECURRENCE-ID;VALUE=DATE:20261205", "DTSTART;VALUE=DATE:20261205", "STATUS:CANCELLED"],
        ])
        #expect(result.nights == [day("2026-12-01"), day("2026-12-10")])
    }

    @Test func otherRulesKeepTheFirstOccurrenceWithAWarning() throws {
        let result = try read([["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=MONTHLY;COUNT=3"],
                               ["DTSTART;VALUE=DATE:20261215", "RRULE:FREQ=WEEKLY;BYMONTH=1"]])
        #expect(result.nights == [day("2026-12-01"), day("2026-12-15")])
        #expect(result.warnings.map(\.kind) == [.recurrenceNotExpanded, .recurrenceNotExpanded])
        #expect(result.warnings.map(\.line) == [6, 10])
    }

    @Test func unknownTimeZoneIsReadInTheListingsZoneWithAWarning() throws {
        let result = try read([["DTSTART;TZID=Mars/Olympus:20261205T230000", "DTEND;TZID=Mars/Olympus:20261206T010000"]])
        #expect(result.nights == nights("2026-12-05", 2))
        #expect(result.warnings.map(\.kind) == [.unknownTimeZone])
    }

    @Test func unfoldingParametersAndMalformedLines() throws {
        let bytes = Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DA\r\n\tTE:2026\r\n 1205\r\n"
            + "X-ODD;X-P=\"a;b:c\",plain:value\r\nthis line is garbage\r\nSUMMARY;LANGUAGE=ko:예약\\, 확정\r\n"
            + "DTEND;VALUE=DATE:20261207\r\nEND:VEVENT\nEND:VCALENDAR").utf8)
        let result = try seoulImport.read(bytes)
        #expect(result.nights == nights("2026-12-05", 2))
        #expect(result.events.first?.summary == "예약, 확정")
        #expect(result.warnings == [ICalWarning(line: 8, kind: .lineSkipped, message: "not a content line: this line is garbage")])
    }

    @Test func alarmsAndOtherSubcomponentsDoNotLeakIntoTheEvent() throws {
        let result = try read([["DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261207", "BEGIN:VALARM",
                                "TRIGGER:-PT15M", "DTSTART:20270101T000000Z", "DURATION:P10D", "STATUS:CANCELLED",
                                "END:VALARM"]])
        #expect(result.nights == nights("2026-12-05", 2))
    }

    @Test func unreadableEventsAreListedWithTheirLines() throws {
        let result = try read([["SUMMARY:no start"], ["DTSTART:tomorrow"], ["DTSTART;VALUE=DATE:20261205", "DTEND:soon"],
                               ["DTSTART;VALUE=DATE:20261205", "DURATION:P1Y"], ["DTSTART;VALUE=DATE:20261209"]])
        #expect(result.nights == [day("2026-12-09")])
        #expect(result.warnings.map(\.kind) == Array(repeating: .eventSkipped, count: 4))
        #expect(result.warnings.map(\.line) == [4, 8, 12, 16])
    }

    @Test func feedsThatCannotBeTrustedAreErrors() throws {
        #expect(throws: ICalParseError.notACalendar) { try seoulImport.read(Array("<html>502</html>".utf8)) }
        #expect(throws: ICalParseError.notACalendar) { try seoulImport.read([]) }
        let truncated = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261205\r\n".utf8)
        #expect(throws: ICalParseError.unterminated(component: "VCALENDAR", line: 1)) { try seoulImport.read(truncated) }
        let crossed = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: ICalParseError.unterminated(component: "VEVENT", line: 2)) { try seoulImport.read(crossed) }
        var limits = ICalLimits()
        limits.maxEvents = 3
        let four = calendar(Array(repeating: ["DTSTART;VALUE=DATE:20261205"], count: 4))
        #expect(throws: ICalParseError.tooManyEvents(limit: 3)) {
            try ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2027-11-28"), limits: limits).read(four)
        }
        limits.maxInputBytes = 10
        #expect(throws: ICalParseError.tooLarge(bytes: four.count, limit: 10)) {
            try ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2027-11-28"), limits: limits).read(four)
        }
        limits = ICalLimits()
        limits.maxContentLines = 9
        let lines = calendar([["DTSTART;VALUE=DATE:20261205", "UID:a", "SUMMARY:b", "DESCRIPTION:not kept",
                               "X-A:not kept", "DTEND;VALUE=DATE:20261206"]])
        let reader = ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2027-11-28"), limits: limits)
        #expect(try reader.read(lines).nights == [day("2026-12-05")])  // 8 kept lines
        // 10 kept lines:
        #expect(throws: ICalParseError.tooManyLines(limit: 9)) {
            try reader.read(calendar([["DTSTART;VALUE=DATE:20261205", "UID:a", "SUMMARY:b", "STATUS:CONFIRMED", "EXDATE:20261210",
                                       "DTEND;VALUE=DATE:20261206"]]))
        }
        let deep = Array((String(repeating: "BEGIN:VCALENDAR\r\n", count: 20)).utf8)
        #expect(throws: ICalParseError.nestedTooDeeply(line: 9)) { try seoulImport.read(deep) }
    }

    @Test func longLinesAreSkippedAndRecurrenceIsBounded() throws {
        var limits = ICalLimits()
        limits.maxLineBytes = 100
        limits.maxRecurrenceSteps = 10
        let reader = ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2027-11-28"), limits: limits)
        let result = try reader.read(calendar([
            ["DTSTART;VALUE=DATE:20261201", "DESCRIPTION:" + String(repeating: "x", count: 200)],
            ["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=100"],
        ]))
        #expect(result.warnings.map(\.kind) == [.lineSkipped, .recurrenceNotExpanded])
        #expect(result.nights == nights("2026-12-01", 11))
    }

    @Test func windowsZoneNamesAndPathPrefixedNames() throws {
        #expect(try read([["DTSTART;TZID=Tokyo Standard Time:20261205T233000", "DTEND;TZID=Tokyo Standard Time:20261205T234500"]]).nights
                == [day("2026-12-05")])
        #expect(try read([["DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261205T153000",
                           "DTEND;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261205T154500"]]).nights
                == [day("2026-12-05")])  // 15:30 CET = 23:30 KST
        #expect(try read([["DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261205T163000",
                           "DTEND;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261205T164500"]]).nights
                == [day("2026-12-06")])  // 16:30 CET = 00:30 KST
    }
}
