import Domain
import Testing
@testable import API

private func date(_ text: String) -> CalendarDate { CalendarDate(text)! }
private func stay(_ checkin: String, _ checkout: String) -> Stay { Stay(checkin: date(checkin), checkout: date(checkout))! }

/// The parameter parsing of the API (moved here from Domain with its assertions).
@Suite struct ParameterValidationTests {
    let today = date("2026-05-10")

    func issues(_ checkin: String?, _ checkout: String?) -> [ParameterIssue] {
        do throws(StaysError) {
            _ = try StayQuery.validate(checkin: checkin, checkout: checkout, today: today)
            return []
        } catch {
            guard case .invalidParameters(let issues) = error else { return [] }
            return issues
        }
    }

    @Test func validStays() throws {
        #expect(try StayQuery.validate(checkin: nil, checkout: nil, today: today) == nil)
        #expect(try StayQuery.validate(checkin: "", checkout: "", today: today) == nil)
        #expect(try StayQuery.validate(checkin: "2026-05-10", checkout: "2026-05-11", today: today) == stay("2026-05-10", "2026-05-11"))
        #expect(try StayQuery.validate(checkin: "2026-05-10", checkout: "2027-05-10", today: today)?.nights == 365)
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
        #expect(try GuestQuery.validate(adults: nil, children: nil, infants: nil) == GuestCount(adults: 1))
        #expect(try GuestQuery.validate(adults: "2", children: "1", infants: "5") == GuestCount(adults: 2, children: 1, infants: 5))
        var found: [ParameterIssue] = []
        _ = GuestQuery.parse(adults: "0", children: "1.5", infants: "6", issues: &found)
        #expect(found == [ParameterIssue(name: "adults", reason: "must be between 1 and 99"),
                          ParameterIssue(name: "children", reason: "must be an integer"),
                          ParameterIssue(name: "infants", reason: "must be between 0 and 5")])
        found = []
        _ = GuestQuery.parse(adults: "99999999999999999999999", children: "-1", infants: "x", issues: &found)
        #expect(found.map(\.name) == ["adults", "children", "infants"])
    }
}
