import Domain
import Foundation
import TestSupport
import Testing

extension CalendarSyncEndToEndTests {
    /// A feed whose nights (days of February 2028) the test changes between syncs.
    final class ChangingFeed: Sendable {
        let nights = LockedBox<[Int]>([])
        let stub: HTTPStub

        init() throws {
            let nights = self.nights
            stub = try HTTPStub { _ in
                var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Channel//EN"]
                for night in nights.value {
                    lines += ["BEGIN:VEVENT", "UID:night-\(night)@channel.test", "DTSTAMP:20280101T000000Z",
                              "DTSTART;VALUE=DATE:202802\(String(format: "%02d", night))",
                              "DTEND;VALUE=DATE:202802\(String(format: "%02d", night + 1))",
                              "SUMMARY:Reserved", "END:VEVENT"]
                }
                lines.append("END:VCALENDAR")
                return HTTPStub.Response(headers: [("Content-Type", "text/calendar")],
                                         body: Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
            }
        }
    }

    /// Over a socket: the host's own block and an import's block of the same night are
    /// removed independently, in either order. Guests' calendar and quote and the host's
    /// calendar agree at every step.
    @Test func aHostsBlockAndAnImportsBlockOfOneNightAreEachRemovedOnTheirOwn() throws {
        let server = try APITestServer(configure: { $0.allowPrivateAddresses = true })
        let host = try host(of: server)
        let feed = try ChangingFeed()
        defer { feed.stub.stop() }

        func hostSets(_ night: Int, available: Bool) throws {
            let day = "2028-02-\(String(format: "%02d", night))"
            let answer = try host.send("PATCH", "/host/listings/101/calendar", body: host.json([
                "changes": [["from": day, "to": day, "available": available]]]))
            #expect(answer.status == 200, "\(answer.text)")
        }
        func syncNow(_ id: String) throws {
            let answer = try host.send("POST", "/host/listings/101/calendar-imports/\(id)/sync")
            #expect(answer.status == 200 && answer.object["lastStatus"] as? String == "ok", "\(answer.text)")
        }
        /// The nights of 2028-02-09...2028-02-21 the guests' calendar shows closed.
        func closedForGuests() throws -> [Int] {
            let calendar = try server.json("/calendar?listingId=101&start=2028-02&months=1")
            let days = (calendar["months"] as? [[String: Any]])?.first?["days"] as? [[String: Any]] ?? []
            return days.compactMap { day -> Int? in
                guard let date = day["date"] as? String, let number = Int(date.suffix(2)), (9...21).contains(number),
                      day["available"] as? Bool == false else { return nil }
                return number
            }
        }
        func quote(_ night: Int) throws -> Int {
            let from = String(format: "%02d", night), to = String(format: "%02d", night + 1)
            return try server.get("/quote?listingId=101&checkin=2028-02-\(from)&checkout=2028-02-\(to)&adults=2").status
        }
        func hostReason(_ night: Int) throws -> String? {
            let calendar = try host.send("GET", "/host/listings/101/calendar?start=2028-02&months=1").object
            let day = (calendar["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2028-02-\(night)" }
            return (day?["unavailableBecause"] as? [String: Any])?["kind"] as? String
        }

        #expect(try closedForGuests() == [])
        // Host first: the host closes the 11th, the channel then reserves the 10th to the 12th.
        try hostSets(11, available: false)
        feed.nights.mutate { $0 = [10, 11, 12] }
        let created = try host.send("POST", "/host/listings/101/calendar-imports",
                                    body: host.json(["url": "\(feed.stub.url)/channel.ics", "name": "Channel"]))
        #expect(created.status == 201 && created.object["lastStatus"] as? String == "ok", "\(created.text)")
        let id = try #require(created.object["id"] as? String)
        #expect(try closedForGuests() == [10, 11, 12])
        #expect(try hostReason(11) == "imported")

        // Import first: the channel holds the 20th, then the host closes it too.
        feed.nights.mutate { $0 = [10, 11, 12, 20] }
        try syncNow(id)
        try hostSets(20, available: false)
        // The host opens the 12th, which only the channel closed: it stays closed.
        try hostSets(12, available: true)
        #expect(try closedForGuests() == [10, 11, 12, 20])
        #expect(try quote(12) == 409)

        // The channel drops everything: the host's 11th and 20th stay closed, the 10th and
        // 12th open, for guests and in the host's view.
        feed.nights.mutate { $0 = [] }
        try syncNow(id)
        #expect(try closedForGuests() == [11, 20])
        #expect(try quote(10) == 200 && quote(11) == 409 && quote(12) == 200 && quote(20) == 409)
        #expect(try hostReason(11) == "blockedByHost" && hostReason(20) == "blockedByHost")

        // The host's own "open" then opens them.
        try hostSets(11, available: true)
        try hostSets(20, available: true)
        #expect(try closedForGuests() == [])
    }
}
