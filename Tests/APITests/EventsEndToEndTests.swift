import Application
import Domain
import Foundation
import Persistence
import TestSupport
import Testing

/// Notifications and webhooks over real sockets, on both engines: a guest's booking and
/// cancellation reach the guest and the listing's host as notifications in each one's
/// language, as mail to both, and as signed webhook deliveries to the host's receivers
/// (a socket server in the test that verifies each signature).
@Suite struct EventsEndToEndTests {
    static let password = "노을 지는 바닷가 2026"

    /// A signed-in account: its client (access token) and id.
    struct Party {
        var client: BookingClient
        var id: String
    }

    static func signUp(_ server: APITestServer, _ email: String, roles: [String], locale: String) throws -> Party {
        let anonymous = BookingClient(port: server.port, token: nil)
        let response = try anonymous.send("POST", "/accounts", body: anonymous.json([
            "email": email, "password": password, "name": email.prefix { $0 != "@" }.capitalized, "roles": roles,
            "locale": locale]))
        guard response.status == 201, let token = response.object["accessToken"] as? String,
              let id = (response.object["account"] as? [String: Any])?["id"] as? String else {
            throw ClientError(description: "sign-up: \(response.status) \(response.text)")
        }
        return Party(client: BookingClient(port: server.port, token: token), id: id)
    }

    /// Runs one statement on the server's database (test set-up: making an account a listing's host).
    static func execute(_ server: APITestServer, _ sql: String, _ arguments: StoreArguments) throws {
        func run(_ engine: some StoreEngine) throws { _ = try engine.write { try $0.run(sql, arguments) } }
        try run(server.application.database.engine)
    }

    /// A guest (English), and a host (Korean) who owns listings 101 and 201...210.
    static func parties(_ server: APITestServer) throws -> (guest: Party, host: Party) {
        let guest = try signUp(server, "minji@example.com", roles: ["guest"], locale: "en")
        let host = try signUp(server, "host@example.com", roles: ["guest", "host"], locale: "ko")
        try execute(server, "UPDATE listings SET host_account_id = ? WHERE id = 101 OR id BETWEEN 201 AND 210",
                    [Int64(host.id)!])
        return (guest, host)
    }

    /// Books `listing` for one adult at the quoted total; returns the reservation id.
    static func book(_ server: APITestServer, _ guest: Party, listing: String, _ checkin: String, _ checkout: String) throws
        -> String {
        let query = "listingId=\(listing)&checkin=\(checkin)&checkout=\(checkout)&adults=1"
        let total = try #require(int64(try server.json("/quote?\(query)")["total"]))
        let response = try guest.client.book(["listingId": listing, "checkin": checkin, "checkout": checkout, "adults": 1,
                                              "expectedTotal": total])
        guard response.status == 201, let id = response.object["id"] as? String else {
            throw ClientError(description: "booking: \(response.status) \(response.text)")
        }
        return id
    }

    static func items(_ response: ClientResponse) -> [[String: Any]] { response.object["items"] as? [[String: Any]] ?? [] }

    @Test(arguments: APITestServer.Engine.available)
    func theGuestAndTheHostEachHearInTheirLanguage(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (guest, host) = try Self.parties(server)
        let reservation = try Self.book(server, guest, listing: "101", "2028-01-10", "2028-01-13")

        let guestList = Self.items(try guest.client.send("GET", "/notifications"))
        #expect(guestList.count == 1)
        #expect(guestList.first?["type"] as? String == "reservation.confirmed")
        #expect(guestList.first?["title"] as? String == "Your booking is confirmed")
        #expect(guestList.first?["reservationId"] as? String == reservation && guestList.first?["listingId"] as? String == "101")
        #expect(guestList.first?["readAt"] is NSNull)
        let hostList = Self.items(try host.client.send("GET", "/notifications"))
        #expect(hostList.count == 1 && hostList.first?["title"] as? String == "새 예약", "\(hostList)")
        #expect((hostList.first?["body"] as? String)?.contains("Minji") == true)
        #expect(try host.client.send("GET", "/notifications/unread-count").object["unread"] as? Int == 1)

        // Another account's notification is not found, whatever is asked of it.
        let guestNotification = try #require(guestList.first?["id"] as? String)
        let stolen = try host.client.send("POST", "/notifications/\(guestNotification)/read")
        #expect(stolen.status == 404 && stolen.object["type"] as? String == "/problems/notification-not-found")
        #expect(try host.client.send("DELETE", "/notifications/\(guestNotification)").status == 404)
        #expect(try host.client.send("DELETE", "/notifications/0012").status == 404)
        #expect(try BookingClient(port: server.port, token: nil).send("GET", "/notifications").status == 401)

        // Read, unread filter, count.
        let read = try guest.client.send("POST", "/notifications/\(guestNotification)/read")
        #expect(read.status == 200 && read.object["readAt"] is String)
        #expect(try guest.client.send("GET", "/notifications/unread-count").object["unread"] as? Int == 0)
        #expect(Self.items(try guest.client.send("GET", "/notifications?unread=true")).isEmpty)
        #expect(try guest.client.send("GET", "/notifications?unread=maybe").status == 400)

        // The guest cancels: both hear of it, with the refund on the guest's side.
        let cancelled = try guest.client.send("POST", "/reservations/\(reservation)/cancel")
        #expect(cancelled.status == 200, "\(cancelled.text)")
        let afterCancel = Self.items(try guest.client.send("GET", "/notifications"))
        #expect(afterCancel.map { $0["type"] as? String } == ["reservation.cancelled", "reservation.confirmed"])
        #expect((afterCancel.first?["body"] as? String)?.contains("Refund") == true)
        let hostAfter = Self.items(try host.client.send("GET", "/notifications"))
        #expect(hostAfter.first?["title"] as? String == "예약이 취소되었습니다")

        // Paging newest first, read-all, delete.
        let first = try host.client.send("GET", "/notifications?limit=1")
        let cursor = try #require(first.object["nextCursor"] as? String)
        let second = Self.items(try host.client.send("GET", "/notifications?limit=1&cursor=\(cursor)"))
        #expect(second.first?["type"] as? String == "reservation.confirmed")
        #expect(try host.client.send("GET", "/notifications?cursor=nonsense").status == 400)
        #expect(try host.client.send("POST", "/notifications/read-all").object["marked"] as? Int == 2)
        #expect(try host.client.send("GET", "/notifications/unread-count").object["unread"] as? Int == 0)
        for item in hostAfter {
            #expect(try host.client.send("DELETE", "/notifications/\(item["id"] as? String ?? "")").status == 204)
        }
        #expect(Self.items(try host.client.send("GET", "/notifications")).isEmpty)
    }

    @Test(arguments: APITestServer.Engine.available)
    func aConfirmedBookingIsMailedToBothSides(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (guest, _) = try Self.parties(server)
        _ = try Self.book(server, guest, listing: "101", "2028-01-10", "2028-01-13")
        // Each account got its sign-up verification mail; the booking adds one to each side.
        let folder = server.directory.appendingPathComponent("mail")
        func mails(to address: String) throws -> [String] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return try files.filter { $0.hasSuffix(".eml") }.map {
                try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
            }.filter { $0.contains("To: <\(address)>") }
        }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, try mails(to: "minji@example.com").count < 2 || mails(to: "host@example.com").count < 2 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try mails(to: "host@example.com").count == 2)
        let guestMails = try mails(to: "minji@example.com")
        #expect(guestMails.count == 2 && guestMails.contains { $0.contains("Subject: Stays: Your booking is confirmed") })
    }
}
