import Domain
import Foundation
import Testing
import TestSupport

/// Requests that used to be answered too kindly: an unknown query parameter (a typo would
/// widen a search), a box that crosses the antimeridian (matched nothing), nights the host
/// has not opened yet (read like taken nights).
@Suite struct QueryStrictnessEndToEndTests {
    let server = APITestServer.shared

    func problem(_ target: String, status: Int = 400) throws -> [String: Any] {
        try server.json(target, status: status)
    }

    func invalidNames(_ body: [String: Any]) -> [String] {
        (body["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static let unknownParameterTargets = [
        "/listings?locationId=1&minPirce=100",
        "/listings/map?bbox=37,126,38,127&zoom=10&minPirce=100",
        "/price-histogram?bbox=37,126,38,127&minPirce=100",
        "/locations?query=seoul&minPirce=100",
        "/locations/popular?minPirce=100",
        "/locations/nearby?lat=37.5&lng=127&minPirce=100",
        "/locations/1?minPirce=100",
        "/listings/101?minPirce=100",
        "/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&minPirce=100",
        "/calendar?minPirce=100",
    ]

    @Test(arguments: unknownParameterTargets)
    func anUnknownParameterIsNamed(target: String) throws {
        let body = try problem(target)
        #expect(body["type"] as? String == "/problems/invalid-parameters")
        #expect(invalidNames(body) == ["minPirce"])
        let reason = (body["invalidParams"] as? [[String: Any]])?.first?["reason"] as? String
        #expect(reason == "is not a parameter of this route")
    }

    @Test func everyUnknownParameterIsNamedAfterTheBadKnownOnes() throws {
        let body = try problem("/listings?locatoinId=1&limit=0&instantbook=true")
        #expect(invalidNames(body) == ["limit", "locatoinId", "instantbook"])
    }

    @Test func pastTheSixtyFourthParameterUnknownOnesAreNamedAndKnownOnesAccepted() throws {
        // The reader tracks the first 64 positions as bits and the rest apart: the route's own
        // parameters at positions 70 and 71 are accepted, every unknown one named, in order.
        let unknown = (0..<70).map { "x\($0)" }
        let body = try problem("/locations?" + unknown.map { "\($0)=1" }.joined(separator: "&") + "&query=seoul&limit=5")
        #expect(invalidNames(body) == unknown)
    }

    @Test func theRoutesOwnParametersAreAccepted() throws {
        // Every documented parameter of /listings at once, as the web client sends them.
        _ = try server.json("/listings?locationId=1&checkin=2028-01-10&checkout=2028-01-13&adults=2&children=0"
                            + "&infants=0&minPrice=0&maxPrice=900000&roomType=entire_home&sort=price_asc&limit=10")
        _ = try server.json("/price-histogram?locationId=1&adults=2&children=0&infants=0&bins=30")
        _ = try server.json("/calendar?start=2028-01&months=2&firstWeekday=monday")
    }

    @Test(arguments: ["/listings", "/listings/map", "/price-histogram"])
    func aBoxAcrossTheAntimeridianIsRefused(route: String) throws {
        let body = try problem("\(route)?bbox=30,170,40,-170" + (route == "/listings/map" ? "&zoom=3" : ""))
        #expect(body["type"] as? String == "/problems/invalid-parameters")
        #expect(invalidNames(body) == ["bbox"])
    }

    @Test(arguments: ["/listings", "/listings/map", "/price-histogram"])
    func aBoxWithSouthAboveNorthIsRefused(route: String) throws {
        let body = try problem("\(route)?bbox=38,126,37,127" + (route == "/listings/map" ? "&zoom=3" : ""))
        #expect(invalidNames(body) == ["bbox"])
    }
}

/// Nights past a listing's booking window are "not open yet", on the quote and the booking.
@Suite(.serialized) struct DatesNotOpenEndToEndTests {
    static let server: APITestServer = {
        do { return try APITestServer(catalog: CalendarFixture.make) }
        catch { fatalError("cannot start the calendar test server: \(error)") }
    }()

    @Test func quoteAndBookingSayNotOpenYet() throws {
        let target = "/quote?listingId=\(CalendarFixture.strict)&checkin=2028-02-19&checkout=2028-02-22"
        let quote = try Self.server.json(target, status: 409)
        #expect(quote["type"] as? String == "/problems/dates-not-open")
        #expect(quote["availableUntil"] as? [String] == ["2028-02-20"])
        #expect(quote["unavailableDates"] as? [String] == ["2028-02-20", "2028-02-21"])

        let guest = try BookingClient.newGuest(port: Self.server.port)
        let booking = try guest.book(["listingId": "\(CalendarFixture.strict)", "checkin": "2028-02-19",
                                      "checkout": "2028-02-22", "adults": 2, "expectedTotal": 1])
        #expect(booking.status == 409)
        #expect(booking.object["type"] as? String == "/problems/dates-not-open")
        #expect(booking.object["unavailableDates"] as? [String] == ["2028-02-20", "2028-02-21"])
    }

    @Test func takenNightsAreStillUnavailable() throws {
        let target = "/quote?listingId=\(CalendarFixture.strict)&checkin=2028-01-07&checkout=2028-01-10"
        let quote = try Self.server.json(target, status: 409)
        #expect(quote["type"] as? String == "/problems/dates-unavailable")
    }
}
