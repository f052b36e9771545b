import Testing
@testable import Domain

@Suite struct CalendarGridTests {
    @Test func leadingBlanks() {
        let today = date("2026-05-01")
        let sunday = CalendarGrid.months(start: YearMonth(year: 2026, month: 11)!, count: 2, firstWeekday: .sunday,
                                         today: today, language: .ko)
        #expect(sunday.map(\.leadingBlanks) == [0, 2]) // Nov 1 Sunday, Dec 1 Tuesday
        let monday = CalendarGrid.months(start: YearMonth(year: 2026, month: 11)!, count: 2, firstWeekday: .monday,
                                         today: today, language: .en)
        #expect(monday.map(\.leadingBlanks) == [6, 1])
        #expect(sunday[0].title == "2026년 11월")
        #expect(monday[1].title == "December 2026")
        #expect(sunday[0].days.count == 30)
        #expect(sunday[0].days[0].weekday == 1)
    }

    @Test func monthsAcrossYearAndLeapFebruary() {
        let months = CalendarGrid.months(start: YearMonth(year: 2027, month: 12)!, count: 3, firstWeekday: .sunday,
                                         today: date("2027-12-15"), language: .ko)
        #expect(months.map { "\($0.year)-\($0.month)" } == ["2027-12", "2028-1", "2028-2"])
        #expect(months[2].days.count == 29)
        #expect(months[0].days[14].isToday)
        #expect(months[0].days[13].isPast && !months[0].days[14].isPast)
        #expect(months[1].days[0].isHoliday && months[1].days[0].holidayName == "신정")
    }

    @Test func weekdayNames() {
        #expect(FirstWeekday.sunday.weekdayNames(.ko) == ["일", "월", "화", "수", "목", "금", "토"])
        #expect(FirstWeekday.monday.weekdayNames(.en) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    }

    @Test func countIsClamped() {
        let start = YearMonth(year: 2026, month: 1)!
        #expect(CalendarGrid.months(start: start, count: 40, firstWeekday: .sunday, today: date("2026-01-01"), language: .ko).count == 24)
    }
}

@Suite struct ListingCalendarTests {
    let today = date("2026-11-03")

    func days(_ listing: Listing, _ entries: [CalendarEntry], checkin: CalendarDate? = nil,
              guests: GuestCount = GuestCount()) -> [CalendarDate: DayBooking] {
        let input = ListingCalendarInput(listing: listing, entries: entries, guests: guests, checkin: checkin)
        let months = CalendarGrid.months(start: YearMonth(year: 2026, month: 11)!, count: 2, firstWeekday: .sunday,
                                         today: today, language: .ko, listing: input)
        var result: [CalendarDate: DayBooking] = [:]
        for month in months { for day in month.days { result[day.date] = day.booking! } }
        return result
    }

    func booked(_ from: String, _ nights: Int) -> [CalendarEntry] {
        (0..<nights).map { CalendarEntry(date: date(from).adding(days: $0), status: .booked) }
    }

    @Test func bookedRunAndBackToBack() {
        let grid = days(makeListing(), booked("2026-11-10", 3)) // nights 10, 11, 12 booked
        #expect(grid[date("2026-11-02")]?.unavailableReason == .past)
        #expect(grid[date("2026-11-03")]?.checkinAllowed == true)
        #expect(grid[date("2026-11-09")]?.checkinAllowed == true)
        #expect(grid[date("2026-11-10")]?.unavailableReason == .booked)
        #expect(grid[date("2026-11-12")]?.available == false)
        // The previous guest's checkout day is a valid check-in for the next guest.
        #expect(grid[date("2026-11-13")]?.checkinAllowed == true)
        // ...and the first booked night's day is a valid checkout (night of the 9th is free).
        #expect(grid[date("2026-11-10")]?.checkoutAllowed == true)
        #expect(grid[date("2026-11-11")]?.checkoutAllowed == false)
        #expect(grid[date("2026-11-03")]?.checkoutAllowed == false) // night of the 2nd is past
        for (_, day) in grid { #expect(day.checkinAllowed == (day.unavailableReason == nil)) }
    }

    @Test func minNightsUnreachable() {
        let listing = makeListing(minNights: 3)
        let grid = days(listing, booked("2026-11-10", 2) + [CalendarEntry(date: date("2026-11-20"), closedToArrival: true)])
        #expect(grid[date("2026-11-07")]?.checkinAllowed == true)            // 7, 8, 9 free
        #expect(grid[date("2026-11-08")]?.unavailableReason == .minNightsUnreachable)
        #expect(grid[date("2026-11-09")]?.unavailableReason == .minNightsUnreachable)
        #expect(grid[date("2026-11-12")]?.checkinAllowed == true)
        #expect(grid[date("2026-11-20")]?.unavailableReason == .closedToArrival)
        #expect(grid[date("2026-11-20")]?.minNights == 3)
    }

    @Test func availableUntilAndEntryOverrides() {
        let listing = makeListing(minNights: 2, availableUntil: date("2026-12-20"))
        let grid = days(listing, [CalendarEntry(date: date("2026-12-18"), minNights: 1, maxNights: 5),
                                  CalendarEntry(date: date("2026-11-30"), status: .blocked)])
        #expect(grid[date("2026-12-18")]?.checkinAllowed == true)
        #expect(grid[date("2026-12-18")]?.maxNights == 5)
        #expect(grid[date("2026-12-19")]?.unavailableReason == .minNightsUnreachable) // only 1 night left
        #expect(grid[date("2026-12-20")]?.unavailableReason == .beyondWindow)
        #expect(grid[date("2026-11-30")]?.unavailableReason == .blocked)
        #expect(grid[date("2026-12-20")]?.checkoutAllowed == true)
        #expect(grid[date("2026-12-21")]?.checkoutAllowed == false)
    }

    @Test func checkoutWithCheckinAcrossABookedNight() {
        let listing = makeListing(minNights: 2, maxNights: 5)
        let entries = booked("2026-11-15", 1) + [CalendarEntry(date: date("2026-11-13"), closedToDeparture: true)]
        let grid = days(listing, entries, checkin: date("2026-11-11"))
        #expect(grid[date("2026-11-12")]?.checkoutAllowed == false) // 1 night < min 2
        #expect(grid[date("2026-11-13")]?.checkoutAllowed == false) // closed to departure
        #expect(grid[date("2026-11-14")]?.checkoutAllowed == true)
        #expect(grid[date("2026-11-15")]?.checkoutAllowed == true)  // nights 11...14
        #expect(grid[date("2026-11-16")]?.checkoutAllowed == false) // crosses booked night 15
        #expect(grid[date("2026-11-11")]?.checkoutAllowed == false)
        // Without the booking, max nights stops it after 5.
        let open = days(listing, [], checkin: date("2026-11-11"))
        #expect(open[date("2026-11-16")]?.checkoutAllowed == true)
        #expect(open[date("2026-11-17")]?.checkoutAllowed == false)
    }

    @Test func checkinBeforeTheShownMonths() {
        let listing = makeListing(minNights: 3)
        let input = ListingCalendarInput(listing: listing, entries: [CalendarEntry(date: date("2026-12-02"), status: .booked)],
                                         checkin: date("2026-11-28"))
        let range = CalendarGrid.entryRange(start: YearMonth(year: 2026, month: 12)!, count: 1, checkin: input.checkin)
        #expect(range.lowerBound == date("2026-11-28"))
        let december = CalendarGrid.months(start: YearMonth(year: 2026, month: 12)!, count: 1, firstWeekday: .sunday,
                                           today: today, language: .ko, listing: input)[0]
        #expect(december.days[0].booking?.checkoutAllowed == true)  // 3 nights: 28, 29, 30
        #expect(december.days[1].booking?.checkoutAllowed == true)  // 4 nights, up to the 1st
        #expect(december.days[2].booking?.checkoutAllowed == false) // crosses the booked 2nd
    }

    @Test func closedToDepartureCanMakeCheckinUnreachable() {
        // min 2, max 2: the only checkout is closed to departure.
        let listing = makeListing(minNights: 2, maxNights: 2)
        let grid = days(listing, [CalendarEntry(date: date("2026-11-12"), closedToDeparture: true)])
        #expect(grid[date("2026-11-10")]?.unavailableReason == .minNightsUnreachable)
        #expect(grid[date("2026-11-11")]?.checkinAllowed == true)
    }

    @Test func pricesFollowGuestsAndWeekends() {
        let listing = makeListing(pricing: PricingRules(basePrice: 100_000, weekendPrice: 120_000, extraGuestFee: 10_000, guestsIncluded: 1))
        let grid = days(listing, [CalendarEntry(date: date("2026-11-05"), price: 80_000)], guests: GuestCount(adults: 2))
        #expect(grid[date("2026-11-04")]?.price == 110_000) // Wednesday
        #expect(grid[date("2026-11-05")]?.price == 90_000)  // override
        #expect(grid[date("2026-11-06")]?.price == 130_000) // Friday
    }
}
