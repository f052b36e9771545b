import Testing
import TestSupport
@testable import Domain

/// Without a chosen check-in, `checkinAllowed` and `checkoutAllowed` promise that some valid
/// stay starts (or ends) on the day: the grid must agree with `StayValidator`, the rule
/// `/quote` and bookings apply, over every day.
@Suite struct CalendarCheckoutTests {
    func grid(_ listing: Listing, _ entries: [CalendarEntry], today: CalendarDate, start: YearMonth,
              months: Int) -> [(CalendarDate, DayBooking)] {
        let input = ListingCalendarInput(listing: listing, entries: entries)
        return CalendarGrid.months(start: start, count: months, firstWeekday: .sunday, today: today, language: .ko,
                                   listing: input)
            .flatMap { $0.days.map { ($0.date, $0.booking!) } }
    }

    func valid(_ listing: Listing, _ entries: [CalendarEntry], _ checkin: CalendarDate, _ checkout: CalendarDate,
               today: CalendarDate) -> Bool {
        guard checkin >= today, let stay = Stay(checkin: checkin, checkout: checkout),
              stay.nights <= StayParameters.maxNights else { return false }
        do { try StayValidator.validate(listing: listing, entries: entries, stay: stay, guests: GuestCount()) }
        catch { return false }
        return true
    }

    @Test func aSingleFreeNightUnderATwoNightMinimumEndsNoStay() {
        // Nights 11-30 and 12-02 booked: 12-01 is a single free night, 2-night minimum.
        let listing = makeListing(minNights: 2)
        let entries = [CalendarEntry(date: date("2026-11-30"), status: .booked),
                       CalendarEntry(date: date("2026-12-02"), status: .booked)]
        let days = Dictionary(uniqueKeysWithValues: grid(listing, entries, today: date("2026-11-03"),
                                                         start: YearMonth(year: 2026, month: 11)!, months: 2))
        #expect(days[date("2026-12-01")]?.checkinAllowed == false)
        #expect(days[date("2026-12-02")]?.checkoutAllowed == false) // only stay ending here: 1 night
        #expect(days[date("2026-11-30")]?.checkoutAllowed == true)  // 11-28..11-30
        #expect(days[date("2026-12-04")]?.checkoutAllowed == false) // 12-03 alone: 1 night
        #expect(days[date("2026-12-05")]?.checkoutAllowed == true)
    }

    @Test func checkoutOnTheFirstShownDayFromAnEarlierCheckin() {
        // Minimum 5 nights: a stay ending on 2027-01-01 must start in December.
        let listing = makeListing(minNights: 5)
        let days = Dictionary(uniqueKeysWithValues: grid(listing, [], today: date("2026-12-20"),
                                                         start: YearMonth(year: 2027, month: 1)!, months: 1))
        #expect(days[date("2027-01-01")]?.checkoutAllowed == true)   // 12-27..12-31
        // From today 2027-12-30 nothing can end before 2028-01-04.
        let later = Dictionary(uniqueKeysWithValues: grid(listing, [], today: date("2027-12-30"),
                                                          start: YearMonth(year: 2027, month: 12)!, months: 2))
        #expect(later[date("2028-01-03")]?.checkoutAllowed == false)
        #expect(later[date("2028-01-04")]?.checkoutAllowed == true)
    }

    /// Random calendars: every day's flags equal the brute force over `StayValidator`.
    @Test(arguments: 0..<60) func flagsAgreeWithTheValidator(seed: Int) {
        var random = TestRandom(seed: UInt64(seed) &* 7919 &+ 13)
        let today = date("2027-12-20").adding(days: random.next(in: -40...40))
        let start = YearMonth(year: 2028, month: 1)!.adding(months: random.next(in: -2...1))!
        let months = random.next(in: 1...3)
        let minNights = random.next(in: 1...4)
        let maxNights = minNights + random.next(in: 0...6)
        let until = random.chance(30) ? start.firstDay.adding(days: random.next(in: 10...80)) : nil
        let listing = makeListing(minNights: minNights, maxNights: maxNights, availableUntil: until)
        var entries: [CalendarEntry] = []
        var day = start.firstDay.adding(days: -30)
        while day < start.firstDay.adding(days: 130) {
            if random.chance(35) {
                var entry = CalendarEntry(date: day)
                switch random.next(below: 6) {
                case 0: entry.status = .booked
                case 1: entry.status = .blocked
                case 2: entry.closedToArrival = true
                case 3: entry.closedToDeparture = true
                case 4: entry.minNights = random.next(in: 1...5); entry.maxNights = entry.minNights! + random.next(in: 0...3)
                default: entry.closedToArrival = true; entry.closedToDeparture = true
                }
                entries.append(entry)
            }
            day = day.adding(days: 1)
        }
        let bound = 12 // longer than any stay these calendars allow
        for (date, booking) in grid(listing, entries, today: today, start: start, months: months) {
            let ends = (1...bound).contains { valid(listing, entries, date.adding(days: -$0), date, today: today) }
            let starts = (1...bound).contains { valid(listing, entries, date, date.adding(days: $0), today: today) }
            #expect(booking.checkoutAllowed == ends, "seed \(seed): checkout \(date)")
            #expect(booking.checkinAllowed == starts, "seed \(seed): checkin \(date)")
        }
    }
}
