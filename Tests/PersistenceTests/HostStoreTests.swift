import Foundation
import Synchronization
import Testing
import Domain
@testable import Persistence

/// A clock the host tests move: today is the UTC date of `now`.
final class HostTestClock: DateProvider {
    let instant = Mutex(Instant(millisecondsSinceEpoch: 1_800_000_000_000))  // 2027-01-15
    func today(in timeZone: String) -> CalendarDate {
        CalendarDate(daysSinceEpoch: Int(now().millisecondsSinceEpoch / 86_400_000))
    }
    func now() -> Instant { instant.withLock { $0 } }
    func advance(seconds: Int64) {
        instant.withLock { $0 = Instant(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + seconds * 1000) }
    }
}

extension StoreContractTests {
    /// `StoreHosts` on either engine, under `HostService`: drafts and publishing (and what
    /// search then sees), optimistic versions, calendar writes with the change log, and the
    /// decisions on requests to book.
    @Suite struct HostStoreTests {
        struct Setup {
            let fixture: CatalogFixture
            let clock = HostTestClock()
            let service: HostService
            let host: AccountID
            let guestOnly: AccountID
            let hostGuest: GuestID

            init(_ engine: CatalogFixture.Engine) throws {
                fixture = try CatalogFixture(engine: engine)
                let store = fixture.accounts.accounts
                func account(_ byte: UInt8, _ email: String, _ roles: [AccountRole]) throws -> (AccountID, GuestID) {
                    try store.write { transaction in
                        let guest = try transaction.createGuest(tokenDigest: [UInt8](repeating: byte, count: 32),
                                                                at: Instant(millisecondsSinceEpoch: 0))
                        let id = try transaction.insertAccount(NewAccount(
                            guestID: guest, email: EmailAddress(email)!, passwordHash: "x", name: "Minji Kim",
                            roles: roles, locale: .en, createdAt: Instant(millisecondsSinceEpoch: 0)))
                        try transaction.markEmailVerified(id, at: Instant(millisecondsSinceEpoch: 0))
                        return (id, guest)
                    }
                }
                (host, hostGuest) = try account(1, "host@example.com", [.guest, .host])
                guestOnly = try account(2, "guest@example.com", [.guest]).0
                func hosts(_ engine: some StoreEngine) -> any HostStore { engine.hostStore() }
                service = HostService(store: hosts(fixture.store), dateProvider: clock)
            }

            func draft() -> HostListingDraft {
                var draft = HostListingDraft()
                draft.title = .set("Hanok by the palace")
                draft.photos = .set(["https://img.example/1.jpg", "https://img.example/2.jpg"])
                draft.basePrice = .set(120_000)
                draft.cleaningFee = .set(30_000)
                draft.locationID = .set(fixture.gangnam)
                draft.coordinate = .set(Coordinate(latitude: 37.51, longitude: 127.04))
                draft.amenities = .set(["wifi"])
                return draft
            }

            func changeLogCount() throws -> Int {
                try fixture.fetchOne("SELECT count(*) FROM change_log") { $0.int(0) } ?? 0
            }

            /// A guest's stay on `listing`, inserted as the booking path stores one; with a
            /// `reservation_requests` row when `expiresAt` is given.
            func reserve(_ listing: ListingID, _ checkin: String, _ checkout: String, expiresAt: Instant? = nil) throws
                -> ReservationID {
                let stay = stay(checkin, checkout)
                let prices = Array(repeating: Int64(120_000), count: stay.nights)
                func insert(_ engine: some StoreEngine, _ sql: String, _ arguments: StoreArguments) throws -> Int64? {
                    try engine.write { try $0.fetchOne(sql, arguments) { $0.int64(0) } }
                }
                let id = try #require(try insert(fixture.store, """
                    INSERT INTO reservations (guest_id, listing_id, checkin, checkout, adults, children, infants, currency, \
                    nightly_prices, line_items, total, cancellation_policy, status, created_at) \
                    VALUES (?, ?, ?, ?, 2, 0, 0, 'KRW', ?, ?, ?, 'moderate', 'confirmed', ?) RETURNING id
                    """, [hostGuest.rawValue, listing.rawValue, stay.checkin.daysSinceEpoch, stay.checkout.daysSinceEpoch,
                          prices.map(String.init).joined(separator: ","),
                          "accommodation:\(prices.reduce(0, +)),cleaning_fee:30000,service_fee:10000",
                          prices.reduce(0, +) + 40_000, clock.now().millisecondsSinceEpoch]))
                for night in stay.nightDates {
                    try fixture.execute("INSERT INTO reservation_nights (listing_id, night, reservation_id) VALUES (?, ?, ?)",
                                        [listing.rawValue, night.daysSinceEpoch, id])
                }
                if let expiresAt {
                    try fixture.execute("INSERT INTO reservation_requests (reservation_id, status, expires_at) VALUES (?, 'requested', ?)",
                                        [id, expiresAt.millisecondsSinceEpoch])
                }
                return ReservationID(id)
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aDraftIsInNoSearchUntilPublishedAndGoesAtOnceWhenUnpublished(engine: CatalogFixture.Engine) throws {
            let setup = try Setup(engine)
            defer { withExtendedLifetime(setup) {} }
            let service = setup.service
            let before = try setup.changeLogCount()
            let draft = try service.createListing(setup.draft(), by: setup.host)
            #expect(draft.status == .draft && draft.version == 1 && draft.content.title == "Hanok by the palace")
            #expect(draft.id.rawValue > CatalogFixture.bigID.rawValue)  // above every listing's id
            #expect(try setup.fixture.reads.listing(draft.id) == nil)
            #expect(try setup.changeLogCount() == before)
            #expect(throws: HostError.hostRoleRequired) { try service.listing(draft.id, by: setup.guestOnly) }

            let published = try service.publish(draft.id, by: setup.host)
            #expect(published.status == .published && published.version == 2 && published.id == draft.id)
            let seen = try #require(try setup.fixture.reads.listing(draft.id))
            #expect(seen.title == "Hanok by the palace" && seen.pricing.basePrice == 120_000 && seen.host.name == "Minji Kim")
            #expect(seen.photoURLs.count == 2 && seen.availableUntil != nil)
            #expect(try setup.changeLogCount() == before + 1)
            #expect(try service.listings(by: setup.host, after: nil, limit: 10).items.map(\.id) == [draft.id])

            var edit = HostListingDraft()
            edit.basePrice = .set(99_000)
            let edited = try service.updateListing(draft.id, edit, ifMatch: published.etag, by: setup.host)
            #expect(edited.version == 3 && edited.content.basePrice == 99_000)
            #expect(try setup.fixture.reads.listing(draft.id)?.pricing.basePrice == 99_000)
            #expect(try setup.changeLogCount() == before + 2)
            // A stale ETag changes nothing.
            #expect(throws: HostError.listingChanged(currentETag: edited.etag)) {
                try service.updateListing(draft.id, edit, ifMatch: published.etag, by: setup.host)
            }
            // The same edit again writes nothing.
            #expect(try service.updateListing(draft.id, edit, ifMatch: edited.etag, by: setup.host) == edited)
            #expect(try setup.changeLogCount() == before + 2)

            let unpublished = try service.unpublish(draft.id, by: setup.host)
            #expect(unpublished.status == .unpublished)
            #expect(try setup.fixture.reads.listing(draft.id) == nil)
            #expect(try setup.changeLogCount() == before + 3)
            #expect(try service.listing(draft.id, by: setup.host).status == .unpublished)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func publishingNeedsEveryRequirementAndTwoEditsOfOneVersionCannotBothWin(engine: CatalogFixture.Engine) throws {
            let setup = try Setup(engine)
            defer { withExtendedLifetime(setup) {} }
            var bare = HostListingDraft()
            bare.title = .set("Empty")
            let draft = try setup.service.createListing(bare, by: setup.host)
            #expect(throws: HostError.publishRequirementsMissing([.photos, .price, .location])) {
                try setup.service.publish(draft.id, by: setup.host)
            }
            // The store's version check, below the service's: the second write of version 1 loses.
            func hosts(_ engine: some StoreEngine) -> any HostStore { engine.hostStore() }
            let store = hosts(setup.fixture.store)
            var content = draft.content
            content.title = "First"
            _ = try store.write { try $0.updateListing(draft.id, content: content, status: .draft, expectedVersion: 1,
                                                       at: setup.clock.now(), today: date("2027-01-15")) }
            content.title = "Second"
            #expect(throws: HostError.listingChanged(currentETag: HostListing.etag(id: draft.id, version: 2))) {
                try store.write { try $0.updateListing(draft.id, content: content, status: .draft, expectedVersion: 1,
                                                       at: setup.clock.now(), today: date("2027-01-15")) }
            }
            #expect(try setup.service.listing(draft.id, by: setup.host).content.title == "First")
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func calendarChangesAreAllOrNothingAndTheSameRequestTwiceLogsNothing(engine: CatalogFixture.Engine) throws {
            let setup = try Setup(engine)
            defer { withExtendedLifetime(setup) {} }
            let service = setup.service
            let id = try service.publish(try service.createListing(setup.draft(), by: setup.host).id, by: setup.host).id
            let changes = [CalendarChange(from: date("2027-03-01"), to: date("2027-03-31"), price: .set(150_000)),
                           CalendarChange(from: date("2027-03-10"), to: date("2027-03-12"), available: false)]
            let before = try setup.changeLogCount()
            let edit = try service.changeCalendar(id, changes, by: setup.host)
            #expect(edit.upserts.count == 31)
            #expect(try setup.changeLogCount() == before + 1)
            #expect(try service.changeCalendar(id, changes, by: setup.host).isEmpty)
            #expect(try setup.changeLogCount() == before + 1)
            let stored = try setup.fixture.reads.listingAndCalendar(id, calendarIn: date("2027-03-01")..<date("2027-04-01"))
            #expect(stored?.entries.count == 31 && stored?.entries.filter { $0.status == .blocked }.count == 3)

            // A confirmed stay and a pending request hold nights: closing them is refused, whole.
            let stayID = try setup.reserve(id, "2027-04-02", "2027-04-04")
            let requestID = try setup.reserve(id, "2027-04-10", "2027-04-11",
                                              expiresAt: Instant(millisecondsSinceEpoch: setup.clock.now().millisecondsSinceEpoch + 3_600_000))
            let closing = [CalendarChange(from: date("2027-04-01"), to: date("2027-04-30"), price: .set(1), available: false)]
            #expect(throws: HostError.nightsReserved([date("2027-04-02"), date("2027-04-03"), date("2027-04-10")])) {
                try service.changeCalendar(id, closing, by: setup.host)
            }
            #expect(try setup.changeLogCount() == before + 1)
            let days = try service.calendar(id, start: YearMonth(year: 2027, month: 4)!, months: 1, by: setup.host)
            #expect(days.allSatisfy { $0.price != 1 })
            #expect(days.first { $0.date == date("2027-04-02") }?.unavailableBecause == .reservation(stayID))
            #expect(days.first { $0.date == date("2027-04-10") }?.unavailableBecause == .request(requestID))
            // Past its expiry the request holds nothing, before any job has run.
            setup.clock.advance(seconds: 3_601)
            #expect(try service.changeCalendar(id, [CalendarChange(from: date("2027-04-10"), to: date("2027-04-10"),
                                                                   available: false)], by: setup.host).upserts.count == 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func requestsAreAcceptedDeclinedExpiredOnceAndStaysCancelledByTheHostAreRefundedInFull(
            engine: CatalogFixture.Engine) throws {
            let setup = try Setup(engine)
            defer { withExtendedLifetime(setup) {} }
            let service = setup.service
            let id = try service.publish(try service.createListing(setup.draft(), by: setup.host).id, by: setup.host).id
            let inAnHour = Instant(millisecondsSinceEpoch: setup.clock.now().millisecondsSinceEpoch + 3_600_000)
            let accepted = try setup.reserve(id, "2027-05-01", "2027-05-03", expiresAt: inAnHour)
            let declined = try setup.reserve(id, "2027-05-05", "2027-05-06", expiresAt: inAnHour)
            let expiring = try setup.reserve(id, "2027-05-10", "2027-05-12", expiresAt: inAnHour)

            let requested = try service.reservations(by: setup.host, status: .requested, listing: nil, after: nil, limit: 10)
            #expect(requested.items.map(\.id) == [expiring, declined, accepted])
            #expect(requested.items.first?.guestFirstName == "Minji")
            #expect(try service.accept(accepted, by: setup.host).status == .confirmed)
            #expect(throws: HostError.reservationStateConflict(accepted, status: .confirmed, action: .decline)) {
                try service.decline(accepted, by: setup.host)
            }
            #expect(try service.decline(declined, by: setup.host).status == .declined)
            #expect(try setup.fixture.fetchOne("SELECT count(*) FROM reservation_nights WHERE reservation_id = ?",
                                               [declined.rawValue]) { $0.int(0) } == 0)

            setup.clock.advance(seconds: 3_601)
            #expect(try service.reservation(expiring, by: setup.host).status == .expired)
            #expect(throws: HostError.requestExpired(expiring)) { try service.accept(expiring, by: setup.host) }
            #expect(try service.expireDueRequests(limit: 10) == [expiring])
            #expect(try service.expireDueRequests(limit: 10).isEmpty)
            #expect(try service.reservations(by: setup.host, status: .expired, listing: id, after: nil, limit: 10)
                .items.map(\.id) == [expiring])

            let cancelled = try service.cancel(accepted, by: setup.host)
            #expect(cancelled.status == .cancelled && cancelled.cancelledBy == .host && cancelled.refund?.isFull == true)
            let payout = try #require(service.payout(of: cancelled))
            #expect(payout.lines.reduce(0) { $0 + $1.amount } == payout.total)
            #expect(try setup.fixture.fetchOne("SELECT count(*) FROM reservation_nights WHERE listing_id = ?",
                                               [id.rawValue]) { $0.int(0) } == 0)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func racingDecisionsOnOneRequestEndInExactlyOneOutcome(engine: CatalogFixture.Engine) throws {
            let setup = try Setup(engine)
            defer { withExtendedLifetime(setup) {} }
            let service = setup.service
            let id = try service.publish(try service.createListing(setup.draft(), by: setup.host).id, by: setup.host).id
            let request = try setup.reserve(id, "2027-06-01", "2027-06-03",
                                            expiresAt: Instant(millisecondsSinceEpoch: setup.clock.now().millisecondsSinceEpoch + 3_600_000))
            let wins = Atomic<Int>(0)
            let host = setup.host
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    _ = index % 2 == 0 ? try service.accept(request, by: host) : try service.decline(request, by: host)
                    wins.add(1, ordering: .relaxed)
                } catch HostError.reservationStateConflict {
                } catch {
                    Issue.record("unexpected \(error)")
                }
            }
            // An accept after an accept answers unchanged (a win too); a decline after an accept
            // or the other way round conflicts. So: one decline alone, or accepts only.
            let final = try service.reservation(request, by: setup.host).status
            #expect(final == .confirmed || final == .declined)
            if final == .declined { #expect(wins.load(ordering: .relaxed) == 1) }
            let decided = try setup.fixture.fetchOne("SELECT count(*) FROM change_log WHERE listing_id = ? AND reason IN ('reservation', 'cancellation')",
                                                     [id.rawValue]) { $0.int(0) }
            #expect(decided == 1)
        }
    }
}
