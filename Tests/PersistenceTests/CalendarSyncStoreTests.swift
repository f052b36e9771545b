import Foundation
import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    /// Calendar sync's storage (`StoreCalendarSync`) on either engine: imported nights close
    /// the calendar guests read and open again when the feed drops them, an unchanged feed
    /// writes nothing, a failed sync keeps the nights, reservations win and are listed as
    /// conflicts, export tokens are found by digest and rotate, an import's own export leaves
    /// its nights out, and due imports are claimed with a lease.
    @Suite struct CalendarSyncStoreTests {
        static let now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)
        static let today = date("2027-05-01")
        static let listing = ListingID(3)

        static func nights(_ first: String, count: Int) -> Set<CalendarDate> {
            Set((0..<count).map { date(first).adding(days: $0) })
        }

        static func blocked(_ fixture: CatalogFixture, _ listing: ListingID = listing) throws -> [CalendarDate] {
            try fixture.reads.calendarEntries(of: listing, in: date("2027-04-01")..<date("2027-08-01"))
                .filter { $0.status != .available }.map(\.date)
        }

        static func addImport(_ store: some CalendarSyncStore, _ byte: UInt8, listing: ListingID = listing) throws
            -> CalendarImport {
            try store.insertImport(listing: listing, name: "Airbnb \(byte)", url: "https://example.com/\(byte).ics",
                                   exportDigest: [UInt8](repeating: byte, count: 32), exportHint: "h\(byte)", at: now)
        }

        @discardableResult
        static func sync(_ store: some CalendarSyncStore, _ id: CalendarImportID, _ nights: Set<CalendarDate>,
                         today: CalendarDate = today) throws -> Int {
            try store.storeSync(of: id, nights: nights, today: today, eventCount: 1, warnings: ["line 3: odd"],
                                at: now, nextSyncAt: Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 900_000))
                .changedNights
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func importedNightsCloseTheCalendarAndAnUnchangedFeedWritesNothing(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            let feed = try Self.addImport(store, 1)
            let before = try fixture.latestSequence()
            #expect(try Self.sync(store, feed.id, Self.nights("2027-05-10", count: 3)) == 3)
            #expect(try Self.blocked(fixture) == Self.nights("2027-05-10", count: 3).sorted())
            #expect(try fixture.changeLogRows(after: before).map(\.listing) == [Self.listing.rawValue])
            let stored = try #require(try store.calendarImport(feed.id))
            #expect(stored.lastStatus == .ok && stored.nightCount == 3 && stored.eventCount == 1)
            #expect(stored.warnings == ["line 3: odd"])

            // The same feed again: no calendar write, no change-log row.
            let afterFirst = try fixture.latestSequence()
            #expect(try Self.sync(store, feed.id, Self.nights("2027-05-10", count: 3)) == 0)
            #expect(try fixture.latestSequence() == afterFirst)

            // The feed drops the 10th and adds the 13th: exactly those change, one log row.
            #expect(try Self.sync(store, feed.id, Self.nights("2027-05-11", count: 3)) == 2)
            #expect(try Self.blocked(fixture) == Self.nights("2027-05-11", count: 3).sorted())
            #expect(try fixture.changeLogRows(after: afterFirst).count == 1)

            // An empty feed (a good sync with no events) opens all it closed; the rows go.
            #expect(try Self.sync(store, feed.id, []) == 3)
            #expect(try Self.blocked(fixture).isEmpty)
            #expect(try fixture.fetchOne("SELECT count(*) FROM calendar_days WHERE listing_id = 3") { $0.int(0) } == 0)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func importsNeverOpenWhatTheyDidNotCloseAndReservationsAreConflicts(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            // The host closed the 12th; a guest holds the 14th and 15th.
            try fixture.execute("INSERT INTO calendar_days (listing_id, day, status) VALUES (3, ?, 'blocked')",
                                [date("2027-05-12").daysSinceEpoch])
            let guest = try fixture.bookings.write { try $0.createGuest(tokenDigest: [UInt8](repeating: 9, count: 32), at: Self.now) }
            let listing = try #require(fixture.listings.first { $0.id == Self.listing })
            let quote = Quote(listing: listing, stay: stay("2027-05-14", "2027-05-16"), guests: GuestCount(adults: 1), entries: [])
            let reservation = try fixture.bookings.write {
                try $0.insertReservation(NewReservation(guestID: guest, quote: quote, cancellationPolicy: .moderate,
                                                        createdAt: Self.now)).id
            }
            let first = try Self.addImport(store, 1), second = try Self.addImport(store, 2)
            // 10th-15th: the host's 12th and the guest's 14th-15th are left as they are.
            #expect(try Self.sync(store, first.id, Self.nights("2027-05-10", count: 6)) == 3)
            #expect(try store.conflicts(of: first.id, from: Self.today)
                    == [CalendarConflict(date: date("2027-05-14"), reservationID: reservation),
                        CalendarConflict(date: date("2027-05-15"), reservationID: reservation)])
            #expect(try Self.sync(store, second.id, Self.nights("2027-05-11", count: 1)) == 0)  // already closed

            // The first import drops everything: the 11th stays (the second holds it), the
            // host's 12th stays, the 10th and 13th open, the reservation keeps its nights.
            #expect(try Self.sync(store, first.id, []) == 2)
            #expect(try Self.blocked(fixture) == [date("2027-05-11"), date("2027-05-12"), date("2027-05-14"), date("2027-05-15")])
            // Deleting the second opens the 11th.
            #expect(try store.deleteImport(second.id, today: Self.today, at: Self.now))
            #expect(try !store.deleteImport(second.id, today: Self.today, at: Self.now))
            #expect(try Self.blocked(fixture) == [date("2027-05-12"), date("2027-05-14"), date("2027-05-15")])
            #expect(try store.imports(of: Self.listing).map(\.id) == [first.id])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aCancellationThatOpensAnImportedNightIsClosedAgainByTheNextSync(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            let guest = try fixture.bookings.write { try $0.createGuest(tokenDigest: [UInt8](repeating: 9, count: 32), at: Self.now) }
            let listing = try #require(fixture.listings.first { $0.id == Self.listing })
            let quote = Quote(listing: listing, stay: stay("2027-05-14", "2027-05-16"), guests: GuestCount(adults: 1), entries: [])
            let id = try fixture.bookings.write {
                try $0.insertReservation(NewReservation(guestID: guest, quote: quote, cancellationPolicy: .moderate,
                                                        createdAt: Self.now)).id
            }
            let feed = try Self.addImport(store, 1)
            #expect(try Self.sync(store, feed.id, Self.nights("2027-05-14", count: 2)) == 0)
            let reservation = try #require(try fixture.bookings.read { try $0.reservation(id, of: guest) })
            let refund = Refund(policy: reservation.cancellationPolicy, stay: reservation.stay,
                                nightlyPrices: reservation.nightlyPrices, lineItems: reservation.lineItems,
                                cancelledOn: Self.today)
            try fixture.bookings.write {
                try $0.cancelReservation(reservation, at: Self.now, on: Self.today, refund: refund)
            }
            #expect(try Self.blocked(fixture).isEmpty)
            // The feed is unchanged, but the calendar no longer agrees with it.
            #expect(try Self.sync(store, feed.id, Self.nights("2027-05-14", count: 2)) == 2)
            #expect(try Self.blocked(fixture) == [date("2027-05-14"), date("2027-05-15")])
            #expect(try store.conflicts(of: feed.id, from: Self.today).isEmpty)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aFailedSyncKeepsTheNightsAndCountsFailuresInARow(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            let feed = try Self.addImport(store, 1)
            try Self.sync(store, feed.id, Self.nights("2027-05-10", count: 2))
            for _ in 0..<3 {
                try store.storeFailure(of: feed.id, error: "timed out", at: Self.now, nextSyncAt: Self.now)
            }
            let failed = try #require(try store.calendarImport(feed.id))
            #expect(failed.lastStatus == .failed && failed.lastError == "timed out")
            #expect(failed.consecutiveFailures == 3 && failed.needsAttention)
            #expect(failed.nightCount == 2)
            #expect(try Self.blocked(fixture) == Self.nights("2027-05-10", count: 2).sorted())
            try Self.sync(store, feed.id, Self.nights("2027-05-10", count: 2))
            let recovered = try #require(try store.calendarImport(feed.id))
            #expect(recovered.consecutiveFailures == 0 && recovered.lastError == nil && recovered.lastStatus == .ok)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func exportTokensAreFoundByDigestRotateAndAnImportsOwnExportLeavesItsNightsOut(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            #expect(try store.exportHint(of: Self.listing) == nil)
            try store.setExportToken(of: Self.listing, digest: [UInt8](repeating: 50, count: 32), hint: "abcd", at: Self.now)
            #expect(try store.exportHint(of: Self.listing) == "abcd")
            #expect(try store.exportTarget(digest: [UInt8](repeating: 50, count: 32))
                    == CalendarExportTarget(listingID: Self.listing, excluding: nil))
            try store.setExportToken(of: Self.listing, digest: [UInt8](repeating: 51, count: 32), hint: "efgh", at: Self.now)
            #expect(try store.exportTarget(digest: [UInt8](repeating: 50, count: 32)) == nil)
            #expect(try store.exportTarget(digest: [UInt8](repeating: 51, count: 32))?.listingID == Self.listing)

            try fixture.execute("INSERT INTO calendar_days (listing_id, day, status) VALUES (3, ?, 'blocked')",
                                [date("2027-05-20").daysSinceEpoch])
            let first = try Self.addImport(store, 1), second = try Self.addImport(store, 2)
            #expect(try store.exportTarget(digest: [UInt8](repeating: 1, count: 32))
                    == CalendarExportTarget(listingID: Self.listing, excluding: first.id))
            try Self.sync(store, first.id, Self.nights("2027-05-10", count: 2).union([date("2027-05-20")]))
            try Self.sync(store, second.id, Self.nights("2027-05-11", count: 2))
            let end = date("2027-08-01")
            let all = try store.feedContent(of: Self.listing, from: Self.today, to: end, excluding: nil)
            #expect(all.closedNights == [date("2027-05-10"), date("2027-05-11"), date("2027-05-12"), date("2027-05-20")])
            // Without the first import's own nights: the 10th goes; the 11th stays (the
            // second holds it too), the 20th stays (the host closed it).
            let echoFree = try store.feedContent(of: Self.listing, from: Self.today, to: end, excluding: first.id)
            #expect(echoFree.closedNights == [date("2027-05-11"), date("2027-05-12"), date("2027-05-20")])
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func dueImportsAreClaimedOnceUntilTheirLeaseEnds(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            let first = try Self.addImport(store, 1), second = try Self.addImport(store, 2)
            let lease = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 60_000)
            let claimed = try store.claimDue(now: Self.now, leaseUntil: lease, limit: 1)
            #expect(claimed.count == 1)
            let rest = try store.claimDue(now: Self.now, leaseUntil: lease, limit: 10)
            #expect(Set((claimed + rest).map(\.id)) == [first.id, second.id])
            #expect(try store.claimDue(now: Self.now, leaseUntil: lease, limit: 10).isEmpty)
            #expect(try store.claim(first.id, now: Self.now, leaseUntil: lease) == nil)
            // After the lease a claim succeeds again; a stored sync ends the claim.
            #expect(try store.claimDue(now: lease, leaseUntil: Instant(millisecondsSinceEpoch: lease.millisecondsSinceEpoch + 1),
                                       limit: 10).count == 2)
            try Self.sync(store, first.id, [])
            #expect(try store.claim(first.id, now: Self.now, leaseUntil: lease)?.id == first.id)
        }

        /// Servers claiming at once (threads with their own connections here) take different
        /// imports, and together take every due one: none twice, none skipped.
        @Test(arguments: CatalogFixture.Engine.available)
        func concurrentClaimsTakeEachDueImportExactlyOnce(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.store.calendarSyncStore()
            var ids = Set<CalendarImportID>()
            for byte in UInt8(1)...UInt8(24) { ids.insert(try Self.addImport(store, byte).id) }
            let lease = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 60_000)
            let claims = LockedClaims()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                while true {
                    do {
                        let batch = try store.claimDue(now: Self.now, leaseUntil: lease, limit: 2)
                        if batch.isEmpty { return }
                        claims.add(batch.map(\.id))
                    } catch {
                        claims.fail(error)
                        return
                    }
                }
            }
            #expect(claims.errors.isEmpty, "\(claims.errors)")
            #expect(claims.ids.count == ids.count)
            #expect(Set(claims.ids) == ids)
        }
    }
}

/// Claimed ids and errors collected from several threads.
private final class LockedClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed: [CalendarImportID] = []
    private var failures: [String] = []
    func add(_ ids: [CalendarImportID]) { lock.withLock { claimed += ids } }
    func fail(_ error: any Error) { lock.withLock { failures.append("\(error)") } }
    var ids: [CalendarImportID] { lock.withLock { claimed } }
    var errors: [String] { lock.withLock { failures } }
}
