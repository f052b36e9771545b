import Domain
import Foundation
import TestSupport
import Testing

/// The booking write path over real sockets, against the fixture catalog (today is
/// 2027-12-20; listing 101 is 100,000 a night, weekends 120,000, booked 12-28 and 12-29).
/// Each test starts its own server: they write. Most run once per storage engine
/// (`APITestServer.Engine`): the same test code on SQLite and, when configured, PostgreSQL.
@Suite struct BookingEndToEndTests {
    static let stay = ["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13"]

    func quoteTotal(_ server: APITestServer, _ query: String) throws -> Int64 {
        try #require(int64(try server.json("/quote?\(query)")["total"]))
    }

    func bookingBody(total: Int64, adults: Int = 2, _ stay: [String: String] = Self.stay) -> [String: Any] {
        var body: [String: Any] = stay
        body["adults"] = adults
        body["expectedTotal"] = total
        return body
    }

    @Test(arguments: APITestServer.Engine.available)
    func bookingShowsEverywhereAndCancellingFreesTheNights(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let query = "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2"
        let total = try quoteTotal(server, query)
        let search = "/listings?checkin=2028-01-10&checkout=2028-01-13&adults=2&limit=50"
        func searchIDs() throws -> [String] {
            (try server.json(search)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try searchIDs().contains("101"))

        let created = try guest.book(bookingBody(total: total))
        #expect(created.status == 201, "\(created.text)")
        let reservation = created.object
        let id = try #require(reservation["id"] as? String)
        #expect(created.header("Location") == "/reservations/\(id)")
        #expect(reservation["status"] as? String == "confirmed")
        #expect(reservation["nights"] as? Int == 3)
        #expect(int64(reservation["total"]) == total)
        let lines = (reservation["lineItems"] as? [[String: Any]] ?? []).compactMap { int64($0["amount"]) }
        #expect(lines.reduce(0, +) == total)
        #expect((reservation["listing"] as? [String: Any])?["title"] as? String == "숙소 101")
        #expect(reservation["cancellationPolicy"] as? String == "moderate")
        #expect((reservation["createdAt"] as? String)?.hasSuffix("Z") == true)

        // Read your writes: search, quote, calendar and histogram see it at once.
        #expect(try !searchIDs().contains("101"))
        let conflict = try server.json("/quote?\(query)", status: 409)
        #expect(conflict["unavailableDates"] as? [String] == ["2028-01-10", "2028-01-11", "2028-01-12"])
        let calendar = try server.json("/calendar?listingId=101&start=2028-01&months=1")
        let days = (calendar["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []
        let tenth = days.first { $0["date"] as? String == "2028-01-10" }
        #expect(tenth?["available"] as? Bool == false)
        let read = try guest.send("GET", "/reservations/\(id)")
        #expect(read.status == 200)
        #expect(read.object["id"] as? String == id)

        let cancelled = try guest.send("POST", "/reservations/\(id)/cancel")
        #expect(cancelled.status == 200, "\(cancelled.text)")
        #expect(cancelled.object["status"] as? String == "cancelled")
        let refund = try #require(cancelled.object["refund"] as? [String: Any])
        let refundLines = (refund["lines"] as? [[String: Any]] ?? []).compactMap { int64($0["amount"]) }
        #expect(refundLines.reduce(0, +) == int64(refund["total"]))
        #expect(int64(refund["total"])! + int64(refund["retained"])! == total)
        // 21 days before check-in under `moderate`: everything back.
        #expect(int64(refund["total"]) == total)
        #expect(try searchIDs().contains("101"))
        _ = try server.json("/quote?\(query)")
        let again = try guest.send("POST", "/reservations/\(id)/cancel")
        #expect(again.status == 200)
        #expect(again.body == cancelled.body)
    }

    @Test(arguments: APITestServer.Engine.available)
    func guestRoutesNeedAValidBearerToken(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let anonymous = BookingClient(port: server.port, token: nil)
        for (method, target) in [("GET", "/reservations"), ("POST", "/reservations"), ("GET", "/wishlist"),
                                 ("PUT", "/wishlist/101"), ("POST", "/reservations/1/cancel")] {
            let response = try anonymous.send(method, target)
            #expect(response.status == 401, "\(method) \(target)")
            #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(response.object["type"] as? String == "/problems/unauthenticated")
        }
        for token in ["not-a-token", String(repeating: "A", count: 43)] {
            let response = try BookingClient(port: server.port, token: token).send("GET", "/reservations")
            #expect(response.status == 401)
        }
        let created = try BookingClient(port: server.port, token: nil).send("POST", "/guests")
        #expect(created.status == 201)
        #expect((created.object["token"] as? String)?.utf8.count == 43)
        #expect(created.object["id"] is String)
    }

    @Test(arguments: APITestServer.Engine.available)
    func anotherGuestsReservationIsNotFound(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let owner = try BookingClient.newGuest(port: server.port)
        let stranger = try BookingClient.newGuest(port: server.port)
        let total = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let id = try #require(try owner.book(bookingBody(total: total)).object["id"] as? String)
        let theirs = try stranger.send("GET", "/reservations/\(id)")
        let unknown = try stranger.send("GET", "/reservations/999999")
        #expect(theirs.status == 404)
        #expect(unknown.status == 404)
        #expect(theirs.object["detail"] as? String == unknown.object["detail"] as? String)
        #expect(try stranger.send("POST", "/reservations/\(id)/cancel").status == 404)
        #expect((try stranger.send("GET", "/reservations").object["items"] as? [Any])?.isEmpty == true)
        #expect(try owner.send("GET", "/reservations/\(id)").object["status"] as? String == "confirmed")
    }

    @Test(arguments: APITestServer.Engine.available)
    func idempotencyKeyReplaysTheFirstAnswer(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let first = try guest.book(bookingBody(total: total), key: "trip-1")
        #expect(first.status == 201)
        let replay = try guest.book(bookingBody(total: total), key: "trip-1")
        #expect(replay.status == 201)
        #expect(replay.body == first.body)
        #expect(replay.header("Idempotent-Replayed") == "true")

        let different = try guest.book(bookingBody(total: total, adults: 1), key: "trip-1")
        #expect(different.status == 422)
        #expect(different.object["type"] as? String == "/problems/idempotency-key-reused")

        // After a cancel the replay still answers the original 201 and books nothing.
        let id = try #require(first.object["id"] as? String)
        #expect(try guest.send("POST", "/reservations/\(id)/cancel").status == 200)
        let afterCancel = try guest.book(bookingBody(total: total), key: "trip-1")
        #expect(afterCancel.status == 201)
        #expect(afterCancel.body == first.body)
        _ = try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let trips = try guest.send("GET", "/reservations").object["items"] as? [[String: Any]] ?? []
        #expect(trips.count == 1)

        // Keys are per guest: another guest's same key is a new booking.
        let other = try BookingClient.newGuest(port: server.port)
        #expect(try other.book(bookingBody(total: total), key: "trip-1").status == 201)
    }

    @Test(arguments: APITestServer.Engine.available)
    func aKeyIsRequiredAndValidated(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let body = try guest.json(bookingBody(total: 1))
        let missing = try guest.send("POST", "/reservations", body: body)
        #expect(missing.status == 400)
        #expect(missing.object["type"] as? String == "/problems/invalid-idempotency-key")
        for key in [String(repeating: "k", count: 256), "has space"] {
            let response = try guest.send("POST", "/reservations", headers: [("Idempotency-Key", key)], body: body)
            #expect(response.status == 400, "\(key)")
        }
    }

    @Test(arguments: APITestServer.Engine.available)
    func aChangedPriceAnswers409WithTheCurrentQuoteAndWritesNothing(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let stale = try guest.book(bookingBody(total: total - 1), key: "k")
        #expect(stale.status == 409)
        #expect(stale.object["type"] as? String == "/problems/price-changed")
        #expect(int64((stale.object["currentQuote"] as? [String: Any])?["total"]) == total)
        // Nothing written: the nights are free and the key is unused.
        _ = try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        #expect(try guest.book(bookingBody(total: total), key: "k").status == 201)
    }

    @Test(arguments: APITestServer.Engine.available)
    func quoteProblemsAreTheBookingsProblems(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        // Booked nights in the fixture: 409 naming them.
        let taken = try guest.book(bookingBody(total: 1, ["listingId": "101", "checkin": "2027-12-27", "checkout": "2027-12-30"]))
        #expect(taken.status == 409)
        #expect(taken.object["unavailableDates"] as? [String] == ["2027-12-28", "2027-12-29"])
        // Closed to arrival: 422 naming the rule.
        let rule = try guest.book(bookingBody(total: 1, ["listingId": "101", "checkin": "2028-01-05", "checkout": "2028-01-07"]))
        #expect(rule.status == 422)
        #expect(rule.object["rule"] as? [String] == ["closed_to_arrival"])
        let unknown = try guest.book(bookingBody(total: 1, ["listingId": "999", "checkin": "2028-01-05", "checkout": "2028-01-07"]))
        #expect(unknown.status == 404)
        let past = try guest.book(bookingBody(total: 1, ["listingId": "101", "checkin": "2027-12-01", "checkout": "2027-12-03"]))
        #expect(past.status == 400)
        #expect((past.object["invalidParams"] as? [[String: Any]])?.first?["name"] as? String == "checkin")
    }

    @Test(arguments: APITestServer.Engine.available)
    func badBodiesNameEveryBadFieldAndWriteNothing(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let key = [("Idempotency-Key", "same-key")]
        let wrong = try guest.send("POST", "/reservations", headers: key, body: Array(#"{"listingId": 101, "checkin": "2028-01-10", "adults": 0, "infants": 9, "expectedTotal": "1", "pets": 2}"#.utf8))
        #expect(wrong.status == 400)
        let names = Set((wrong.object["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["listingId", "checkout", "adults", "infants", "expectedTotal", "pets"]), "\(names)")
        let malformed = try guest.send("POST", "/reservations", headers: key, body: Array("{\"listingId\": \"101\",".utf8))
        #expect(malformed.status == 400)
        let notJSON = try guest.send("POST", "/reservations", headers: key + [("Content-Type", "text/plain")],
                                     body: Array("hello".utf8))
        #expect(notJSON.status == 415)
        let huge = try guest.send("POST", "/reservations", headers: key,
                                  body: Array(("{\"listingId\": \"" + String(repeating: "1", count: 20_000) + "\"}").utf8))
        #expect(huge.status == 413)
        // The key was never used by any of them.
        let total = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        #expect(try guest.book(bookingBody(total: total), key: "same-key").status == 201)
    }

    @Test(arguments: APITestServer.Engine.available)
    func backToBackStaysBothSucceed(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let first = try BookingClient.newGuest(port: server.port)
        let second = try BookingClient.newGuest(port: server.port)
        let a = ["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-12"]
        let b = ["listingId": "101", "checkin": "2028-01-12", "checkout": "2028-01-14"]
        let totalA = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-12&adults=2")
        let totalB = try quoteTotal(server, "listingId=101&checkin=2028-01-12&checkout=2028-01-14&adults=2")
        #expect(try first.book(bookingBody(total: totalA, a)).status == 201)
        #expect(try second.book(bookingBody(total: totalB, b)).status == 201)
    }

    /// 200 concurrent requests for overlapping stays of one listing, from different guests
    /// and keys: exactly one 201; every other answer is a 409 naming exactly the nights it
    /// shares with the winner.
    @Test(arguments: APITestServer.Engine.available)
    func concurrentOverlappingBookingsYieldExactlyOneReservation(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let start = CalendarDay(2028, 2, 1)
        // Stays of 1-4 nights starting within 3 days: every pair overlaps on 2028-02-03.
        var stays: [(checkin: Int, nights: Int)] = []
        for index in 0..<200 { stays.append((index % 3, 3 - index % 3 + index % 2)) }
        var requests: [(BookingClient, [String: Any])] = []
        for stay in stays {
            let checkin = start.adding(stay.checkin), checkout = start.adding(stay.checkin + stay.nights)
            let total = try quoteTotal(server, "listingId=101&checkin=\(checkin)&checkout=\(checkout)&adults=2")
            requests.append((try BookingClient.newGuest(port: server.port),
                             bookingBody(total: total, ["listingId": "101", "checkin": "\(checkin)", "checkout": "\(checkout)"])))
        }
        let results = UnsafeSendableBox([ClientResponse?](repeating: nil, count: requests.count))
        let work = UnsafeSendableBox(requests)
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let response = try? work.value[index].0.book(work.value[index].1)
            results.lock.withLock { results.value[index] = response }
        }
        let responses = results.value.map { $0 ?? ClientResponse.failed }
        let winners = responses.indices.filter { responses[$0].status == 201 }
        #expect(winners.count == 1)
        #expect(responses.allSatisfy { $0.status == 201 || $0.status == 409 }, "\(Set(responses.map { $0.status }))")
        guard let winner = winners.first else { return }
        let won = stays[winner]
        let wonNights = Set((won.checkin..<won.checkin + won.nights).map { start.adding($0) })
        for index in responses.indices where index != winner {
            let mine = Set((stays[index].checkin..<stays[index].checkin + stays[index].nights).map { start.adding($0) })
            let named = responses[index].object["unavailableDates"] as? [String] ?? []
            #expect(named == mine.intersection(wonNights).sorted().map { $0.description }, "request \(index)")
        }
    }

    @Test(arguments: APITestServer.Engine.available)
    func tripsListUpcomingFirstThenPastAndCancelledWithPaging(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        var ids: [String: String] = [:]
        for (name, checkin, checkout) in [("late", "2028-03-01", "2028-03-03"), ("early", "2028-01-10", "2028-01-12"),
                                          ("middle", "2028-02-01", "2028-02-03"), ("cancelled", "2028-04-01", "2028-04-02")] {
            let total = try quoteTotal(server, "listingId=101&checkin=\(checkin)&checkout=\(checkout)&adults=2")
            let response = try guest.book(bookingBody(total: total, ["listingId": "101", "checkin": checkin, "checkout": checkout]))
            ids[name] = try #require(response.object["id"] as? String)
        }
        #expect(try guest.send("POST", "/reservations/\(ids["cancelled"]!)/cancel").status == 200)
        var seen: [String] = []
        var cursor: String?
        repeat {
            let target = "/reservations?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try guest.send("GET", target).object
            seen += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page["nextCursor"] as? String
        } while cursor != nil && seen.count < 10
        #expect(seen == [ids["early"]!, ids["middle"]!, ids["late"]!, ids["cancelled"]!])
        #expect(try guest.send("GET", "/reservations?cursor=bogus").status == 400)
    }

    @Test(arguments: APITestServer.Engine.available)
    func wishlistSavesRemovesAndPrices(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        #expect(try guest.send("PUT", "/wishlist/101").status == 204)
        #expect(try guest.send("PUT", "/wishlist/101").status == 204)
        #expect(try guest.send("PUT", "/wishlist/202").status == 204)
        #expect(try guest.send("PUT", "/wishlist/999").status == 404)
        var items = try guest.send("GET", "/wishlist").object["items"] as? [[String: Any]] ?? []
        #expect(items.compactMap { $0["id"] as? String } == ["202", "101"])
        let query = "checkin=2028-01-10&checkout=2028-01-13&adults=2"
        items = try guest.send("GET", "/wishlist?\(query)").object["items"] as? [[String: Any]] ?? []
        let card = items.first { $0["id"] as? String == "101" }
        #expect(int64(card?["totalPrice"]) == (try quoteTotal(server, "listingId=101&\(query)")))
        #expect(card?["available"] as? Bool == true)
        #expect(try guest.send("DELETE", "/wishlist/101").status == 204)
        #expect(try guest.send("DELETE", "/wishlist/101").status == 204)
        items = try guest.send("GET", "/wishlist").object["items"] as? [[String: Any]] ?? []
        #expect(items.compactMap { $0["id"] as? String } == ["202"])
        let other = try BookingClient.newGuest(port: server.port)
        #expect((try other.send("GET", "/wishlist").object["items"] as? [Any])?.isEmpty == true)
    }

    /// The same key sent many times at once by one guest: one reservation; every answer is
    /// the original 201 (or a 409 from a request that lost the race for the nights before
    /// the key was stored — not possible with serialized writes, but allowed by the contract).
    @Test(arguments: APITestServer.Engine.available)
    func concurrentRequestsWithOneKeyCreateOneReservation(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try quoteTotal(server, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let body = try guest.json(bookingBody(total: total))
        let results = UnsafeSendableBox([ClientResponse?](repeating: nil, count: 32))
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            let response = try? guest.send("POST", "/reservations", headers: [("Idempotency-Key", "once")], body: body)
            results.lock.withLock { results.value[index] = response }
        }
        let responses = results.value.map { $0 ?? ClientResponse.failed }
        #expect(responses.allSatisfy { $0.status == 201 || $0.status == 409 })
        let created = responses.filter { $0.status == 201 }
        #expect(Set(created.map(\.body)).count == 1)
        #expect(created.filter { $0.header("Idempotent-Replayed") == nil }.count == 1)
        let trips = try guest.send("GET", "/reservations").object["items"] as? [[String: Any]] ?? []
        #expect(trips.count == 1)
    }

    /// Read your writes: after every 201, a search for the booked nights (issued at once, on a
    /// new connection) never returns the booked listing; after the cancel it does again.
    @Test(arguments: APITestServer.Engine.available)
    func aSearchAfterA201NeverReturnsTheBookedListing(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let start = CalendarDay(2028, 3, 1)
        var booked: [(id: String, search: String, listing: String)] = []
        for round in 0..<30 {
            let listing = "\(201 + round % 10)"
            let checkin = start.adding(round * 3), checkout = checkin.adding(2)
            let search = "/listings?checkin=\(checkin)&checkout=\(checkout)&adults=1&limit=50"
            let before = (try server.json(search)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(before.contains(listing))
            let total = try quoteTotal(server, "listingId=\(listing)&checkin=\(checkin)&checkout=\(checkout)&adults=1")
            let response = try guest.book(bookingBody(total: total, adults: 1,
                                                      ["listingId": listing, "checkin": "\(checkin)", "checkout": "\(checkout)"]))
            #expect(response.status == 201)
            let after = (try server.json(search)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(!after.contains(listing), "round \(round): \(listing) still offered for \(checkin)")
            booked.append((try #require(response.object["id"] as? String), search, listing))
        }
        for (id, search, listing) in booked.prefix(5) {
            #expect(try guest.send("POST", "/reservations/\(id)/cancel").status == 200)
            let again = (try server.json(search)["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(again.contains(listing))
        }
    }

    /// Once the stay's checkout day has come it can no longer be cancelled: the same
    /// database served on a later "today" answers 409 `stay-ended` and changes nothing.
    @Test func aStayWhoseCheckoutHasComeCannotBeCancelled() throws {
        let booking = try APITestServer()
        let guest = try BookingClient.newGuest(port: booking.port)
        let total = try quoteTotal(booking, "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")
        let id = try #require(try guest.book(bookingBody(total: total)).object["id"] as? String)
        for (today, status) in [(CalendarDate(year: 2028, month: 1, day: 13)!, 409),
                                (CalendarDate(year: 2028, month: 2, day: 1)!, 409)] {
            let later = try APITestServer(today: today, catalog: { _ in booking.pool })
            let client = BookingClient(port: later.port, token: guest.token)
            let response = try client.send("POST", "/reservations/\(id)/cancel")
            #expect(response.status == status)
            #expect(response.object["type"] as? String == "/problems/stay-ended")
            #expect(try client.send("GET", "/reservations/\(id)").object["status"] as? String == "confirmed")
        }
        // The day before checkout (mid-stay) it still can, under the listing's policy.
        let lastNight = try APITestServer(today: CalendarDate(year: 2028, month: 1, day: 12)!,
                                          catalog: { _ in booking.pool })
        let cancelled = try BookingClient(port: lastNight.port, token: guest.token).send("POST", "/reservations/\(id)/cancel")
        #expect(cancelled.status == 200)
        let refund = try #require(cancelled.object["refund"] as? [String: Any])
        #expect(int64(refund["total"])! + int64(refund["retained"])! == total)
    }

    @Test(arguments: APITestServer.Engine.available)
    func creatingGuestsIsRateLimitedPerAddress(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, guestsPerMinute: 3)
        let anonymous = BookingClient(port: server.port, token: nil)
        for _ in 0..<3 { #expect(try anonymous.send("POST", "/guests").status == 201) }
        let refused = try anonymous.send("POST", "/guests")
        #expect(refused.status == 429)
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(refused.object["type"] as? String == "/problems/rate-limited")
    }
}

/// A day of the 2028 calendar for building stays, printed as `YYYY-MM-DD`.
struct CalendarDay: CustomStringConvertible {
    let days: Int
    init(_ year: Int, _ month: Int, _ day: Int) {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        days = Int(calendar.date(from: components)!.timeIntervalSince1970 / 86_400)
    }
    private init(days: Int) { self.days = days }
    func adding(_ count: Int) -> CalendarDay { CalendarDay(days: days + count) }
    var description: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: Double(days) * 86_400))
    }
}

extension CalendarDay: Hashable, Comparable {
    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.days < rhs.days }
}

/// Results written from concurrent threads under a lock.
final class UnsafeSendableBox<Value>: @unchecked Sendable {
    var value: Value
    let lock = NSLock()
    init(_ value: Value) { self.value = value }
}
