import Foundation
import Testing

/// `/quote` over a real socket against the fixture catalog (today is 2027-12-20).
@Suite struct QuoteEndToEndTests {
    let server = APITestServer.shared

    func quote(_ query: String, status: Int = 200, language: String? = nil) throws -> [String: Any] {
        try server.json("/quote?\(query)", status: status, headers: language.map { [("Accept-Language", $0)] } ?? [])
    }

    func amounts(_ quote: [String: Any]) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for item in quote["lineItems"] as? [[String: Any]] ?? [] {
            result[item["kind"] as! String] = (item["amount"] as! NSNumber).int64Value
        }
        return result
    }

    func assertLinesSumToTotal(_ quote: [String: Any]) {
        let lines = (quote["lineItems"] as? [[String: Any]] ?? []).map { ($0["amount"] as! NSNumber).int64Value }
        #expect(lines.reduce(0, +) == (quote["total"] as! NSNumber).int64Value)
    }

    @Test func stayAcrossTheYearEndUsesWeekendAndOverridePrices() throws {
        let body = try quote("listingId=101&checkin=2027-12-30&checkout=2028-01-02&adults=2")
        #expect(body["nights"] as? Int == 3)
        #expect(body["currency"] as? String == "KRW")
        let nights = try #require(body["nightlyPrices"] as? [[String: Any]])
        #expect(nights.map { $0["date"] as? String } == ["2027-12-30", "2027-12-31", "2028-01-01"])
        #expect(nights.map { ($0["price"] as! NSNumber).int64Value } == [100_000, 200_000, 120_000])
        #expect(amounts(body) == ["accommodation": 420_000, "cleaning_fee": 30_000, "service_fee": 63_000, "taxes": 6_300])
        #expect((body["total"] as! NSNumber).int64Value == 519_300)
        #expect(body["averageNightlyPrice"] as? Int == 140_000)
        let labels = (body["lineItems"] as! [[String: Any]]).map { $0["label"] as! String }
        #expect(labels == ["₩140,000 x 3박", "청소비", "서비스 수수료", "숙박세와 수수료"])
        assertLinesSumToTotal(body)
    }

    @Test func extraGuestsPayPerNightAboveTheIncludedGuests() throws {
        // Infants do not count: 3 adults + 1 infant pay for one extra guest.
        let body = try quote("listingId=101&checkin=2027-12-30&checkout=2028-01-02&adults=3&infants=1")
        #expect(amounts(body)["accommodation"] == 450_000)
        #expect((body["total"] as! NSNumber).int64Value == 553_920)
        let guests = try #require(body["guests"] as? [String: Any])
        #expect(guests["adults"] as? Int == 3 && guests["children"] as? Int == 0 && guests["infants"] as? Int == 1)
        assertLinesSumToTotal(body)
    }

    @Test func leapDayIsANight() throws {
        let body = try quote("listingId=101&checkin=2028-02-28&checkout=2028-03-01")
        let nights = try #require(body["nightlyPrices"] as? [[String: Any]])
        #expect(nights.map { $0["date"] as? String } == ["2028-02-28", "2028-02-29"])
        #expect((body["total"] as! NSNumber).int64Value == 265_420)
        assertLinesSumToTotal(body)
    }

    @Test(arguments: [(6, nil), (7, "weekly_discount"), (27, "weekly_discount"), (28, "monthly_discount")] as [(Int, String?)])
    func discountEdges(nights: Int, discount: String?) throws {
        let checkout = CatalogFixture.date("2028-01-10").adding(days: nights)
        let body = try quote("listingId=101&checkin=2028-01-10&checkout=\(checkout)")
        let kinds = (body["lineItems"] as! [[String: Any]]).map { $0["kind"] as! String }
        let expected = ["accommodation"] + (discount.map { [$0] } ?? []) + ["cleaning_fee", "service_fee", "taxes"]
        #expect(kinds == expected)
        assertLinesSumToTotal(body)
        if nights == 7 {
            #expect(amounts(body) == ["accommodation": 740_000, "weekly_discount": -74_000, "cleaning_fee": 30_000,
                                      "service_fee": 97_440, "taxes": 9_744])
            #expect((body["total"] as! NSNumber).int64Value == 803_184)
        }
        if nights == 28 {
            let values = amounts(body)
            #expect(values["monthly_discount"] == -(values["accommodation"]! * 2000 / 10_000))
        }
    }

    @Test func englishLabels() throws {
        let body = try quote("listingId=101&checkin=2028-01-10&checkout=2028-01-17", language: "en-US,en;q=0.9")
        let labels = (body["lineItems"] as! [[String: Any]]).map { $0["label"] as! String }
        #expect(labels.first == "₩105,714 x 7 nights")
        #expect(labels.dropFirst().first == "Weekly stay discount")
    }

    @Test func backToBackStaysShareTheChangeoverDay() throws {
        // Nights 12-28 and 12-29 are booked: leaving on 12-28 and arriving on 12-30 both work.
        _ = try quote("listingId=101&checkin=2027-12-25&checkout=2027-12-28")
        _ = try quote("listingId=101&checkin=2027-12-30&checkout=2028-01-01")
    }

    @Test func aBookedNightInsideTheStayIsAConflict() throws {
        let body = try quote("listingId=101&checkin=2027-12-27&checkout=2027-12-29", status: 409)
        #expect(body["status"] as? Int == 409)
        #expect(body["unavailableDates"] as? [String] == ["2027-12-28"])
    }

    @Test func aStayEnclosingABookedRunIsAConflict() throws {
        let body = try quote("listingId=101&checkin=2027-12-26&checkout=2027-12-31", status: 409)
        #expect(body["unavailableDates"] as? [String] == ["2027-12-28", "2027-12-29"])
    }

    @Test func brokenStayRulesAre422() throws {
        let closed = try quote("listingId=101&checkin=2028-01-05&checkout=2028-01-07", status: 422)
        #expect(closed["rule"] as? [String] == ["closed_to_arrival"])
        let short = try quote("listingId=9007199254740993&checkin=2028-01-10&checkout=2028-01-12", status: 422)
        #expect(short["rule"] as? [String] == ["min_nights"])
        let crowded = try quote("listingId=9007199254740993&checkin=2028-01-10&checkout=2028-01-14&adults=2&children=1",
                                status: 422)
        #expect(crowded["rule"] as? [String] == ["capacity"])
    }

    @Test func badParametersAreNamed() throws {
        let missing = try quote("listingId=101&checkin=2028-01-10", status: 400)
        #expect(invalidNames(missing) == ["checkout"])
        let impossible = try quote("listingId=101&checkin=2027-02-30&checkout=2028-01-12&adults=0", status: 400)
        #expect(Set(invalidNames(impossible)) == ["checkin", "adults"])
        let past = try quote("listingId=101&checkin=2027-12-19&checkout=2027-12-21", status: 400)
        #expect(invalidNames(past) == ["checkin"])
        let tooLong = try quote("listingId=101&checkin=2028-01-01&checkout=2029-01-02", status: 400)
        #expect(invalidNames(tooLong) == ["checkout"])
        let infants = try quote("listingId=101&checkin=2028-01-10&checkout=2028-01-12&infants=6", status: 400)
        #expect(invalidNames(infants) == ["infants"])
        let response = try server.get("/quote?listingId=101")
        #expect(response.header("Content-Type") == "application/problem+json")
    }

    @Test func unknownListingIsNotFound() throws {
        let body = try quote("listingId=999999&checkin=2028-01-10&checkout=2028-01-12", status: 404)
        #expect(body["title"] as? String == "Listing not found")
    }
}

func invalidNames(_ problem: [String: Any]) -> [String] {
    (problem["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
}
