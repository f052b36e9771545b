import Domain
import Foundation
import TestSupport
import Testing

/// Calendar sync between two Stays servers over real sockets, each on its own SQLite
/// database: B imports A's export of listing 101 into its own listing 101 with a 1-second
/// refresh. A booking on A closes the nights on B, a cancellation opens them again, and
/// stopping A (a failed fetch) keeps B's blocks. Every wait polls the state with a deadline.
@Suite struct CalendarSyncEndToEndTests {
    static let query = "listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2"

    /// Signs up a host on `server` and makes it the owner of listing 101; returns its client.
    func host(of server: APITestServer) throws -> BookingClient {
        let anonymous = BookingClient(port: server.port, token: nil)
        let created = try anonymous.send("POST", "/accounts", body: anonymous.json([
            "email": "host@example.com", "password": "노을 지는 바닷가 2026", "name": "Host", "roles": ["guest", "host"],
        ]))
        let account = try #require(created.object["account"] as? [String: Any], "\(created.text)")
        let idText = try #require(account["id"] as? String)
        let id = try #require(Int64(idText))
        try server.pool.write { try $0.execute(sql: "UPDATE listings SET host_account_id = ? WHERE id = 101", arguments: [id]) }
        let token = try #require(created.object["accessToken"] as? String)
        return BookingClient(port: server.port, token: token)
    }

    /// Polls `condition` every 50 ms until it holds or `seconds` pass.
    func eventually(within seconds: Double, _ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ClientError(description: "not within \(seconds) s: \(what)")
    }

    func quoteStatus(_ server: APITestServer) throws -> Int { try server.get("/quote?\(Self.query)").status }

    @Test func aBookingOnAClosesTheNightsOnBACancellationOpensThemAndStoppingAKeepsThem() throws {
        let a = try APITestServer()
        let b = try APITestServer(configure: {
            $0.calendarSync.refresh = .seconds(1)
            $0.allowPrivateAddresses = true
        })
        let hostA = try host(of: a), hostB = try host(of: b)

        // A's export URL, shown once; asked again, only its hint.
        let link = try hostA.send("GET", "/host/listings/101/ical")
        #expect(link.status == 200, "\(link.text)")
        #expect(link.header("Cache-Control") == "no-store")
        let url = try #require(link.object["url"] as? String)
        let start = try #require(url.range(of: "/ical/"))
        let path = String(url[start.lowerBound...])
        #expect(try hostA.send("GET", "/host/listings/101/ical").object["url"] is NSNull)
        let feed = try a.get(path)
        #expect(feed.status == 200 && feed.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(feed.text.contains("BEGIN:VCALENDAR\r\n") && feed.text.contains("SUMMARY:Not available"))  // 12-28, 12-29
        let etag = try #require(feed.header("ETag"))
        #expect(try a.get(path, headers: [("If-None-Match", etag)]).status == 304)

        // Guests and other hosts cannot reach it.
        #expect(try BookingClient(port: a.port, token: nil).send("GET", "/host/listings/101/ical").status == 401)
        #expect(try hostB.send("POST", "/host/listings/101/calendar-imports",
                               body: hostB.json(["url": "ftp://x/y.ics"])).status == 400)

        // B imports A's feed; the first sync runs at once.
        let created = try hostB.send("POST", "/host/listings/101/calendar-imports",
                                     body: hostB.json(["url": "http://127.0.0.1:\(a.port)\(path)", "name": "Stays A"]))
        #expect(created.status == 201, "\(created.text)")
        let importID = try #require(created.object["id"] as? String)
        #expect(created.object["lastStatus"] as? String == "ok", "\(created.text)")
        #expect(created.object["exportUrl"] is String)
        #expect(try quoteStatus(b) == 200)

        // A guest books 01-10 to 01-13 on A: B closes those nights within 3 s.
        let guest = try BookingClient.newGuest(port: a.port)
        let quote = try a.json("/quote?\(Self.query)")
        let total = try #require(int64(quote["total"]))
        let booked = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13", "adults": 2,
                                     "expectedTotal": total])
        #expect(booked.status == 201, "\(booked.text)")
        try eventually(within: 3, "B closes the nights A booked") { try quoteStatus(b) == 409 }
        #expect(try a.get(path, headers: [("If-None-Match", etag)]).status == 200)  // the feed changed
        // B's host calendar names the import that holds the nights.
        let calendar = try hostB.send("GET", "/host/listings/101/calendar?start=2028-01&months=1").object
        let tenth = (calendar["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2028-01-10" }
        let reason = tenth?["unavailableBecause"] as? [String: Any]
        #expect(reason?["kind"] as? String == "imported" && reason?["source"] as? String == "Stays A", "\(calendar)")

        // Cancelled on A: open again on B.
        let id = try #require(booked.object["id"] as? String)
        #expect(try guest.send("POST", "/reservations/\(id)/cancel").status == 200)
        try eventually(within: 3, "B opens the nights A freed") { try quoteStatus(b) == 200 }

        // Booked again, then A stops: B's sync fails and keeps the nights closed.
        let again = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13", "adults": 2,
                                    "expectedTotal": total])
        #expect(again.status == 201, "\(again.text)")
        try eventually(within: 3, "B closes the nights again") { try quoteStatus(b) == 409 }
        a.application.shutdown()
        a.application.waitUntilStopped()
        try eventually(within: 5, "B records the failed fetch") {
            let item = try hostB.send("GET", "/host/listings/101/calendar-imports/\(importID)").object
            return item["lastStatus"] as? String == "failed" && item["lastError"] is String
        }
        #expect(try quoteStatus(b) == 409)
        let listed = try hostB.send("GET", "/host/listings/101/calendar-imports").object["imports"] as? [[String: Any]]
        #expect(listed?.first?["nightCount"] as? Int == 3 + 2)  // 01-10..01-12, and A's closed 12-28, 12-29

        // Deleting the import opens what it closed.
        #expect(try hostB.send("DELETE", "/host/listings/101/calendar-imports/\(importID)").status == 204)
        #expect(try quoteStatus(b) == 200)
        #expect(try hostB.send("GET", "/host/listings/101/calendar-imports/\(importID)").status == 404)
    }

    /// Without `--allow-private-addresses` a feed on a loopback address is refused on the
    /// address connected to; a body that is not a calendar is a failed sync, not an empty
    /// calendar; a guest-only account is 403; the feed passes Python's `icalendar`.
    @Test func privateAddressesAreRefusedAnHTMLPageIsAFailedSyncAndTheFeedParsesInPython() throws {
        let guarded = try APITestServer()
        let host = try host(of: guarded)
        let refused = try host.send("POST", "/host/listings/101/calendar-imports", body: host.json([
            "url": "http://127.0.0.1:\(guarded.port)/", "name": "loopback"]))
        #expect(refused.status == 201, "\(refused.text)")
        #expect(refused.object["lastStatus"] as? String == "failed")
        #expect((refused.object["lastError"] as? String)?.contains("not a public address") == true, "\(refused.text)")

        let open = try APITestServer(configure: { $0.allowPrivateAddresses = true })
        let openHost = try self.host(of: open)
        let html = try openHost.send("POST", "/host/listings/101/calendar-imports", body: openHost.json([
            "url": "http://127.0.0.1:\(open.port)/"]))
        #expect(html.object["lastStatus"] as? String == "failed", "\(html.text)")
        #expect((html.object["lastError"] as? String)?.contains("not an iCalendar feed") == true, "\(html.text)")
        #expect(html.object["name"] as? String == "127.0.0.1:\(open.port)")

        let anonymous = BookingClient(port: open.port, token: nil)
        let guestOnly = try anonymous.send("POST", "/accounts", body: anonymous.json([
            "email": "guest@example.com", "password": "노을 지는 바닷가 2026", "name": "Guest"]))
        let guestToken = try #require(guestOnly.object["accessToken"] as? String)
        let forbidden = try BookingClient(port: open.port, token: guestToken).send("GET", "/host/listings/101/ical")
        #expect(forbidden.status == 403 && forbidden.text.contains("host-role-required"), "\(forbidden.text)")

        // The export, read by an independent parser: the fixture's booked 12-28 and 12-29
        // are one all-day event ending the morning after.
        let link = try openHost.send("GET", "/host/listings/101/ical").object
        let url = try #require(link["url"] as? String)
        let start = try #require(url.range(of: "/ical/"))
        let feed = try open.get(String(url[start.lowerBound...]))
        let file = open.directory.appendingPathComponent("feed.ics")
        try Data(feed.body).write(to: file)
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            assert str(cal['VERSION']) == '2.0' and str(cal['METHOD']) == 'PUBLISH', cal
            events = [(e.decoded('DTSTART').isoformat(), e.decoded('DTEND').isoformat(), str(e['SUMMARY']))
                      for e in cal.walk('VEVENT')]
            print(events)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(printed.contains("('2027-12-28', '2027-12-30', 'Not available')"), "\(printed)")
    }
}
