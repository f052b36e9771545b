import Testing
@testable import Domain

@Suite struct StayValidatorTests {
    let listing = makeListing(maxGuests: 3, minNights: 2, maxNights: 10, availableUntil: date("2026-12-01"))

    func check(_ s: Stay, _ entries: [CalendarEntry] = [], guests: GuestCount = GuestCount()) -> StaysError? {
        do throws(StaysError) {
            try StayValidator.validate(listing: listing, entries: entries, stay: s, guests: guests)
            return nil
        } catch { return error }
    }

    @Test func acceptsAFreeStay() {
        #expect(check(stay("2026-10-01", "2026-10-04")) == nil)
    }

    @Test func reportsEveryUnavailableNight() {
        let entries = [CalendarEntry(date: date("2026-10-02"), status: .booked),
                       CalendarEntry(date: date("2026-10-03"), status: .blocked),
                       CalendarEntry(date: date("2026-10-05"), status: .booked)] // checkout day: fine
        #expect(check(stay("2026-10-01", "2026-10-05"), entries) == .unavailableDates([date("2026-10-02"), date("2026-10-03")]))
        #expect(check(stay("2026-11-29", "2026-12-01")) == nil)
    }

    /// Nights past the booking window alone are "not open yet"; with a taken night among
    /// them the stay is "not available", naming every unavailable night as before.
    @Test func nightsPastTheWindowAreNotOpenYet() {
        #expect(check(stay("2026-11-29", "2026-12-02"))
                == .datesNotOpen(availableUntil: date("2026-12-01"), dates: [date("2026-12-01")]))
        #expect(check(stay("2026-12-03", "2026-12-05"))
                == .datesNotOpen(availableUntil: date("2026-12-01"), dates: [date("2026-12-03"), date("2026-12-04")]))
        let booked = [CalendarEntry(date: date("2026-11-29"), status: .booked)]
        #expect(check(stay("2026-11-29", "2026-12-02"), booked)
                == .unavailableDates([date("2026-11-29"), date("2026-12-01")]))
    }

    @Test func rules() {
        #expect(check(stay("2026-10-01", "2026-10-02")) == .stayRuleViolated(.minNights(required: 2)))
        #expect(check(stay("2026-10-01", "2026-10-12")) == .stayRuleViolated(.maxNights(allowed: 10)))
        let override = [CalendarEntry(date: date("2026-10-01"), minNights: 1)]
        #expect(check(stay("2026-10-01", "2026-10-02"), override) == nil)
        #expect(check(stay("2026-10-01", "2026-10-03"), [CalendarEntry(date: date("2026-10-01"), closedToArrival: true)])
                == .stayRuleViolated(.closedToArrival(date("2026-10-01"))))
        #expect(check(stay("2026-10-01", "2026-10-03"), [CalendarEntry(date: date("2026-10-03"), closedToDeparture: true)])
                == .stayRuleViolated(.closedToDeparture(date("2026-10-03"))))
        #expect(check(stay("2026-10-01", "2026-10-03"), guests: GuestCount(adults: 2, children: 2))
                == .stayRuleViolated(.capacity(maxGuests: 3)))
        #expect(check(stay("2026-10-01", "2026-10-03"), guests: GuestCount(adults: 2, children: 1, infants: 3)) == nil)
    }
}
