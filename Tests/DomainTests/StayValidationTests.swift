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
        #expect(check(stay("2026-11-29", "2026-12-02")) == .unavailableDates([date("2026-12-01")]))
        #expect(check(stay("2026-11-29", "2026-12-01")) == nil)
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

@Suite struct ParameterValidationTests {
    let today = date("2026-05-10")

    func issues(_ checkin: String?, _ checkout: String?) -> [ParameterIssue] {
        do throws(StaysError) {
            _ = try StayParameters.validate(checkin: checkin, checkout: checkout, today: today)
            return []
        } catch {
            guard case .invalidParameters(let issues) = error else { return [] }
            return issues
        }
    }

    @Test func validStays() throws {
        #expect(try StayParameters.validate(checkin: nil, checkout: nil, today: today) == nil)
        #expect(try StayParameters.validate(checkin: "", checkout: "", today: today) == nil)
        #expect(try StayParameters.validate(checkin: "2026-05-10", checkout: "2026-05-11", today: today) == stay("2026-05-10", "2026-05-11"))
        #expect(try StayParameters.validate(checkin: "2026-05-10", checkout: "2027-05-10", today: today)?.nights == 365)
    }

    @Test func messages() {
        #expect(issues("2026-05-12", nil) == [ParameterIssue(name: "checkout", reason: "is required when checkin is given")])
        #expect(issues(nil, "2026-05-12") == [ParameterIssue(name: "checkin", reason: "is required when checkout is given")])
        #expect(issues("2026-02-30", "2026-13-01") == [
            ParameterIssue(name: "checkin", reason: "must be a real date in YYYY-MM-DD format"),
            ParameterIssue(name: "checkout", reason: "must be a real date in YYYY-MM-DD format"),
        ])
        #expect(issues("2026-05-09", "2026-05-12") == [ParameterIssue(name: "checkin", reason: "must not be before today (2026-05-10)")])
        #expect(issues("2026-05-12", "2026-05-12") == [ParameterIssue(name: "checkout", reason: "must be after checkin")])
        #expect(issues("2026-05-10", "2027-05-11") == [ParameterIssue(name: "checkout", reason: "must be at most 365 nights after checkin")])
        // Both problems at once: past checkin and checkout before it.
        #expect(issues("2026-05-01", "2026-04-30").map(\.name) == ["checkin", "checkout"])
    }

    @Test func guests() throws {
        #expect(try GuestParameters.validate(adults: nil, children: nil, infants: nil) == GuestCount(adults: 1))
        #expect(try GuestParameters.validate(adults: "2", children: "1", infants: "5") == GuestCount(adults: 2, children: 1, infants: 5))
        var found: [ParameterIssue] = []
        _ = GuestParameters.parse(adults: "0", children: "1.5", infants: "6", issues: &found)
        #expect(found == [ParameterIssue(name: "adults", reason: "must be between 1 and 99"),
                          ParameterIssue(name: "children", reason: "must be an integer"),
                          ParameterIssue(name: "infants", reason: "must be between 0 and 5")])
        found = []
        _ = GuestParameters.parse(adults: "99999999999999999999999", children: "-1", infants: "x", issues: &found)
        #expect(found.map(\.name) == ["adults", "children", "infants"])
    }
}
