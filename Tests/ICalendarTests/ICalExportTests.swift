import Domain
import ICalendar
import Testing

@Suite struct ICalExportTests {
    let export = ICalExport(listing: ListingID(7), timeZone: "Asia/Seoul", calendarName: "Hanok, Seoul; 2 rooms")
    let stamp = Instant(millisecondsSinceEpoch: 1_795_000_000_123)

    @Test func writesTheFeed() {
        let blocks = [
            ICalExport.Block(nights: day("2026-12-05")..<day("2026-12-08"), identity: .reservation(ReservationID(42))),
            ICalExport.Block(nights: day("2026-12-01")..<day("2026-12-03"), identity: .hostBlock(firstNight: day("2026-12-01"))),
        ]
        let text = export.render(blocks: blocks, today: day("2026-11-28"), windowEnd: day("2027-11-28"), stamp: stamp)
        #expect(text == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stays//Calendar export 1.0//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-TIMEZONE:Asia/Seoul", #"X-WR-CALNAME:Hanok\, Seoul\; 2 rooms"#,
            "BEGIN:VEVENT", "UID:stays-7-b20261201@stays", "DTSTAMP:20261118T110640Z",
            "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203", "SUMMARY:Not available", "TRANSP:OPAQUE",
            "END:VEVENT",
            "BEGIN:VEVENT", "UID:stays-7-r42@stays", "DTSTAMP:20261118T110640Z",
            "DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261208", "SUMMARY:Reserved", "TRANSP:OPAQUE",
            "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
    }

    @Test func clipsToTheWindowAndLeavesOutWhatIsOutside() throws {
        let blocks = [
            ICalExport.Block(nights: day("2026-11-20")..<day("2026-11-30"), identity: .reservation(ReservationID(1))),
            ICalExport.Block(nights: day("2026-11-01")..<day("2026-11-28"), identity: .reservation(ReservationID(2))),
            ICalExport.Block(nights: day("2027-11-27")..<day("2027-12-05"), identity: .reservation(ReservationID(3))),
            ICalExport.Block(nights: day("2027-11-28")..<day("2027-12-05"), identity: .reservation(ReservationID(4))),
        ]
        let text = export.render(blocks: blocks, today: day("2026-11-28"), windowEnd: day("2027-11-28"), stamp: stamp)
        #expect(text.contains("UID:stays-7-r1@stays\r\nDTSTAMP:20261118T110640Z\r\nDTSTART;VALUE=DATE:20261128\r\nDTEND;VALUE=DATE:20261130"))
        #expect(text.contains("UID:stays-7-r3@stays\r\nDTSTAMP:20261118T110640Z\r\nDTSTART;VALUE=DATE:20271127\r\nDTEND;VALUE=DATE:20271128"))
        #expect(!text.contains("r2@") && !text.contains("r4@"))
        let back = try ICalImport(timeZone: "Asia/Seoul", today: day("2026-11-28"), windowEnd: day("2027-11-28"))
            .read(Array(text.utf8))
        #expect(back.nights == nights("2026-11-28", 2) + [day("2027-11-27")])
    }

    @Test func uidsAreStableAndDistinct() {
        let a = ICalExport.Identity.reservation(ReservationID(42)).uid(listing: ListingID(7))
        #expect(a == ICalExport.Identity.reservation(ReservationID(42)).uid(listing: ListingID(7)))
        #expect(a != ICalExport.Identity.reservation(ReservationID(42)).uid(listing: ListingID(8)))
        #expect(a != ICalExport.Identity.hostBlock(firstNight: day("2026-12-01")).uid(listing: ListingID(7)))
    }

    @Test func hostBlockRunsAreNamedByTheirFirstNight() {
        let closed = [day("2026-12-31"), day("2027-01-01"), day("2026-12-30"), day("2027-01-05"), day("2027-01-01")]
        #expect(ICalExport.hostBlockRuns(nights: closed) == [
            ICalExport.Block(nights: day("2026-12-30")..<day("2027-01-02"), identity: .hostBlock(firstNight: day("2026-12-30"))),
            ICalExport.Block(nights: day("2027-01-05")..<day("2027-01-06"), identity: .hostBlock(firstNight: day("2027-01-05"))),
        ])
        // Closing an unrelated night, or extending the run at its end, keeps the run's name.
        let more = ICalExport.hostBlockRuns(nights: closed + [day("2027-01-02"), day("2027-02-10")])
        #expect(more.first?.identity == .hostBlock(firstNight: day("2026-12-30")))
        #expect(ICalExport.hostBlockRuns(nights: []) == [])
    }

    @Test func leapDayAndYearEnd() throws {
        let blocks = [
            ICalExport.Block(nights: day("2028-02-28")..<day("2028-03-01"), identity: .reservation(ReservationID(5))),
            ICalExport.Block(nights: day("2027-12-31")..<day("2028-01-01"), identity: .hostBlock(firstNight: day("2027-12-31"))),
        ]
        let text = export.render(blocks: blocks, today: day("2027-12-01"), windowEnd: day("2028-12-01"), stamp: stamp)
        #expect(text.contains("DTSTART;VALUE=DATE:20280228\r\nDTEND;VALUE=DATE:20280301"))
        #expect(text.contains("DTSTART;VALUE=DATE:20271231\r\nDTEND;VALUE=DATE:20280101"))
        let back = try ICalImport(timeZone: "Europe/Berlin", today: day("2027-12-01"), windowEnd: day("2028-12-01"))
            .read(Array(text.utf8))
        #expect(back.nights == [day("2027-12-31"), day("2028-02-28"), day("2028-02-29")])
    }

    @Test func stampIsWholeSecondsInUTC() {
        #expect(ICalValue.utcDateTimeText(Instant(millisecondsSinceEpoch: 0)) == "19700101T000000Z")
        #expect(ICalValue.utcDateTimeText(Instant(millisecondsSinceEpoch: -1)) == "19691231T235959Z")
        #expect(ICalValue.utcDateTimeText(Instant(millisecondsSinceEpoch: 951_782_400_999)) == "20000229T000000Z")
    }
}
