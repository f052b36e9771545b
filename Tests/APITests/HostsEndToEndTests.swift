import Foundation
import Persistence
import Testing
import TestSupport

/// The host side over a real socket, on both engines: roles and ownership, every bad field
/// in one 400, drafts and publishing, If-Match, a published listing's edit reaching search,
/// detail and quotes before the answer, calendar writes (all or nothing, idempotent).
@Suite struct HostsEndToEndTests {
    let password = "노을 지는 바닷가 2026"

    /// Signs up an account with `roles`, marks its email verified (the mail round trip has
    /// its own tests) and returns a client with its access token and the account's id.
    func account(_ server: APITestServer, _ email: String, roles: [String]) throws -> (BookingClient, Int64) {
        let anonymous = BookingClient(port: server.port, token: nil)
        let created = try anonymous.send("POST", "/accounts", body: anonymous.json(
            ["email": email, "password": password, "name": "Minji Kim", "roles": roles]))
        #expect(created.status == 201, "\(created.text)")
        let account = try #require(created.object["account"] as? [String: Any])
        let id = try #require(Int64(account["id"] as? String ?? ""))
        try execute(server, "UPDATE accounts SET email_verified_at = 1 WHERE id = ?", [id])
        return (BookingClient(port: server.port, token: try #require(created.object["accessToken"] as? String)), id)
    }

    func execute(_ server: APITestServer, _ sql: String, _ arguments: StoreArguments) throws {
        func run(_ engine: some StoreEngine) throws { _ = try engine.write { try $0.run(sql, arguments) } }
        try run(server.application.database.engine)
    }

    func count(_ server: APITestServer, _ sql: String) throws -> Int {
        func run(_ engine: some StoreEngine) throws -> Int { try engine.read { try $0.fetchOne(sql) { $0.int(0) } } ?? 0 }
        return try run(server.application.database.engine)
    }

    let publishable: [String: Any] = [
        "title": "Hanok by the palace", "photos": ["https://img.example/1.jpg"], "basePrice": 120_000,
        "cleaningFee": 30_000, "locationId": "2", "coordinate": ["lat": 37.51, "lng": 127.04], "maxGuests": 4,
        "amenities": ["wifi"], "instantBook": false,
    ]

    @Test(arguments: APITestServer.Engine.available)
    func rolesOwnershipDraftsPublishingAndIfMatch(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (host, _) = try account(server, "host@example.com", roles: ["guest", "host"])
        let (guest, _) = try account(server, "guest@example.com", roles: ["guest"])
        let (other, _) = try account(server, "other@example.com", roles: ["host"])
        let anonymous = BookingClient(port: server.port, token: nil)

        #expect(try anonymous.send("GET", "/host/listings").status == 401)
        let forbidden = try guest.send("POST", "/host/listings", body: guest.json(publishable))
        #expect(forbidden.status == 403 && forbidden.object["type"] as? String == "/problems/host-role-required")

        // Every bad field in one 400.
        let bad = try host.send("POST", "/host/listings", body: host.json(
            ["title": "", "maxGuests": 0, "roomType": "castle", "photos": ["http://insecure.example/1.jpg"],
             "currency": "XYZ", "checkinTime": "25:00"]))
        #expect(bad.status == 400, "\(bad.text)")
        let names = Set(((bad.object["invalidParams"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["title", "maxGuests", "roomType", "photos[0]", "currency", "checkinTime"], "\(bad.text)")
        let wrongTypes = try host.send("POST", "/host/listings", body: host.json(["basePrice": "cheap", "instantBook": 1]))
        let typeNames = Set(((wrongTypes.object["invalidParams"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        #expect(wrongTypes.status == 400 && typeNames == ["basePrice", "instantBook"], "\(wrongTypes.text)")

        var draftBody = publishable
        draftBody["photos"] = []
        let created = try host.send("POST", "/host/listings", body: host.json(draftBody))
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.object["id"] as? String)
        #expect(created.object["status"] as? String == "draft" && created.object["version"] as? Int == 1)
        #expect(created.header("ETag") == "\"\(id).1\"" && created.header("Location") == "/host/listings/\(id)")
        #expect(try anonymous.send("GET", "/listings/\(id)").status == 404)
        #expect(try other.send("GET", "/host/listings/\(id)").status == 404)
        #expect(try other.send("GET", "/host/listings/999999").status == 404)

        let incomplete = try host.send("POST", "/host/listings/\(id)/publish")
        #expect(incomplete.status == 422 && incomplete.object["type"] as? String == "/problems/listing-incomplete")
        #expect(incomplete.object["missing"] as? [String] == ["photos"], "\(incomplete.text)")

        #expect(try host.send("PATCH", "/host/listings/\(id)", body: host.json(["photos": ["https://img.example/1.jpg"]])).status == 428)
        let stale = try host.send("PATCH", "/host/listings/\(id)", headers: [("If-Match", "\"\(id).7\"")],
                                  body: host.json(["photos": ["https://img.example/1.jpg"]]))
        #expect(stale.status == 412 && stale.object["type"] as? String == "/problems/listing-changed")
        let patched = try host.send("PATCH", "/host/listings/\(id)", headers: [("If-Match", "\"\(id).1\"")],
                                    body: host.json(["photos": ["https://img.example/1.jpg"]]))
        #expect(patched.status == 200 && patched.object["version"] as? Int == 2, "\(patched.text)")

        let published = try host.send("POST", "/host/listings/\(id)/publish")
        #expect(published.status == 200 && published.object["status"] as? String == "published", "\(published.text)")
        let detail = try anonymous.send("GET", "/listings/\(id)")
        #expect(detail.status == 200 && detail.object["title"] as? String == "Hanok by the palace", "\(detail.text)")
        let mine = try host.send("GET", "/host/listings?limit=1")
        #expect((mine.object["listings"] as? [[String: Any]])?.first?["id"] as? String == id)
        // In search by the time publishing answered: the index took the new listing in.
        func inSearch() throws -> Bool {
            let found = try anonymous.send("GET", "/listings?locationId=2&adults=2&limit=50")
            return (found.object["items"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == id }
        }
        #expect(try inSearch())

        let unpublished = try host.send("POST", "/host/listings/\(id)/unpublish")
        #expect(unpublished.object["status"] as? String == "unpublished")
        #expect(try !inSearch())
        #expect(try anonymous.send("GET", "/listings/\(id)").status == 404)
        #expect(try anonymous.send("GET", "/quote?listingId=\(id)&checkin=2028-01-10&checkout=2028-01-12&adults=2").status == 404)
    }

    @Test(arguments: APITestServer.Engine.available)
    func aPublishedListingsEditAndCalendarReachSearchDetailAndQuoteAtOnce(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (host, hostID) = try account(server, "host@example.com", roles: ["host"])
        let anonymous = BookingClient(port: server.port, token: nil)
        // A catalog listing (150,000 a night) given to this host, as demo data does.
        try execute(server, "UPDATE listings SET host_account_id = ? WHERE id = 203", [hostID])
        func searchPrice() throws -> Int? {
            let items = try anonymous.send("GET", "/listings?sort=price_asc&limit=50").object["items"] as? [[String: Any]]
            return items?.first { $0["id"] as? String == "203" }?["nightlyPrice"] as? Int
        }
        #expect(try searchPrice() == 150_000)
        let listing = try host.send("GET", "/host/listings/203")
        #expect(listing.status == 200 && listing.object["status"] as? String == "published", "\(listing.text)")
        let etag = try #require(listing.header("ETag"))
        let edited = try host.send("PATCH", "/host/listings/203", headers: [("If-Match", etag)],
                                   body: host.json(["basePrice": 160_000, "title": "Renamed"]))
        #expect(edited.status == 200, "\(edited.text)")
        #expect(try searchPrice() == 160_000)
        #expect(try anonymous.send("GET", "/listings/203").object["title"] as? String == "Renamed")
        let quote = "/quote?listingId=203&checkin=2028-01-10&checkout=2028-01-12&adults=2"
        #expect(((try anonymous.send("GET", quote).object["nightlyPrices"] as? [[String: Any]])?.first?["price"] as? Int) == 160_000)

        // Moved to Busan: found there, no longer in its old region, by the time the edit answered.
        let busan = try count(server, "SELECT id FROM locations WHERE name_en = 'Haeundae-gu'")
        func inSearch(of location: Int) throws -> Bool {
            let found = try anonymous.send("GET", "/listings?locationId=\(location)&adults=2&limit=50")
            return (found.object["items"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == "203" }
        }
        let oldRegion = try count(server, "SELECT location_id FROM listings WHERE id = 203")
        #expect(try inSearch(of: oldRegion) && !inSearch(of: busan))
        let moved = try host.send("PATCH", "/host/listings/203", headers: [("If-Match", try #require(edited.header("ETag")))],
                                  body: host.json(["locationId": "\(busan)", "coordinate": ["lat": 35.1631, "lng": 129.1635]]))
        #expect(moved.status == 200, "\(moved.text)")
        #expect(try inSearch(of: busan) && !inSearch(of: oldRegion))

        // A calendar change, then the same again: the second logs nothing.
        let change: [String: Any] = ["changes": [["from": "2028-01-10", "to": "2028-01-11", "price": 90_000],
                                                 ["from": "2028-01-20", "to": "2028-01-22", "available": false]]]
        let logged = try count(server, "SELECT count(*) FROM change_log")
        let first = try host.send("PATCH", "/host/listings/203/calendar", body: host.json(change))
        #expect(first.status == 200 && first.object["changedNights"] as? Int == 5, "\(first.text)")
        #expect(try count(server, "SELECT count(*) FROM change_log") == logged + 1)
        let again = try host.send("PATCH", "/host/listings/203/calendar", body: host.json(change))
        #expect(again.object["changedNights"] as? Int == 0)
        #expect(try count(server, "SELECT count(*) FROM change_log") == logged + 1)
        let quoted = try anonymous.send("GET", quote).object["nightlyPrices"] as? [[String: Any]]
        #expect(quoted?.compactMap { $0["price"] as? Int } == [90_000, 90_000])
        let closed = try anonymous.send("GET", "/quote?listingId=203&checkin=2028-01-20&checkout=2028-01-21&adults=2")
        #expect(closed.status == 409, "\(closed.text)")

        // A booked night: closing it is 409 naming it, and nothing of the request applies.
        let guest = try BookingClient.newGuest(port: server.port)
        let stayQuery = "listingId=203&checkin=2028-02-01&checkout=2028-02-03&adults=2"
        let total = try #require(try anonymous.send("GET", "/quote?\(stayQuery)").object["total"] as? Int)
        let booked = try guest.book(["listingId": "203", "checkin": "2028-02-01", "checkout": "2028-02-03", "adults": 2,
                                     "expectedTotal": total])
        #expect(booked.status == 201, "\(booked.text)")
        let conflict = try host.send("PATCH", "/host/listings/203/calendar", body: host.json(
            ["changes": [["from": "2028-01-30", "to": "2028-02-05", "available": false, "price": 1]]]))
        #expect(conflict.status == 409 && conflict.object["type"] as? String == "/problems/nights-reserved", "\(conflict.text)")
        #expect(conflict.object["nights"] as? [String] == ["2028-02-01", "2028-02-02"])
        #expect(try count(server, "SELECT count(*) FROM change_log") == logged + 2)  // the booking's row only
        let calendar = try host.send("GET", "/host/listings/203/calendar?start=2028-02&months=1")
        let days = try #require(calendar.object["days"] as? [[String: Any]])
        #expect(days.allSatisfy { $0["price"] as? Int != 1 })
        let held = days.first { $0["date"] as? String == "2028-02-01" }?["unavailableBecause"] as? [String: Any]
        #expect(held?["kind"] as? String == "reservation", "\(calendar.text)")
        let past = try host.send("PATCH", "/host/listings/203/calendar", body: host.json(
            ["changes": [["from": "2027-12-01", "to": "2027-12-02", "available": false]]]))
        #expect(past.status == 400, "\(past.text)")
    }
}
