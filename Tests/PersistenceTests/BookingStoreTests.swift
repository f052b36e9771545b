import Foundation
import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// The booking unit of work (`StoreBookings`) on either engine, below the service: guests
    /// by token digest, the unique-night key as the double-booking guard, cancellation giving
    /// the nights back, idempotency records, the wishlist, and rollback of a failed write.
    @Suite struct BookingStoreTests {
        static let now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)

        static func digest(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

        /// A priced reservation of `listing` (from the fixture) for `stay`, for `guest`.
        static func reservation(_ fixture: CatalogFixture, listing id: Int64, _ stay: Stay,
                                guest: GuestID) throws -> NewReservation {
            let listing = try #require(fixture.listings.first { $0.id == ListingID(id) })
            let quote = Quote(listing: listing, stay: stay, guests: GuestCount(adults: 1), entries: [])
            return NewReservation(guestID: guest, quote: quote, cancellationPolicy: .moderate, createdAt: now)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aGuestIsFoundByItsTokenDigestOnly(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let id = try store.write { try $0.createGuest(tokenDigest: Self.digest(7), at: Self.now) }
            let other = try store.write { try $0.createGuest(tokenDigest: Self.digest(8), at: Self.now) }
            #expect(id != other)
            #expect(try store.read { try $0.guest(withTokenDigest: Self.digest(7)) } == id)
            #expect(try store.read { try $0.guest(withTokenDigest: Self.digest(9)) } == nil)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func guestAndReservationIdsAreRandomAndOldSequentialOnesStillWork(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            // A guest and a reservation stored before ids were random, with the ids of that time.
            try fixture.execute("INSERT INTO guests (id, token_hash, created_at) VALUES (1, ?, 0)", [Self.digest(30)])
            let old = try Self.reservation(fixture, listing: 4, stay("2027-08-01", "2027-08-03"), guest: GuestID(1))
            let oldID = try store.write { try $0.insertReservation(old).id }  // copied below as id 2
            let columns = "guest_id, listing_id, checkin, checkout, adults, children, infants, currency, nightly_prices, "
                + "line_items, total, cancellation_policy, status, created_at"
            try fixture.execute("INSERT INTO reservations (id, \(columns)) SELECT 2, \(columns) FROM reservations WHERE id = ?",
                                [oldID.rawValue])
            #expect(try store.read { try $0.guest(withTokenDigest: Self.digest(30)) } == GuestID(1))
            #expect(try store.read { try $0.reservation(ReservationID(2), of: GuestID(1)) }?.stay == old.quote.stay)

            var guests: [Int64] = [], reservations: [Int64] = []
            for index in 0..<8 {
                let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(40 + UInt8(index)), at: Self.now) }
                let stay = Stay(checkin: date("2027-09-01").adding(days: 2 * index),
                                checkout: date("2027-09-02").adding(days: 2 * index))!
                let id = try store.write { try $0.insertReservation(Self.reservation(fixture, listing: 4, stay, guest: guest)).id }
                guests.append(guest.rawValue)
                reservations.append(id.rawValue)
            }
            for ids in [guests, reservations] {
                #expect(ids.allSatisfy { RandomRowID.range.contains($0) }, "\(ids)")
                #expect(Set(ids).count == ids.count)
                // Consecutive creations are not neighbours: no two ids within a million of each other.
                let sorted = ids.sorted()
                #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 > 1_000_000 }, "\(sorted)")
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func theUniqueNightKeyRefusesASecondHoldNamingTheSharedNights(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(1), at: Self.now) }
            let first = try Self.reservation(fixture, listing: 3, stay("2027-05-10", "2027-05-13"), guest: guest)
            let id = try store.write { try $0.insertReservation(first).id }
            // Overlaps 05-12 only; the insert itself is refused, whatever anyone checked before.
            let second = try Self.reservation(fixture, listing: 3, stay("2027-05-12", "2027-05-15"), guest: guest)
            #expect(throws: StaysError.unavailableDates([date("2027-05-12")])) {
                try store.write { try $0.insertReservation(second) }
            }
            // The refused write left nothing; the first holds its three nights, booked in the calendar.
            let days = try fixture.reads.calendarEntries(of: ListingID(3), in: date("2027-05-01")..<date("2027-06-01"))
            #expect(days.map(\.date) == [date("2027-05-10"), date("2027-05-11"), date("2027-05-12")])
            #expect(days.allSatisfy { $0.status == .booked })
            let reservation = try #require(try store.read { try $0.reservation(id, of: guest) })
            #expect(reservation.stay == first.quote.stay && reservation.total == first.quote.total)
            #expect(reservation.status == .confirmed)
            // Another listing's same nights are free.
            _ = try store.write { try $0.insertReservation(Self.reservation(fixture, listing: 4, stay("2027-05-12", "2027-05-15"),
                                                                            guest: guest)) }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func cancellingGivesTheNightsBack(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(2), at: Self.now) }
            let new = try Self.reservation(fixture, listing: 3, stay("2027-06-01", "2027-06-03"), guest: guest)
            let id = try store.write { try $0.insertReservation(new).id }
            let start = try fixture.latestSequence()
            try store.write { transaction in
                let reservation = try #require(try transaction.reservation(id, of: guest))
                let refund = Refund(policy: reservation.cancellationPolicy, stay: reservation.stay,
                                    nightlyPrices: reservation.nightlyPrices, lineItems: reservation.lineItems,
                                    cancelledOn: date("2027-05-01"))
                try transaction.cancelReservation(reservation, at: Self.now, on: date("2027-05-01"), refund: refund)
            }
            #expect(try store.read { try $0.reservation(id, of: guest) }?.status == .cancelled)
            // The booked rows had only defaults besides their status: they are gone again.
            #expect(try fixture.reads.calendarEntries(of: ListingID(3), in: date("2027-06-01")..<date("2027-06-03")).isEmpty)
            #expect(try fixture.changeLogRows(after: start).map(\.reason) == ["cancellation"])
            _ = try store.write { try $0.insertReservation(new) }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aReservationIsReadOnlyByItsGuest(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(3), at: Self.now) }
            let stranger = try store.write { try $0.createGuest(tokenDigest: Self.digest(4), at: Self.now) }
            let id = try store.write {
                try $0.insertReservation(Self.reservation(fixture, listing: 1, stay("2027-07-01", "2027-07-02"), guest: guest)).id
            }
            #expect(try store.read { try $0.reservation(id, of: guest) }?.id == id)
            #expect(try store.read { try $0.reservation(id, of: stranger) } == nil)
        }

        /// A booking answers with what `insertReservation` returns instead of reading its row
        /// back: it must be that row, field for field, for a stay and for a request to book.
        @Test(arguments: CatalogFixture.Engine.available)
        func anInsertedReservationIsWhatReadsBack(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(12), at: Self.now) }
            var yearEnd = try Self.reservation(fixture, listing: 3, stay("2027-12-30", "2028-01-02"), guest: guest)
            yearEnd.quote.guests = GuestCount(adults: 2, children: 1, infants: 1)
            yearEnd.cancellationPolicy = .strict
            var leapRequest = try Self.reservation(fixture, listing: 2, stay("2028-02-28", "2028-03-01"), guest: guest)
            leapRequest.requestExpiresAt = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 86_400_123)
            for new in [yearEnd, leapRequest] {
                let inserted = try store.write { try $0.insertReservation(new) }
                let readBack = try #require(try store.read { try $0.reservation(inserted.id, of: guest) })
                #expect(inserted == readBack)
                #expect(inserted.request?.status == (new.requestExpiresAt == nil ? nil : .requested))
                #expect(inserted.localized(in: .en) == readBack.localized(in: .en))
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func anIdempotencyRecordRoundTripsPerGuestAndKey(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(5), at: Self.now) }
            let id = try store.write {
                try $0.insertReservation(Self.reservation(fixture, listing: 2, stay("2027-08-01", "2027-08-02"), guest: guest)).id
            }
            let key = try #require(IdempotencyKey("retry-1"))
            let record = IdempotencyRecord(requestFingerprint: Self.digest(6), reservationID: id,
                                           responseBody: Array("{\"id\":\"1\"}\u{0}é".utf8))
            #expect(try store.write { try $0.idempotencyRecord(of: guest, key: key) } == nil)
            try store.write { try $0.storeIdempotencyRecord(record, of: guest, key: key, at: Self.now) }
            #expect(try store.write { try $0.idempotencyRecord(of: guest, key: key) } == record)
            #expect(try store.write { try $0.idempotencyRecord(of: guest, key: try #require(IdempotencyKey("retry-2"))) } == nil)
            // The same key again is refused by the key's primary key.
            #expect(throws: (any Error).self) {
                try store.write { try $0.storeIdempotencyRecord(record, of: guest, key: key, at: Self.now) }
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func theWishlistKeepsEachListingOnceNewestFirst(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(9), at: Self.now) }
            let later = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 1_000)
            try store.write { try $0.saveToWishlist(ListingID(1), of: guest, at: Self.now) }
            try store.write { try $0.saveToWishlist(ListingID(4), of: guest, at: later) }
            try store.write { try $0.saveToWishlist(ListingID(1), of: guest, at: later) }
            #expect(try store.read { try $0.wishlist(of: guest, limit: 10) } == [ListingID(4), ListingID(1)])
            #expect(try store.read { try $0.wishlist(of: guest, limit: 1) } == [ListingID(4)])
            try store.write { try $0.removeFromWishlist(ListingID(4), of: guest) }
            try store.write { try $0.removeFromWishlist(ListingID(4), of: guest) }
            #expect(try store.read { try $0.wishlist(of: guest, limit: 10) } == [ListingID(1)])
            #expect(try store.read { try $0.listingExists(ListingID(4)) })
            #expect(try !store.read { try $0.listingExists(ListingID(999)) })
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aWriteThatThrowsLeavesNothing(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            let start = try fixture.latestSequence()
            #expect(throws: CancellationError.self) {
                try store.write { transaction in
                    let guest = try transaction.createGuest(tokenDigest: Self.digest(10), at: Self.now)
                    _ = try transaction.insertReservation(Self.reservation(fixture, listing: 1, stay("2027-09-01", "2027-09-04"),
                                                                           guest: guest))
                    throw CancellationError()
                }
            }
            #expect(try store.read { try $0.guest(withTokenDigest: Self.digest(10)) } == nil)
            #expect(try fixture.reads.calendarEntries(of: ListingID(1), in: date("2027-09-01")..<date("2027-09-04")).isEmpty)
            #expect(try fixture.latestSequence() == start)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aQuoteReadInsideTheTransactionSeesItsOwnHold(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.bookings
            try store.write { transaction in
                let guest = try transaction.createGuest(tokenDigest: Self.digest(11), at: Self.now)
                _ = try transaction.insertReservation(Self.reservation(fixture, listing: 2, stay("2027-10-01", "2027-10-03"),
                                                                       guest: guest))
                let read = try #require(try transaction.listingAndCalendar(ListingID(2), in: date("2027-10-01")..<date("2027-10-04")))
                #expect(read.listing.id == ListingID(2))
                #expect(read.entries.map(\.status) == [.booked, .booked])
            }
        }
    }
}
