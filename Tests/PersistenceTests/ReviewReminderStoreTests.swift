import Foundation
import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// Reminders to review (`ReviewService.remindDue` over `StoreReviews`) on either engine:
    /// each side of a completed stay is reminded once, from its checkout day while the window
    /// is open, only while it has not reviewed; never for a cancelled, declined or pending
    /// stay; and however many servers run the job at once, or how often.
    @Suite struct ReviewReminderStoreTests {
        typealias Setting = ReviewStoreTests.Setting

        /// The reminders written, in order: (reservation, audience of its one notification, account told).
        static func reminders(_ s: Setting) throws -> [(reservation: Int64, audience: String, account: Int64)] {
            try s.fixture.fetchAll("""
                SELECT e.reservation_id, n.audience, n.account_id FROM events e JOIN notifications n ON n.event_id = e.id \
                WHERE e.type = 'review.reminder' ORDER BY e.id
                """) { ($0.int64(0), $0.string(1), $0.int64(2)) }
        }

        static func count(_ s: Setting, _ sql: String) throws -> Int {
            try s.fixture.fetchOne(sql) { $0.int(0) } ?? -1
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func eachSideIsRemindedOnceFromCheckoutWhileTheWindowIsOpenAndNotReviewed(engine: CatalogFixture.Engine) throws {
            let s = try ReviewStoreTests.setting(engine, stays: [
                stay("2027-03-01", "2027-03-03"),  // 0: completed: both sides
                stay("2027-03-03", "2027-03-05"),  // 1: cancelled
                stay("2027-03-05", "2027-03-07"),  // 2: a declined request
                stay("2027-03-07", "2027-03-09"),  // 3: a request still pending
                stay("2027-03-09", "2027-03-10"),  // 4: the guest has reviewed: the host only
                stay("2027-03-12", "2027-03-14"),  // 5: checks out later
                stay("2027-03-14", "2027-03-16"),  // 6: its window closes 2027-03-30
                stay("2027-03-16", "2027-03-17"),  // 7: its window is open on 2027-03-30, the last day
            ])
            let r = s.stays.map(\.rawValue)
            try s.fixture.execute("UPDATE reservations SET status = 'cancelled' WHERE id = ? OR id = ?", [r[1], r[2]])
            try s.fixture.execute("""
                INSERT INTO reservation_requests (reservation_id, status, expires_at, decided_at) \
                VALUES (?, 'declined', 0, 0), (?, 'requested', 0, NULL)
                """, [r[2], r[3]])
            // The host's webhook takes every review event; only the host's reminders reach it.
            try s.fixture.execute("""
                INSERT INTO webhook_endpoints (account_id, url, events, secret, created_at) \
                VALUES (?, 'http://a.example/', 'review.*', 's1', 0)
                """, [s.host.rawValue])

            s.clock.set("2027-03-02")
            #expect(try s.reviews.remindDue() == 0)
            s.clock.set("2027-03-10")
            _ = try s.reviews.writeGuestReview(ReviewStoreTests.guestDraft(5), reservation: s.stays[4], guest: s.guests[4])
            #expect(try s.reviews.remindDue() == 3)
            #expect(try s.reviews.remindDue() == 0)
            let guestAccount = try #require(try s.fixture.fetchOne(
                "SELECT id FROM accounts WHERE guest_id = ?", [s.guests[0].rawValue]) { $0.int64(0) })
            var sent = try Self.reminders(s)
            #expect(sent.map(\.reservation) == [r[0], r[0], r[4]])
            #expect(sent.map(\.audience) == ["guest", "host", "host"])
            #expect(sent.map(\.account) == [guestAccount, s.host.rawValue, s.host.rawValue])
            #expect(try Self.count(s, "SELECT count(*) FROM review_reminders") == 3)
            #expect(try Self.count(s, """
                SELECT count(*) FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE e.type = 'review.reminder'
                """) == 2)
            // The guest's reminder names the stay and the last day to write; it is also mailed.
            let data = try #require(try s.fixture.fetchOne("""
                SELECT data FROM events WHERE type = 'review.reminder' AND guest_account_id IS NOT NULL
                """) { $0.string(0) })
            let snapshot = EventSnapshot(json: data)
            #expect(snapshot.reviewBy == date("2027-03-16") && snapshot.checkout == date("2027-03-03"))
            let text = NotificationText.make(.reviewReminder, snapshot, for: .guest, in: .en)
            #expect(text.title == "How was your stay at Listing 1?", "\(text)")
            #expect(text.body == "2027-03-01 – 2027-03-03. Write a review by 2027-03-16.", "\(text)")
            #expect(try Self.count(s, "SELECT count(*) FROM mail_outbox WHERE subject LIKE '%How was%'") == 3)

            // A review written after the reminder changes nothing; stay 5 is due from its checkout.
            s.clock.set("2027-03-13")
            #expect(try s.reviews.remindDue() == 0)
            s.clock.set("2027-03-14")
            #expect(try s.reviews.remindDue() == 2)
            // On stay 6's closing day it is too late; stay 7 is on its last day.
            s.clock.set("2027-03-30")
            #expect(try s.reviews.remindDue() == 2)
            sent = try Self.reminders(s)
            #expect(sent.map(\.reservation) == [r[0], r[0], r[4], r[5], r[5], r[7], r[7]])
        }

        /// Four servers run the job at once, then again (as after a restart): each side of each
        /// stay is reminded once, with one event, one notification and one reminder row.
        @Test(arguments: CatalogFixture.Engine.available)
        func concurrentAndRepeatedJobsRemindEachSideOnce(engine: CatalogFixture.Engine) throws {
            let dates = [("2027-03-01", "2027-03-02"), ("2027-03-02", "2027-03-03"), ("2027-03-03", "2027-03-04"),
                         ("2027-03-04", "2027-03-05"), ("2027-03-05", "2027-03-06")]
            let s = try ReviewStoreTests.setting(engine, stays: dates.map { stay($0.0, $0.1) })
            s.clock.set("2027-03-06")
            let (store, clock) = (s.fixture.store.reviewStore(), s.clock)
            let sent = LockedErrors()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let service = ReviewService(store: store, dateProvider: clock)
                do { sent.count(try service.remindDue()) } catch { sent.add(error) }
            }
            #expect(sent.all.isEmpty && sent.total == 10, "\(sent.all) \(sent.total)")
            for _ in 0..<2 {
                #expect(try ReviewService(store: store, dateProvider: clock).remindDue() == 0)
            }
            let reminders = try Self.reminders(s)
            #expect(reminders.count == 10)
            #expect(Set(reminders.map { "\($0.reservation) \($0.audience)" }).count == 10)
            #expect(try Self.count(s, "SELECT count(*) FROM events WHERE type = 'review.reminder'") == 10)
            #expect(try Self.count(s, "SELECT count(*) FROM review_reminders") == 10)
        }
    }
}
