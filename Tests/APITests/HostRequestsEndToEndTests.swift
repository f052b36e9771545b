import Foundation
import Testing
import TestSupport

/// Requests to book over a real socket, on both engines: a request holds its nights, the
/// host sees it with the payout and accepts or declines, the guest withdraws at no cost,
/// racing decisions end in exactly one outcome, and earnings sum the payouts.
@Suite struct HostRequestsEndToEndTests {
    let hosts = HostsEndToEndTests()

    /// A published request-to-book listing of a new host; returns the host's client and the id.
    func requestListing(_ server: APITestServer) throws -> (BookingClient, String) {
        let (host, _) = try hosts.account(server, "host@example.com", roles: ["host"])
        let created = try host.send("POST", "/host/listings", body: host.json(hosts.publishable))
        let id = try #require(created.object["id"] as? String, "\(created.text)")
        #expect(try host.send("POST", "/host/listings/\(id)/publish").status == 200)
        return (host, id)
    }

    func request(_ guest: BookingClient, _ listing: String, _ checkin: String, _ checkout: String) throws -> ClientResponse {
        let query = "listingId=\(listing)&checkin=\(checkin)&checkout=\(checkout)&adults=2"
        let quote = try guest.send("GET", "/quote?\(query)")
        let total = try #require(quote.object["total"] as? Int, "\(quote.text)")
        return try guest.book(["listingId": listing, "checkin": checkin, "checkout": checkout, "adults": 2,
                               "expectedTotal": total])
    }

    @Test(arguments: APITestServer.Engine.available)
    func aRequestHoldsItsNightsUntilTheHostAnswersOrTheGuestWithdraws(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (host, listing) = try requestListing(server)
        let guest = try BookingClient.newGuest(port: server.port)
        let other = try BookingClient.newGuest(port: server.port)

        let requested = try request(guest, listing, "2028-01-10", "2028-01-13")
        #expect(requested.status == 201 && requested.object["status"] as? String == "requested", "\(requested.text)")
        let expiresAt = try #require(requested.object["expiresAt"] as? String)
        #expect(!expiresAt.isEmpty)
        let id = try #require(requested.object["id"] as? String)
        // Held: nobody else books or requests those nights.
        #expect(try other.send("GET", "/quote?listingId=\(listing)&checkin=2028-01-12&checkout=2028-01-14&adults=2").status == 409)

        let inbox = try host.send("GET", "/host/reservations?status=requested")
        let item = try #require((inbox.object["reservations"] as? [[String: Any]])?.first, "\(inbox.text)")
        #expect(item["id"] as? String == id && (item["guest"] as? [String: Any])?["firstName"] != nil)
        #expect(item["expiresAt"] as? String == expiresAt && item["payout"] is NSNull)
        let calendar = try host.send("GET", "/host/listings/\(listing)/calendar?start=2028-01&months=1")
        let day = (calendar.object["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2028-01-10" }
        #expect((day?["unavailableBecause"] as? [String: Any])?["kind"] as? String == "request", "\(calendar.text)")

        let accepted = try host.send("POST", "/host/reservations/\(id)/accept")
        #expect(accepted.status == 200 && accepted.object["status"] as? String == "confirmed", "\(accepted.text)")
        let payout = try #require(accepted.object["payout"] as? [String: Any])
        let lines = try #require(payout["lines"] as? [[String: Any]])
        #expect(lines.compactMap { $0["amount"] as? Int }.reduce(0, +) == payout["total"] as? Int)
        #expect(lines.contains { $0["kind"] as? String == "host_service_fee" && ($0["amount"] as? Int ?? 0) < 0 })
        let declineAfter = try host.send("POST", "/host/reservations/\(id)/decline")
        #expect(declineAfter.status == 409, "\(declineAfter.text)")
        #expect(try guest.send("GET", "/reservations/\(id)").object["status"] as? String == "confirmed")

        // A second request, withdrawn by the guest: at no cost, nights free at once.
        let second = try request(guest, listing, "2028-02-01", "2028-02-03")
        let secondID = try #require(second.object["id"] as? String)
        let withdrawn = try guest.send("POST", "/reservations/\(secondID)/cancel")
        #expect(withdrawn.status == 200 && withdrawn.object["status"] as? String == "withdrawn", "\(withdrawn.text)")
        #expect(withdrawn.object["refund"] == nil)
        #expect(try request(other, listing, "2028-02-01", "2028-02-03").status == 201)
        #expect(try host.send("POST", "/host/reservations/\(secondID)/accept").status == 409)

        let earnings = try host.send("GET", "/host/earnings?from=2028-01-01&to=2028-12-31")
        let months = try #require(earnings.object["months"] as? [[String: Any]], "\(earnings.text)")
        #expect(months.count == 1 && months.first?["month"] as? String == "2028-01")
        #expect(months.first?["payout"] as? Int == payout["total"] as? Int)

        // The host cancels the stay: the guest gets everything back, whatever the policy.
        let cancelled = try host.send("POST", "/host/reservations/\(id)/cancel")
        #expect(cancelled.status == 200 && cancelled.object["cancelledBy"] as? String == "host", "\(cancelled.text)")
        let seen = try guest.send("GET", "/reservations/\(id)")
        let refund = try #require(seen.object["refund"] as? [String: Any], "\(seen.text)")
        #expect(seen.object["status"] as? String == "cancelled")
        #expect(refund["total"] as? Int == seen.object["total"] as? Int && refund["retained"] as? Int == 0, "\(seen.text)")
        #expect(try other.send("GET", "/quote?listingId=\(listing)&checkin=2028-01-10&checkout=2028-01-13&adults=2").status == 200)

        // The host heard of each step, once (the event outbox, written with each change).
        let notes = try #require(try host.send("GET", "/notifications?limit=50").object["items"] as? [[String: Any]])
        let types = notes.compactMap { $0["type"] as? String }
        #expect(types.filter { $0 == "listing.published" }.count == 1, "\(types)")
        #expect(types.filter { $0 == "reservation.requested" }.count == 3, "\(types)")
        #expect(types.filter { $0 == "reservation.confirmed" }.count == 1, "\(types)")
        #expect(types.filter { $0 == "reservation.cancelled" }.count == 2, "\(types)")
    }

    @Test(arguments: APITestServer.Engine.available)
    func acceptDeclineAndWithdrawRacingEndInExactlyOneOutcome(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (host, listing) = try requestListing(server)
        for round in 0..<3 {
            let guest = try BookingClient.newGuest(port: server.port)
            let checkin = "2028-03-\(String(format: "%02d", 1 + round * 5))"
            let checkout = "2028-03-\(String(format: "%02d", 3 + round * 5))"
            let id = try #require(try request(guest, listing, checkin, checkout).object["id"] as? String)
            let answers = LockedBox<[(name: String, code: Int, status: String?)]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                let (name, client, path) = switch index % 3 {
                case 0: ("accept", host, "/host/reservations/\(id)/accept")
                case 1: ("decline", host, "/host/reservations/\(id)/decline")
                default: ("withdraw", guest, "/reservations/\(id)/cancel")
                }
                let response = (try? client.send("POST", path)) ?? .failed
                answers.mutate { $0.append((name, response.status, response.object["status"] as? String)) }
            }
            // The request was decided once: the stored decision is one of the three, and each
            // 200 agrees with it (a second accept answers the accepted stay; a guest's cancel
            // after an accept cancels the stay; after a decline it answers the declined request).
            let decision = try hosts.count(server, "SELECT CASE status WHEN 'accepted' THEN 1 "
                + "WHEN 'declined' THEN 2 WHEN 'withdrawn' THEN 3 ELSE 0 END FROM reservation_requests "
                + "WHERE reservation_id = \(id)")
            let all = answers.value
            #expect((1...3).contains(decision), "\(all)")
            for answer in all {
                #expect(answer.code == 200 || answer.code == 409, "\(answer)")
                guard answer.code == 200 else { continue }
                switch answer.name {
                case "accept": #expect(decision == 1 && answer.status == "confirmed", "\(all)")
                case "decline": #expect(decision == 2 && answer.status == "declined", "\(all)")
                default:
                    let expected = [1: ["cancelled", "confirmed"], 2: ["declined"], 3: ["withdrawn"]][decision] ?? []
                    #expect(expected.contains(answer.status ?? ""), "\(all)")
                }
            }
            #expect(all.filter { $0.code == 200 && $0.name == ["accept", "decline", "withdraw"][decision - 1] }.count >= 1, "\(all)")
        }
    }

    /// Reservation ids are random, so the inbox is ordered by when each was made: pages of
    /// two, followed by their cursors, list every request once, newest first.
    @Test(arguments: APITestServer.Engine.available)
    func theInboxPagesNewestFirst(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let (host, listing) = try requestListing(server)
        let guest = try BookingClient.newGuest(port: server.port)
        var made: [String] = []
        for day in [10, 13, 16, 19, 22] {
            let requested = try request(guest, listing, "2028-01-\(day)", "2028-01-\(day + 2)")
            made.append(try #require(requested.object["id"] as? String, "\(requested.text)"))
        }
        var listed: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try host.send("GET", "/host/reservations?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(page.status == 200, "\(page.text)")
            listed += page.object["reservations"] as? [[String: Any]] ?? []
            cursor = page.object["nextCursor"] as? String
        } while cursor != nil && listed.count < 10
        #expect(Set(listed.compactMap { $0["id"] as? String }) == Set(made) && listed.count == made.count)
        let times = listed.compactMap { $0["createdAt"] as? String }
        #expect(times == times.sorted(by: >), "\(times)")
        // Made a few milliseconds apart at least, so in the reverse order of making, ties aside.
        let order = listed.compactMap { $0["id"] as? String }
        #expect(Set(times).count < times.count || order == made.reversed(), "\(order) \(made)")
        let garbage = try host.send("GET", "/host/reservations?cursor=\(made[0])")
        #expect(garbage.status == 400, "\(garbage.text)")
    }
}
