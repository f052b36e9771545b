import Domain
import Foundation
import TestSupport
import Testing

extension ReviewsEndToEndTests {
    /// The reminder job as `buildApplication` wires it (run every 50 ms here), over a real
    /// socket: from the checkout day the guest and the host each find one `review.reminder`
    /// in `GET /notifications`; a cancelled stay gets none; later runs of the job add nothing.
    /// (A side that has reviewed is left out by the store: `ReviewReminderStoreTests`.)
    @Test(arguments: APITestServer.Engine.available)
    func eachSideOfACompletedStayFindsOneReminderToReview(engine: APITestServer.Engine) throws {
        let clock = MovableToday(CalendarDate("2027-12-20")!)
        let server = try APITestServer(engine: engine, configure: {
            $0.dateProvider = clock
            $0.reviewJobInterval = .milliseconds(50)
        })
        let (host, hostID) = try account(server, email: "host@example.com", name: "Jisoo Park")
        try execute(server, "UPDATE listings SET host_account_id = ? WHERE id = 101", [Int64(hostID)!])
        let (guest, _) = try account(server, email: "minji@example.com", name: "Minji Kim")
        let first = try book(server, guest, "2028-01-10", "2028-01-13")
        let cancelled = try book(server, guest, "2028-01-14", "2028-01-16")
        #expect(try guest.send("POST", "/reservations/\(cancelled)/cancel").status == 200)
        let second = try book(server, guest, "2028-01-16", "2028-01-18")
        let title = try #require(try server.json("/listings/101")["title"] as? String)

        clock.set("2028-01-13")
        let guestReminder = try eventuallyReminded(guest, about: first)
        #expect(guestReminder["title"] as? String == "\(title) 숙박은 어떠셨나요?", "\(guestReminder)")
        #expect((guestReminder["body"] as? String)?.hasSuffix("2028-01-26까지 후기를 남겨 주세요.") == true, "\(guestReminder)")
        let hostReminder = try eventuallyReminded(host, about: first)
        #expect(hostReminder["title"] as? String == "Minji Kim님은 어떤 게스트였나요?", "\(hostReminder)")

        // The second stay's reminders show that the job ran again after the first stay's,
        // which it did not repeat; the cancelled stay between them has none.
        clock.set("2028-01-18")
        _ = try eventuallyReminded(guest, about: second)
        _ = try eventuallyReminded(host, about: second)
        for side in [guest, host] {
            #expect(try reminders(side).compactMap { $0["reservationId"] as? String } == [second, first])
        }
    }

    /// The `review.reminder` notifications of the client's account, newest first.
    func reminders(_ client: BookingClient) throws -> [[String: Any]] {
        let items = try #require(try client.send("GET", "/notifications").object["items"] as? [[String: Any]])
        return items.filter { $0["type"] as? String == "review.reminder" }
    }

    /// Polls the account's notifications every 50 ms, for 20 s at most, until one reminds of
    /// `reservation`; that notification.
    func eventuallyReminded(_ client: BookingClient, about reservation: String) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let found = try reminders(client).first(where: { $0["reservationId"] as? String == reservation }) {
                return found
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ClientError(description: "no review.reminder about \(reservation) within 20 s")
    }
}
