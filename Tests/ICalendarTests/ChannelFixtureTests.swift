import Domain
import ICalendar
import Testing

/// Feeds in the shapes Airbnb, Booking.com, Vrbo, Google Calendar and Outlook send, read for
/// a listing in Seoul on 2026-11-28 with a one-year window: each blocks exactly these nights.
@Suite struct ChannelFixtureTests {
    @Test func airbnb() throws {
        let result = try seoulImport.read(try fixture("airbnb.ics"))
        // The past reservation (Nov 15-20) blocks nothing; the block begun on Nov 25 from today.
        #expect(result.nights == nights("2026-11-28", 3) + nights("2026-12-05", 5) + nights("2026-12-30", 4))
        #expect(result.eventCount == 4)
        #expect(result.warnings.isEmpty)
        #expect(result.events.map(\.summary) == ["Reserved", "Airbnb (Not available)", "Airbnb (Not available)"])
        #expect(result.events[0].nights == [day("2026-12-05")..<day("2026-12-10")])
    }

    @Test func bookingWithByteOrderMark() throws {
        let bytes = try fixture("booking.ics")
        #expect(bytes.prefix(3) == [0xEF, 0xBB, 0xBF])
        let result = try seoulImport.read(bytes)
        // 2027 is not a leap year: Feb 27, Feb 28, Mar 1.
        #expect(result.nights == [day("2026-12-11")] + nights("2027-02-27", 3))
        #expect(result.events.allSatisfy { $0.summary == "CLOSED - Not available" })
        #expect(result.warnings.isEmpty)
    }

    @Test func vrboWithBareLineFeeds() throws {
        let bytes = try fixture("vrbo.ics")
        #expect(!bytes.contains(0x0D))
        let result = try seoulImport.read(bytes)
        #expect(result.nights == nights("2026-12-24", 3) + [day("2026-12-31")])
        #expect(result.events.map(\.summary) == ["Reserved - Jane", "Blocked"])
    }

    @Test func googleCalendarWithTimeZone() throws {
        let result = try seoulImport.read(try fixture("google.ics"))
        #expect(result.nights == nights("2026-12-05", 3) + nights("2026-12-15", 2) + nights("2026-12-20", 2)
                + [day("2027-01-02"), day("2027-01-16")] + nights("2027-02-01", 3))
        #expect(result.eventCount == 7)
        #expect(result.warnings.isEmpty)
        #expect(result.events.first { $0.uid == "weeklycleaning@google.com" }?.nights
                == [day("2027-01-02")..<day("2027-01-03"), day("2027-01-16")..<day("2027-01-17")])
    }

    @Test func googleCalendarReadForAListingInAnotherZone() throws {
        // The same feed for a listing in UTC: 15:00 KST is 06:00Z, 11:00 KST 02:00Z.
        let utc = ICalImport(timeZone: "UTC", today: day("2026-11-28"), windowEnd: day("2027-11-28"))
        let result = try utc.read(try fixture("google.ics"))
        // Dec 5 06:00Z to Dec 7 02:00Z; Dec 14 15:00Z to Dec 16 15:00Z; Dec 20 14:00Z to 16:00Z;
        // all-day dates stay dates; Feb 1 13:00Z to Feb 3 13:00Z.
        #expect(result.nights == nights("2026-12-05", 3) + nights("2026-12-14", 3) + [day("2026-12-20")]
                + [day("2027-01-02"), day("2027-01-16")] + nights("2027-02-01", 3))
    }

    @Test func outlookWithDefinedAndWindowsZones() throws {
        let result = try seoulImport.read(try fixture("outlook.ics"))
        #expect(result.nights == [day("2026-12-02")] + nights("2027-03-03", 3) + [day("2027-07-01")])
        #expect(result.warnings.isEmpty)
    }
}
