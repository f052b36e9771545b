import Foundation
import Testing

/// `/health`, `/locations*` and `/calendar` over a real socket.
@Suite struct LocationsAndCalendarEndToEndTests {
    let server = APITestServer.shared

    func names(_ query: String) throws -> [String] {
        let body = try server.json("/locations?query=\(APITestServer.encode(query))")
        return (body["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func health() throws {
        let health = try server.get("/health")
        #expect(health.status == 200)
        #expect(health.text == #"{"status":"ok"}"#)
        #expect(health.header("Content-Type") == "application/json; charset=utf-8")
        #expect(health.header("Date") != nil)
        #expect(try server.get("/health/ready").status == 200)
        let missing = try server.get("/nowhere")
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/problem+json")
    }

    @Test func initialConsonantQueries() throws {
        #expect(try names("ㅅㅇ").first == "서울")
        #expect(try names("ㄱㄴ").first == "강남구")
        #expect(try names("강ㄴ").first == "강남구")
        #expect(try names("ㅎㅇㄷ").first == "해운대구")
    }

    @Test func rankingAndEnglishNames() throws {
        #expect(try names("SEOUL") == ["서울"])
        // Exact before prefix: 부산 before 부산's districts that merely start alike.
        #expect(try names("부산").first == "부산")
        let english = try server.json("/locations?query=gangnam", headers: [("Accept-Language", "en")])
        let first = try #require((english["items"] as? [[String: Any]])?.first)
        #expect(first["name"] as? String == "Gangnam-gu")
        #expect(first["kind"] as? String == "district")
        #expect(first["listingCount"] as? Int == 6)   // 101 in 역삼동 + five of the ten Seoul listings
        #expect(first["coordinate"] is [String: Any])
        #expect(first["id"] is String)
    }

    @Test func locationParametersAreChecked() throws {
        let body = try server.json("/locations?limit=21", status: 400)
        #expect(Set(invalidNames(body)) == ["query", "limit"])
        let badEscape = try server.get("/locations?query=%E3%85")
        #expect(badEscape.status == 400)
        let nearby = try server.json("/locations/nearby?lat=100&lng=abc", status: 400)
        #expect(Set(invalidNames(nearby)) == ["lat", "lng"])
    }

    @Test func popularNearbyAndDetail() throws {
        let popular = try server.json("/locations/popular?limit=2")
        let top = try #require(popular["items"] as? [[String: Any]])
        #expect(top.first?["name"] as? String == "서울")
        #expect(top.first?["imageUrl"] as? String == "https://example.com/seoul.jpg")
        let nearby = try server.json("/locations/nearby?lat=35.16&lng=129.16&limit=1")
        let closest = try #require((nearby["items"] as? [[String: Any]])?.first)
        #expect(closest["name"] as? String == "해운대구")
        #expect((closest["distanceKm"] as? Double ?? 99) < 1)
        #expect((closest["driveMinutes"] as? Int ?? 0) >= 5)
        let id = try #require(closest["id"] as? String)
        let detail = try server.json("/locations/\(id)")
        let bounds = try #require(detail["bounds"] as? [String: Any])
        #expect((bounds["southWest"] as? [String: Any])?["lat"] as? Double == 35.1587)
        _ = try server.json("/locations/987654", status: 404)
    }

    @Test func listingCalendarMarksBookedPastAndClosedDays() throws {
        let body = try server.json("/calendar?listingId=101&start=2027-12&months=2")
        #expect(body["today"] as? String == "2027-12-20")
        #expect(body["timeZone"] as? String == "Asia/Seoul")
        #expect(body["weekdayNames"] as? [String] == ["일", "월", "화", "수", "목", "금", "토"])
        let months = try #require(body["months"] as? [[String: Any]])
        #expect(months.map { $0["title"] as? String } == ["2027년 12월", "2028년 1월"])
        #expect(months.first?["leadingBlanks"] as? Int == 3)   // 2027-12-01 is a Wednesday
        let days = months.flatMap { $0["days"] as? [[String: Any]] ?? [] }
        func day(_ date: String) -> [String: Any] { days.first { $0["date"] as? String == date }! }
        #expect(day("2027-12-19")["unavailableReason"] as? String == "past")
        #expect(day("2027-12-20")["isToday"] as? Bool == true)
        #expect(day("2027-12-20")["unavailableReason"] is NSNull)
        #expect(day("2027-12-28")["unavailableReason"] as? String == "booked")
        #expect(day("2027-12-28")["available"] as? Bool == false)
        #expect(day("2027-12-28")["checkoutAllowed"] as? Bool == true)   // a stay may end as the next begins
        #expect(day("2027-12-30")["checkinAllowed"] as? Bool == true)
        #expect(day("2027-12-31")["price"] as? Int == 200_000)
        #expect(day("2028-01-01")["price"] as? Int == 120_000)
        #expect(day("2028-01-05")["unavailableReason"] as? String == "closedToArrival")
        #expect(day("2027-12-25")["isHoliday"] as? Bool == true)
        #expect(day("2028-01-01")["isHoliday"] as? Bool == true)
        #expect(day("2027-12-01")["weekday"] as? Int == 4)
    }

    @Test func checkoutDaysFollowTheChosenCheckin() throws {
        let body = try server.json("/calendar?listingId=101&start=2027-12&months=1&checkin=2027-12-24")
        let days = (body["months"] as! [[String: Any]]).flatMap { $0["days"] as! [[String: Any]] }
        func checkout(_ date: String) -> Bool? { days.first { $0["date"] as? String == date }?["checkoutAllowed"] as? Bool }
        #expect(checkout("2027-12-24") == false)
        #expect(checkout("2027-12-25") == true)
        #expect(checkout("2027-12-28") == true)
        #expect(checkout("2027-12-29") == false)   // would include the booked night of 12-28
        #expect(checkout("2027-12-31") == false)
    }

    @Test func plainCalendarInEnglishStartingOnMonday() throws {
        let body = try server.json("/calendar?start=2028-02&months=1&firstWeekday=monday",
                                   headers: [("Accept-Language", "en")])
        #expect(body["weekdayNames"] as? [String] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let month = try #require((body["months"] as? [[String: Any]])?.first)
        #expect(month["title"] as? String == "February 2028")
        #expect(month["leadingBlanks"] as? Int == 1)   // 2028-02-01 is a Tuesday
        #expect((month["days"] as? [Any])?.count == 29)
        let bad = try server.json("/calendar?months=25&start=2028-13&firstWeekday=friday", status: 400)
        #expect(Set(invalidNames(bad)) == ["months", "start", "firstWeekday"])
    }
}
