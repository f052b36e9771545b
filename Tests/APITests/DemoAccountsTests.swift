import Application
import Domain
import Foundation
import Testing
import TestSupport

/// The demo accounts of a first start, and `stays accounts create`.
@Suite struct DemoAccountsTests {
    @Test func aFirstStartCreatesADemoGuestAndHostAndLogsTheirPasswordOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = LockedBox<[String]>([])
        var configuration = ApplicationConfiguration()
        configuration.databasePath = directory.appendingPathComponent("demo.sqlite").path
        configuration.server.port = 0
        configuration.passwordHashing = .testing
        configuration.mail.directory = directory.appendingPathComponent("mail").path
        configuration.log = { line in lines.mutate { $0.append(line) } }
        let application = try buildApplication(configuration)
        let port = try application.start()
        defer { application.shutdown(); application.waitUntilStopped() }

        let line = try #require(lines.value.first { $0.hasPrefix("demo accounts:") })
        let password = try #require(line.components(separatedBy: "password ").last?.prefix(16)).description
        for (email, roles) in [("guest@stays.example", ["guest"]), ("host@stays.example", ["guest", "host"])] {
            let client = BookingClient(port: port, token: nil)
            let signedIn = try client.send("POST", "/sessions", body: client.json(["email": email, "password": password]))
            #expect(signedIn.status == 200, "\(signedIn.text)")
            let account = signedIn.object["account"] as? [String: Any]
            #expect(account?["roles"] as? [String] == roles && account?["emailVerified"] as? Bool == true)
        }
        #expect(lines.value.filter { $0.contains(password) }.count == 1)

        // The demo guest has one finished stay, at a listing of host2@stays.example, to review.
        let signedInGuest = try BookingClient(port: port, token: nil).send(
            "POST", "/sessions", body: BookingClient(port: port, token: nil).json(["email": "guest@stays.example", "password": password]))
        let guest = BookingClient(port: port, token: try #require(signedInGuest.object["accessToken"] as? String))
        let trips = try #require(try guest.send("GET", "/reservations").object["items"] as? [[String: Any]])
        let trip = try #require(trips.first)
        let today = SystemDateProvider().today(in: "Asia/Seoul")
        #expect(trips.count == 1 && trip["status"] as? String == "confirmed", "\(trips)")
        #expect(trip["checkout"] as? String == today.adding(days: -1).description && trip["nights"] as? Int == 3, "\(trip)")
        let review = try guest.send("POST", "/reservations/\(try #require(trip["id"] as? String))/review", body: guest.json(
            ["rating": 5, "categories": ReviewsEndToEndTests.categories, "text": "데모 숙소, 좋았어요."]))
        #expect(review.status == 201, "\(review.text)")

        // Every demo listing belongs to one of the demo hosts; some are request-to-book.
        var owned = 0
        var requestToBook = 0
        for email in ["host@stays.example", "host2@stays.example", "host3@stays.example"] {
            let client = BookingClient(port: port, token: nil)
            let signedIn = try client.send("POST", "/sessions", body: client.json(["email": email, "password": password]))
            let host = BookingClient(port: port, token: try #require(signedIn.object["accessToken"] as? String))
            var cursor: String?
            repeat {
                let page = try host.send("GET", "/host/listings?limit=100" + (cursor.map { "&cursor=\($0)" } ?? ""))
                let listings = try #require(page.object["listings"] as? [[String: Any]], "\(page.text)")
                owned += listings.count
                requestToBook += listings.filter { $0["instantBook"] as? Bool == false }.count
                #expect(listings.allSatisfy { $0["status"] as? String == "published" })
                cursor = page.object["nextCursor"] as? String
            } while cursor != nil
        }
        #expect(owned == DemoData.listingCount)
        #expect(requestToBook > 0 && requestToBook < owned / 2)

        // A second start on the same database creates no more and prints no password.
        application.shutdown()
        application.waitUntilStopped()
        lines.mutate { $0 = [] }
        let again = try buildApplication(configuration)
        defer { again.shutdown(); again.waitUntilStopped() }
        #expect(!lines.value.contains { $0.hasPrefix("demo accounts:") })
    }

    @Test func theAccountsCommandCreatesWithTheRulesOfSignUp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("a.sqlite").path
        let environment = ["PATH": "/usr/bin:/bin"]
        let created = try runStays(["accounts", "create", "--database", database, "--email", "kim@example.com", "--name", "Kim",
                                    "--roles", "guest,host", "--verified"], environment: environment)
        #expect(created.status == 0, "\(created)")
        #expect(created.output.contains("created account") && created.output.contains("(guest,host); password "))
        let again = try runStays(["accounts", "create", "--database", database, "--email", "KIM@example.com", "--name", "Kim"],
                                 environment: environment)
        #expect(again.status == 2 && again.error.contains("already exists"), "\(again)")
        let weak = try runStays(["accounts", "create", "--database", database, "--email", "lee@example.com", "--name", "Lee"],
                                environment: environment.merging(["STAYS_ACCOUNT_PASSWORD": "qwertyuiop"]) { $1 })
        #expect(weak.status == 2 && weak.error.contains("too common") && !weak.error.contains("qwertyuiop"), "\(weak)")
    }
}
