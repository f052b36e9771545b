@testable import Domain
import Testing

/// The service over the in-memory store: ownership, roles, ETags, publishing, calendars.
@Suite struct HostServiceTests {
    let store = InMemoryHostStore()
    let clock = ManualClock()
    let host = AccountID(1), otherHost = AccountID(2), guestOnly = AccountID(3), unverifiedHost = AccountID(4)
    var service: HostService { HostService(store: store, dateProvider: clock) }
    var today: CalendarDate { clock.today(in: "Asia/Seoul") }

    init() {
        func account(_ id: Int64, _ roles: [AccountRole], verified: Bool = true) -> Account {
            Account(id: AccountID(id), guestID: GuestID(id), email: EmailAddress("h\(id)@example.com")!, name: "H\(id)",
                    roles: roles, emailVerified: verified, locale: .ko, createdAt: clock.now())
        }
        store.state.withLock { state in
            for account in [account(1, [.guest, .host]), account(2, [.host]), account(3, [.guest]),
                            account(4, [.host], verified: false)] {
                state.accounts[account.id] = account
            }
            state.regions[LocationID(1)] = "Asia/Seoul"
            state.regions[LocationID(2)] = "Asia/Tokyo"
        }
    }

    func publishableDraft() -> HostListingDraft {
        var draft = HostListingDraft()
        draft.title = .set("Hanok")
        draft.photos = .set(["https://img.example/1.jpg"])
        draft.basePrice = .set(100_000)
        draft.locationID = .set(LocationID(2))
        draft.coordinate = .set(Coordinate(latitude: 35.0, longitude: 135.7))
        return draft
    }

    @Test func aGuestOnlyAccountIsRefusedBeforeAnythingElse() throws {
        #expect(throws: HostError.hostRoleRequired) { try service.createListing(publishableDraft(), by: guestOnly) }
        #expect(throws: HostError.hostRoleRequired) { try service.listings(by: guestOnly, after: nil, limit: 10) }
        #expect(throws: HostError.hostRoleRequired) { try service.listing(ListingID(999), by: guestOnly) }
        #expect(throws: AccountError.invalidToken) { try service.listing(ListingID(999), by: AccountID(77)) }
        #expect(store.state.withLock { $0.listings.isEmpty })
    }

    @Test func createMakesADraftOwnedByTheCallerInTheRegionsZone() throws {
        let listing = try service.createListing(publishableDraft(), by: host)
        #expect(listing.status == .draft && listing.host == host && listing.version == 1)
        #expect(listing.content.timeZone == "Asia/Tokyo" && listing.content.instantBook)
        #expect(listing.etag == "\"\(listing.id).1\"")
        #expect(try service.listing(listing.id, by: host) == listing)
        #expect(store.changeLog.isEmpty)  // a draft is in no search
        var bad = publishableDraft()
        bad.locationID = .set(LocationID(42))
        bad.maxGuests = .set(0)
        #expect(throws: StaysError.invalidParameters([ParameterIssue(name: "locationId", reason: "names no region"),
                                                     ParameterIssue(name: "maxGuests", reason: "must be 1 to 50")])) {
            try service.createListing(bad, by: host)
        }
    }

    @Test func anotherHostsListingIsNotFoundLikeAnUnknownOne() throws {
        let listing = try service.createListing(publishableDraft(), by: host)
        let unknown = ListingID(9999)
        for id in [listing.id, unknown] {
            #expect(throws: StaysError.listingNotFound(id)) { try service.listing(id, by: otherHost) }
            #expect(throws: StaysError.listingNotFound(id)) { try service.updateListing(id, HostListingDraft(), ifMatch: nil, by: otherHost) }
            #expect(throws: StaysError.listingNotFound(id)) { try service.publish(id, by: otherHost) }
            #expect(throws: StaysError.listingNotFound(id)) {
                try service.changeCalendar(id, [CalendarChange(from: today, to: today, available: false)], by: otherHost)
            }
        }
    }

    @Test func listingsPageNewestFirstWithACursor() throws {
        let ids = try (0..<5).map { _ in try service.createListing(HostListingDraft(), by: host).id }
        _ = try service.createListing(HostListingDraft(), by: otherHost)
        let first = try service.listings(by: host, after: nil, limit: 2)
        #expect(first.items.map(\.id) == [ids[4], ids[3]] && first.nextCursor == ids[3])
        let second = try service.listings(by: host, after: first.nextCursor, limit: 2)
        #expect(second.items.map(\.id) == [ids[2], ids[1]])
        let last = try service.listings(by: host, after: second.nextCursor, limit: 2)
        #expect(last.items.map(\.id) == [ids[0]] && last.nextCursor == nil)
    }

    @Test func updatesCheckTheETagAndAnEditThatChangesNothingWritesNothing() throws {
        let listing = try service.createListing(publishableDraft(), by: host)
        var patch = HostListingDraft()
        patch.title = .set("Hanok by the river")
        let updated = try service.updateListing(listing.id, patch, ifMatch: listing.etag, by: host)
        #expect(updated.content.title == "Hanok by the river" && updated.version == 2)
        #expect(updated.content.photos == listing.content.photos)
        #expect(throws: HostError.listingChanged(currentETag: updated.etag)) {
            try service.updateListing(listing.id, patch, ifMatch: listing.etag, by: host)
        }
        let again = try service.updateListing(listing.id, patch, ifMatch: updated.etag, by: host)
        #expect(again == updated)
    }

    @Test func publishNamesWhatIsMissingThenPublishesAndUnpublishes() throws {
        let empty = try service.createListing(HostListingDraft(), by: unverifiedHost)
        #expect(throws: HostError.publishRequirementsMissing(PublishRequirement.allCases)) {
            try service.publish(empty.id, by: unverifiedHost)
        }
        let listing = try service.createListing(publishableDraft(), by: host)
        let published = try service.publish(listing.id, by: host)
        #expect(published.status == .published && published.version == 2)
        #expect(try service.publish(listing.id, by: host) == published)
        #expect(store.changeLog == [listing.id])
        // A published listing keeps what publishing needs.
        var patch = HostListingDraft()
        patch.photos = .set([])
        patch.basePrice = .null
        #expect(throws: HostError.publishRequirementsMissing([.photos, .price])) {
            try service.updateListing(listing.id, patch, ifMatch: nil, by: host)
        }
        let unpublished = try service.unpublish(listing.id, by: host)
        #expect(unpublished.status == .unpublished && store.changeLog == [listing.id, listing.id])
        #expect(try service.unpublish(empty.id, by: unverifiedHost).status == .draft)
    }

    @Test func calendarChangesApplyOnceAndRefuseHeldAndPastNights() throws {
        let listing = try service.createListing(publishableDraft(), by: host)
        let zone = listing.content.timeZone
        let today = clock.today(in: zone)
        let request = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 10), nights: 2,
                                              status: .requested, expiresAt: clock.now().adding(seconds: 86_400))
        let price = [CalendarChange(from: today.adding(days: 1), to: today.adding(days: 30), price: .set(120_000))]
        let edit = try service.changeCalendar(listing.id, price, by: host)
        #expect(edit.upserts.count == 30 && store.changeLog == [listing.id])
        #expect(try service.changeCalendar(listing.id, price, by: host).isEmpty)
        #expect(store.changeLog == [listing.id])  // nothing written the second time

        let close = [CalendarChange(from: today.adding(days: 5), to: today.adding(days: 14), available: false)]
        #expect(throws: HostError.nightsReserved([today.adding(days: 10), today.adding(days: 11)])) {
            try service.changeCalendar(listing.id, close, by: host)
        }
        #expect(try service.calendar(listing.id, start: YearMonth(today), months: 2, by: host)
                    .filter { !$0.available }.map(\.unavailableBecause) == [.request(request), .request(request)])
        #expect(throws: StaysError.invalidParameters([ParameterIssue(name: "changes[0].from",
                                                                     reason: "must not be before today (\(today))")])) {
            try service.changeCalendar(listing.id, [CalendarChange(from: today.adding(days: -1), to: today, available: false)],
                                       by: host)
        }
        // Once the request expires its nights are free to close, without any job having run.
        clock.advance(seconds: 86_400)
        let closed = try service.changeCalendar(listing.id, close, by: host)
        #expect(closed.newlyClosed.count == 10)
        let days = try service.calendar(listing.id, start: YearMonth(today), months: 2, by: host)
        #expect(days.first { $0.date == today.adding(days: 10) }?.unavailableBecause == .blockedByHost)
        #expect(days.first { $0.date == today.adding(days: 20) }?.price == 120_000)
    }

    @Test func theCalendarViewRefusesMonthsOutsideTheGrid() throws {
        let listing = try service.createListing(publishableDraft(), by: host)
        #expect(throws: StaysError.invalidParameter("months", "must be 1 to 24")) {
            try service.calendar(listing.id, start: YearMonth(today), months: 25, by: host)
        }
    }
}
