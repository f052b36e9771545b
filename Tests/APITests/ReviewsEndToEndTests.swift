import Domain
import Foundation
@testable import Persistence
import TestSupport
import Testing

/// A "today" the test moves forward, for the server's clock: the review window is counted
/// in days after checkout.
final class MovableToday: DateProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var date: CalendarDate
    init(_ date: CalendarDate) { self.date = date }
    func today(in timeZone: String) -> CalendarDate { lock.withLock { date } }
    func set(_ text: String) { lock.withLock { date = CalendarDate(text)! } }
}

/// Reviews over a real socket, on both engines: a guest and the listing's host review a
/// completed stay (double-blind until both wrote), the host answers, each wrong state answers
/// its own problem type, and the listing's rating and count agree on every screen.
@Suite struct ReviewsEndToEndTests {
    let password = "노을 지는 바닷가 2026"
    static let categories = ["cleanliness": 5, "accuracy": 4, "checkin": 5, "communication": 5, "location": 4, "value": 5]

    /// Signs up an account; its client (with the access token) and id.
    func account(_ server: APITestServer, email: String, name: String) throws -> (BookingClient, String) {
        let anonymous = BookingClient(port: server.port, token: nil)
        let created = try anonymous.send("POST", "/accounts", body: anonymous.json(
            ["email": email, "password": password, "name": name, "roles": ["guest", "host"]]))
        let token = try #require(created.object["accessToken"] as? String, "\(created.text)")
        let id = try #require((created.object["account"] as? [String: Any])?["id"] as? String)
        return (BookingClient(port: server.port, token: token), id)
    }

    /// Runs one statement on the server's database, whichever engine.
    func execute(_ server: APITestServer, _ sql: String, _ arguments: StoreArguments) throws {
        if let pool = server.pool {
            _ = try SQLiteEngine(pool: pool).write { try $0.run(sql, arguments) }
        } else if let postgres = server.postgres {
            let pool = try openCatalogPostgres(url: postgres.url, maximumConnectionCount: 1)
            defer { pool.close() }
            _ = try PostgresEngine(pool: pool).write { try $0.run(sql, arguments) }
        }
    }

    /// Books listing 101 for the stay; the reservation's id.
    func book(_ server: APITestServer, _ guest: BookingClient, _ checkin: String, _ checkout: String) throws -> String {
        let quote = try server.json("/quote?listingId=101&checkin=\(checkin)&checkout=\(checkout)&adults=2")
        let created = try guest.book(["listingId": "101", "checkin": checkin, "checkout": checkout, "adults": 2,
                                      "expectedTotal": try #require(int64(quote["total"]))])
        #expect(created.status == 201, "\(created.text)")
        return try #require(created.object["id"] as? String)
    }

    func review(_ client: BookingClient, _ reservation: String, rating: Int = 4, text: String = "  Lovely flat, very clean.  ")
        throws -> ClientResponse {
        try client.send("POST", "/reservations/\(reservation)/review",
                        body: client.json(["rating": rating, "categories": Self.categories, "text": text]))
    }

    func problemType(_ response: ClientResponse) -> String? { response.object["type"] as? String }

    @Test(arguments: APITestServer.Engine.available)
    func aGuestAndTheHostReviewAStayDoubleBlind(engine: APITestServer.Engine) throws {
        let clock = MovableToday(CalendarDate("2027-12-20")!)
        let server = try APITestServer(engine: engine, configure: { $0.dateProvider = clock })
        let (host, hostID) = try account(server, email: "host@example.com", name: "Jisoo Park")
        try execute(server, "UPDATE listings SET host_account_id = ? WHERE id = 101", [Int64(hostID)!])
        let (guest, _) = try account(server, email: "minji@example.com", name: "Minji Kim")
        let stranger = try BookingClient.newGuest(port: server.port)
        let first = try book(server, guest, "2028-01-10", "2028-01-13")
        let second = try book(server, guest, "2028-01-20", "2028-01-22")

        clock.set("2028-01-12")
        let early = try review(guest, first)
        #expect(early.status == 409 && problemType(early) == "/problems/review-before-checkout", "\(early.text)")

        clock.set("2028-01-13")
        #expect(try review(stranger, first).status == 404)
        #expect(try review(guest, "0012").status == 404)
        let notTheirs = try guest.send("POST", "/host/reservations/\(first)/review", body: guest.json(["rating": 5]))
        #expect(notTheirs.status == 404 && problemType(notTheirs) == "/problems/reservation-not-found")
        let bad = try guest.send("POST", "/reservations/\(first)/review",
                                 body: guest.json(["rating": 6, "categories": ["cleanliness": 5], "text": 3]))
        #expect(bad.status == 400, "\(bad.text)")
        let long = try review(guest, first, text: String(repeating: "가", count: 1_001))
        #expect(long.status == 400 && long.text.contains("text"))

        let written = try review(guest, first)
        #expect(written.status == 201, "\(written.text)")
        #expect(written.object["published"] as? Bool == false && written.object["publishOn"] as? String == "2028-01-27")
        let again = try review(guest, first, rating: 5)
        #expect(again.status == 409 && problemType(again) == "/problems/review-already-written")
        // Double-blind: nobody reads it until the host has written theirs.
        #expect((try server.json("/listings/101/reviews")["items"] as? [Any])?.isEmpty == true)

        let hostReview = try host.send("POST", "/host/reservations/\(first)/review",
                                       body: host.json(["rating": 5, "text": "조용하고 깔끔한 게스트였어요."]))
        #expect(hostReview.status == 201 && hostReview.object["published"] as? Bool == true, "\(hostReview.text)")
        let items = try #require(try server.json("/listings/101/reviews")["items"] as? [[String: Any]])
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item["rating"] as? Int == 4 && item["text"] as? String == "Lovely flat, very clean.")
        #expect(item["categories"] as? [String: Int] == Self.categories)
        #expect(item["guestName"] as? String == "Minji" && item["stayMonth"] as? String == "2028-01")
        #expect(item["language"] as? String == "en" && item["source"] as? String == "stays" && item["reply"] is NSNull)
        // Publication is announced, once, to both sides (the event outbox, in the same transaction).
        for side in [guest, host] {
            let notes = try #require(try side.send("GET", "/notifications").object["items"] as? [[String: Any]])
            #expect(notes.filter { $0["type"] as? String == "review.published" }.count == 1, "\(notes)")
        }

        // The host answers once.
        let reviewID = try #require(item["id"] as? String)
        let reply = try host.send("POST", "/host/reviews/\(reviewID)/reply", body: host.json(["text": " 감사합니다! "]))
        #expect(reply.status == 201 && reply.object["text"] as? String == "감사합니다!", "\(reply.text)")
        let twice = try host.send("POST", "/host/reviews/\(reviewID)/reply", body: host.json(["text": "또 감사"]))
        #expect(twice.status == 409 && problemType(twice) == "/problems/review-already-replied")
        #expect(try guest.send("POST", "/host/reviews/\(reviewID)/reply", body: guest.json(["text": "x"])).status == 404)
        let replied = try #require((try server.json("/listings/101/reviews")["items"] as? [[String: Any]])?.first)
        #expect((replied["reply"] as? [String: Any])?["text"] as? String == "감사합니다!")

        // The listing's count everywhere; the mean waits for three reviews.
        let detail = try server.json("/listings/101")
        #expect(int64(detail["reviewCount"]) == 1 && detail["rating"] is NSNull)

        clock.set("2028-02-05")
        let late = try review(guest, second)
        #expect(late.status == 409 && problemType(late) == "/problems/review-window-closed", "\(late.text)")

        let third = try book(server, guest, "2028-02-10", "2028-02-12")
        #expect(try guest.send("POST", "/reservations/\(third)/cancel").status == 200)
        clock.set("2028-02-12")
        let cancelled = try review(guest, third)
        #expect(cancelled.status == 409 && problemType(cancelled) == "/problems/review-reservation-not-completed")

        #expect(try server.get("/listings/999999/reviews").status == 404)
        #expect(try server.get("/listings/101/reviews?cursor=nope").status == 400)
    }

    /// Three published reviews make a mean; the same rating, count and category means show on
    /// the card, the listing screen, the map pin and the wishlist, and the search index (which
    /// followed the change log) sorts and filters by it.
    @Test(arguments: APITestServer.Engine.available)
    func theRatingIsTheSameEverywhereAndSearchSortsAndFiltersByIt(engine: APITestServer.Engine) throws {
        let clock = MovableToday(CalendarDate("2027-12-20")!)
        let server = try APITestServer(engine: engine, configure: { $0.dateProvider = clock })
        let (host, hostID) = try account(server, email: "host@example.com", name: "Jisoo Park")
        try execute(server, "UPDATE listings SET host_account_id = ? WHERE id = 101", [Int64(hostID)!])
        // Searched once first, so the index is loaded and must follow the change log after.
        #expect(try server.get("/listings?sort=rating").status == 200)
        var guests: [BookingClient] = []
        var stays: [String] = []
        for (index, dates) in [("2028-02-01", "2028-02-03"), ("2028-02-03", "2028-02-05"), ("2028-02-05", "2028-02-07")].enumerated() {
            let (guest, _) = try account(server, email: "guest\(index)@example.com", name: "Guest \(index)")
            guests.append(guest)
            stays.append(try book(server, guest, dates.0, dates.1))
        }
        clock.set("2028-02-07")
        for (index, rating) in [5, 5, 4].enumerated() {
            #expect(try review(guests[index], stays[index], rating: rating).status == 201)
            let hostReview = try host.send("POST", "/host/reservations/\(stays[index])/review", body: host.json(["rating": 5]))
            #expect(hostReview.status == 201)
        }
        // (5 + 5 + 4) / 3 = 4.666… -> 4.67; every category was scored alike.
        let expectedCategories: [String: Double] = ["cleanliness": 5, "accuracy": 4, "checkin": 5, "communication": 5,
                                                    "location": 4, "value": 5]
        func check(_ object: [String: Any]?, _ place: String) {
            #expect(object?["rating"] as? Double == 4.67, "\(place)")
            #expect(object?["reviewCount"] as? Int == 3, "\(place)")
            #expect(object?["ratingCategories"] as? [String: Double] == expectedCategories, "\(place)")
        }
        check(try server.json("/listings/101"), "detail")
        let cards = try #require(try server.json("/listings?sort=rating&limit=50")["items"] as? [[String: Any]])
        check(cards.first { $0["id"] as? String == "101" }, "card")
        let map = try server.json("/listings/map?bbox=37.50,127.03,37.51,127.04&zoom=16")
        check((map["pins"] as? [[String: Any]])?.first { $0["id"] as? String == "101" }, "pin")
        #expect(try guests[0].send("PUT", "/wishlist/101").status == 204)
        let saved = try #require(try guests[0].send("GET", "/wishlist").object["items"] as? [[String: Any]])
        check(saved.first { $0["id"] as? String == "101" }, "wishlist")

        // Sorted by rating, best first, unrated last; minRating keeps only rated listings at or above it.
        let ratings = cards.map { $0["rating"] as? Double ?? -1 }
        #expect(ratings == ratings.sorted(by: >) && ratings.count > 3)
        let atLeast = try #require(try server.json("/listings?minRating=4.67&sort=rating&limit=50")["items"] as? [[String: Any]])
        #expect(atLeast.contains { $0["id"] as? String == "101" })
        #expect(atLeast.allSatisfy { ($0["rating"] as? Double ?? -1) >= 4.67 })
        let above = try #require(try server.json("/listings?minRating=4.68&limit=50")["items"] as? [[String: Any]])
        #expect(!above.contains { $0["id"] as? String == "101" })
        #expect(try server.get("/listings?minRating=6").status == 400)
    }
}
