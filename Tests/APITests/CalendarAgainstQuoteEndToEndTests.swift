import Domain
import Foundation
import Testing
import TestSupport

/// The calendar's promise, checked against the route that enforces it: a day is
/// `checkoutAllowed` exactly when `/quote` accepts some stay ending there, and
/// `checkinAllowed` exactly when it accepts some stay starting there (stays are bounded by
/// the listing's maximum nights, so a bounded search is exhaustive).
@Suite(.serialized) struct CalendarAgainstQuoteEndToEndTests {
    static let server: APITestServer = {
        do { return try APITestServer(catalog: CalendarFixture.make) }
        catch { fatalError("cannot start the calendar test server: \(error)") }
    }()

    @Test(arguments: CalendarFixture.listings) func everyDayAgreesWithQuote(listing: ListingID) throws {
        let server = Self.server
        let body = try server.json("/calendar?listingId=\(listing)&start=2027-12&months=4")
        let days = (body["months"] as? [[String: Any]] ?? []).flatMap { $0["days"] as? [[String: Any]] ?? [] }
        #expect(days.count == 31 + 31 + 29 + 31)
        let maxNights = 6 // the fixture's longest allowed stay
        let client = try TestClient(port: server.port)
        var quoted: [String: Bool] = [:]
        func quotable(_ checkin: CalendarDate, _ checkout: CalendarDate) throws -> Bool {
            let key = "\(checkin)/\(checkout)"
            if let known = quoted[key] { return known }
            let response = try client.get("/quote?listingId=\(listing)&checkin=\(checkin)&checkout=\(checkout)")
            // Anything else than "valid" or "this stay is not allowed" would be a broken test.
            #expect([200, 400, 409, 422].contains(response.status), "\(key): \(response.text)")
            quoted[key] = response.status == 200
            return response.status == 200
        }
        var checkouts = 0, checkins = 0
        for day in days {
            let date = try #require(CalendarDate(day["date"] as? String ?? ""))
            let checkout = try #require(day["checkoutAllowed"] as? Bool)
            let checkin = try #require(day["checkinAllowed"] as? Bool)
            let ends = try (1...maxNights + 1).contains { try quotable(date.adding(days: -$0), date) }
            let starts = try (1...maxNights + 1).contains { try quotable(date, date.adding(days: $0)) }
            #expect(checkout == ends, "listing \(listing): checkoutAllowed on \(date)")
            #expect(checkin == starts, "listing \(listing): checkinAllowed on \(date)")
            if checkout { checkouts += 1 }
            if checkin { checkins += 1 }
        }
        // The fixture is not vacuous: both answers occur.
        #expect(checkouts > 10 && checkins > 10)
        #expect(checkouts < days.count && checkins < days.count)
    }

    /// Days past the availability window say so, rather than looking closed by the host.
    @Test func daysPastTheWindowHaveTheirOwnReason() throws {
        let body = try Self.server.json("/calendar?listingId=\(CalendarFixture.strict)&start=2027-12&months=3")
        let days = (body["months"] as? [[String: Any]] ?? []).flatMap { $0["days"] as? [[String: Any]] ?? [] }
        func reason(_ date: String) -> String? {
            days.first { $0["date"] as? String == date }?["unavailableReason"] as? String
        }
        #expect(reason("2027-12-30") == "blocked")              // closed by the host
        #expect(reason("2028-02-01") == "booked")
        #expect(reason("2028-02-19") == "minNightsUnreachable") // one night left before the window ends
        #expect(reason("2028-02-20") == "beyondWindow")
        #expect(reason("2028-02-29") == "beyondWindow")
        #expect(days.first { $0["date"] as? String == "2028-02-20" }?["checkoutAllowed"] as? Bool == true)
    }
}

/// A calendar reaching outside the supported months is refused, naming the parameter,
/// instead of being answered with fewer months than asked.
@Suite struct CalendarRangeEndToEndTests {
    let server = APITestServer.shared

    @Test func monthsPastTheSupportedRangeAre400() throws {
        // The last supported month, and a year end crossed inside the range, are fine.
        let last = try server.json("/calendar?start=9998-12&months=1")
        #expect((last["months"] as? [Any])?.count == 1)
        let crossing = try server.json("/calendar?listingId=101&start=9998-01&months=12")
        #expect((crossing["months"] as? [Any])?.count == 12)
        #expect(invalidNames(try server.json("/calendar?start=9998-12&months=2", status: 400)) == ["months"])
        #expect(invalidNames(try server.json("/calendar?listingId=101&start=9998-06&months=24", status: 400))
                == ["months"])
        #expect(invalidNames(try server.json("/calendar?start=9999-06&months=12", status: 400)) == ["start"])
        #expect(invalidNames(try server.json("/calendar?start=9999-12", status: 400)) == ["start"])
        #expect(invalidNames(try server.json("/calendar?start=0001-01&months=1", status: 400)) == ["start"])
        // A months already out of 1...24 is reported once.
        #expect(invalidNames(try server.json("/calendar?start=9998-12&months=25", status: 400)) == ["months"])
    }
}
