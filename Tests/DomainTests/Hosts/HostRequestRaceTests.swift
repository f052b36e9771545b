@testable import Domain
import Dispatch
import Synchronization
import Testing

@Suite struct HostRequestRaceTests {
    let store = InMemoryHostStore()
    let clock = ManualClock()
    let listing: HostListing

    init() throws {
        store.state.withLock { state in
            state.accounts[AccountID(1)] = Account(
                id: AccountID(1), guestID: GuestID(1), email: EmailAddress("h1@example.com")!, name: "H", roles: [.host],
                emailVerified: true, locale: .ko, createdAt: Instant(millisecondsSinceEpoch: 0))
        }
        listing = try HostService(store: store, dateProvider: clock).createListing(HostListingDraft(), by: AccountID(1))
    }

    @Test func aRequestStartsOnlyWhenTheListingDoesNotBookInstantly() {
        let now = Instant(millisecondsSinceEpoch: 1_000)
        #expect(RequestToBook(instantBook: true, createdAt: now) == RequestToBook(instantBook: true, createdAt: now, expirySeconds: 5))
        #expect(RequestToBook(instantBook: true, createdAt: now).status == .confirmed)
        #expect(RequestToBook(instantBook: true, createdAt: now).expiresAt == nil)
        let request = RequestToBook(instantBook: false, createdAt: now)
        #expect(request.status == .requested && request.expiresAt == Instant(millisecondsSinceEpoch: 86_401_000))
    }

    @Test func theExpiryJobRecordsDueRequestsOnce() throws {
        let service = HostService(store: store, dateProvider: clock)
        let today = clock.today(in: "UTC")
        let soon = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3), nights: 1,
                                           status: .requested, expiresAt: clock.now().adding(seconds: 60))
        let later = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 5), nights: 1,
                                            status: .requested, expiresAt: clock.now().adding(seconds: 600))
        #expect(try service.expireDueRequests(limit: 10).isEmpty)
        clock.advance(seconds: 60)
        #expect(try service.expireDueRequests(limit: 10) == [soon])
        #expect(try service.expireDueRequests(limit: 10).isEmpty)
        #expect(store.state.withLock { ($0.reservations[soon]?.status, $0.reservations[later]?.status) } == (.expired, .requested))
    }

    /// With a store whose writes are serializable (as the SQL stores promise), concurrent
    /// accept, decline and expiry of one request end in exactly one change.
    @Test func concurrentDecisionsEndInExactlyOneOutcome() throws {
        for round in 0..<20 {
            let today = clock.today(in: "UTC")
            let id = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3 + round * 2),
                                             nights: 1, status: .requested, expiresAt: clock.now().adding(seconds: 86_400))
            let service = HostService(store: store, dateProvider: clock)
            let outcomes = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                do {
                    _ = index % 2 == 0 ? try service.accept(id, by: AccountID(1)) : try service.decline(id, by: AccountID(1))
                    outcomes.withLock { $0.append("ok") }
                } catch {
                    outcomes.withLock { $0.append("\(error)") }
                }
            }
            let final = try #require(store.state.withLock { $0.reservations[id]?.status })
            #expect(final == .confirmed || final == .declined)
            // The four calls of the losing action get a conflict; the winner's repeats answer unchanged.
            let conflicts = outcomes.withLock { $0.filter { $0 != "ok" } }
            #expect(conflicts.count == 4)
            // Exactly one decision was written (one change-log row per round).
            #expect(store.changeLog.count == round + 1)
        }
    }
}
