import Foundation
import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// The event outbox (`EventOutbox`) on either engine: a booking and a cancellation each
    /// write their event with its notifications, mails and webhook deliveries in the
    /// booking's own transaction, and a rolled-back transaction leaves none of them.
    @Suite struct EventOutboxTests {
        static let now = BookingStoreTests.now

        /// A guest with an account (English) and a host account (Korean) owning listing 3.
        static func parties(_ fixture: CatalogFixture) throws -> (guest: GuestID, guestAccount: AccountID, host: AccountID) {
            let accounts = fixture.accounts.accounts
            return try accounts.write { transaction in
                let guest = try transaction.createGuest(tokenDigest: BookingStoreTests.digest(1), at: now)
                let hostGuest = try transaction.createGuest(tokenDigest: BookingStoreTests.digest(2), at: now)
                let guestAccount = try transaction.insertAccount(NewAccount(
                    guestID: guest, email: try #require(EmailAddress("minji@example.com")), passwordHash: "x",
                    name: "Minji", roles: [.guest], locale: .en, createdAt: now))
                let host = try transaction.insertAccount(NewAccount(
                    guestID: hostGuest, email: try #require(EmailAddress("host@example.com")), passwordHash: "x",
                    name: "Host", roles: [.guest, .host], locale: .ko, createdAt: now))
                return (guest, guestAccount, host)
            }
        }

        func count(_ fixture: CatalogFixture, _ table: String) throws -> Int {
            try fixture.fetchOne("SELECT count(*) FROM \(table)") { $0.int(0) } ?? -1
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aBookingWritesItsEventNotificationsMailsAndDeliveries(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let (guest, guestAccount, host) = try Self.parties(fixture)
            try fixture.execute("UPDATE listings SET host_account_id = ? WHERE id = 3", [host.rawValue])
            try fixture.execute("""
                INSERT INTO webhook_endpoints (account_id, url, events, secret, created_at) VALUES \
                (?, 'http://a.example/', 'reservation.*', 's1', 0), (?, 'http://b.example/', 'listing.published', 's2', 0)
                """, [host.rawValue, host.rawValue])
            let mailsBefore = try count(fixture, "mail_outbox")
            let new = try BookingStoreTests.reservation(fixture, listing: 3, stay("2027-05-10", "2027-05-13"), guest: guest)
            let id = try fixture.bookings.write { try $0.insertReservation(new).id }

            let event = try #require(try fixture.fetchOne("""
                SELECT id, type, created_at, listing_id, reservation_id, guest_account_id, host_account_id, data FROM events
                """) { ($0.int64(0), $0.string(1), $0.int64(2), $0.optionalInt64(3), $0.optionalInt64(4),
                        $0.optionalInt64(5), $0.optionalInt64(6), $0.string(7)) })
            #expect(event.1 == "reservation.confirmed" && event.2 == Self.now.millisecondsSinceEpoch)
            #expect(event.3 == 3 && event.4 == id.rawValue && event.5 == guestAccount.rawValue && event.6 == host.rawValue)
            let snapshot = EventSnapshot(json: event.7)
            #expect(snapshot.reservationID == id && snapshot.listingTitle == "Listing 3" && snapshot.status == "confirmed")
            #expect(snapshot.checkin == date("2027-05-10") && snapshot.total == new.quote.total && snapshot.guestName == "Minji")
            let audiences = try fixture.fetchAll("SELECT account_id, audience FROM notifications ORDER BY id") {
                ($0.int64(0), $0.string(1))
            }
            #expect(audiences.map(\.0) == [guestAccount.rawValue, host.rawValue] && audiences.map(\.1) == ["guest", "host"])
            // A confirmed booking mails both sides, each in their language.
            let mails = try fixture.fetchAll("SELECT recipient, subject FROM mail_outbox ORDER BY id") { ($0.string(0), $0.string(1)) }
            #expect(mails.count == mailsBefore + 2)
            #expect(mails.suffix(2).map(\.0) == ["minji@example.com", "host@example.com"])
            #expect(mails.suffix(2).map(\.1) == ["Stays: Your booking is confirmed", "Stays: 새 예약"])
            // Only the endpoint whose patterns match gets a delivery.
            let deliveries = try fixture.fetchAll("""
                SELECT e.url, d.status, d.event_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                """) { ($0.string(0), $0.string(1), $0.int64(2)) }
            #expect(deliveries.count == 1 && deliveries.first?.0 == "http://a.example/" && deliveries.first?.1 == "pending")
            #expect(deliveries.first?.2 == event.0)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aRolledBackTransactionLeavesNoEvent(engine: CatalogFixture.Engine) throws {
            struct Abandon: Error {}
            let fixture = try CatalogFixture(engine: engine)
            let (guest, _, host) = try Self.parties(fixture)
            try fixture.execute("UPDATE listings SET host_account_id = ? WHERE id = 3", [host.rawValue])
            try fixture.execute("""
                INSERT INTO webhook_endpoints (account_id, url, events, secret, created_at) VALUES (?, 'http://a.example/', '*', 's', 0)
                """, [host.rawValue])
            let mailsBefore = try count(fixture, "mail_outbox")
            let new = try BookingStoreTests.reservation(fixture, listing: 3, stay("2027-05-10", "2027-05-13"), guest: guest)
            #expect(throws: Abandon.self) {
                try fixture.bookings.write { transaction in
                    _ = try transaction.insertReservation(new)
                    throw Abandon()
                }
            }
            #expect(try count(fixture, "events") == 0)
            #expect(try count(fixture, "notifications") == 0)
            #expect(try count(fixture, "webhook_deliveries") == 0)
            #expect(try count(fixture, "mail_outbox") == mailsBefore)
            // The same booking committed has its event.
            _ = try fixture.bookings.write { try $0.insertReservation(new) }
            #expect(try count(fixture, "events") == 1 && count(fixture, "webhook_deliveries") == 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aCancellationSaysWhoCancelledAndTheRefund(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let (guest, _, _) = try Self.parties(fixture)
            let new = try BookingStoreTests.reservation(fixture, listing: 3, stay("2027-06-01", "2027-06-03"), guest: guest)
            let id = try fixture.bookings.write { try $0.insertReservation(new).id }
            let refund = try fixture.bookings.write { transaction in
                let reservation = try #require(try transaction.reservation(id, of: guest))
                let refund = Refund(policy: reservation.cancellationPolicy, stay: reservation.stay,
                                    nightlyPrices: reservation.nightlyPrices, lineItems: reservation.lineItems,
                                    cancelledOn: date("2027-05-01"))
                try transaction.cancelReservation(reservation, at: Self.now, on: date("2027-05-01"), refund: refund)
                return refund
            }
            let events = try fixture.fetchAll("SELECT type, data, host_account_id FROM events ORDER BY id") {
                ($0.string(0), EventSnapshot(json: $0.string(1)), $0.optionalInt64(2))
            }
            #expect(events.map(\.0) == ["reservation.confirmed", "reservation.cancelled"])
            let cancelled = try #require(events.last)
            #expect(cancelled.1.cancelledBy == .guest && cancelled.1.status == "cancelled")
            #expect(cancelled.1.refundTotal == refund.total && refund.total > 0)
            // Listing 3 has no host: the event concerns the guest alone.
            #expect(cancelled.2 == nil)
            #expect(try fixture.fetchAll("SELECT audience FROM notifications") { $0.string(0) } == ["guest", "guest"])
        }
    }
}
