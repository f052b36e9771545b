@testable import Domain
import Testing

/// Inserts reservations straight into the in-memory store, as the booking path would.
enum HostReservations {
    @discardableResult
    static func insert(into store: InMemoryHostStore, listing: HostListing, checkin: CalendarDate, nights: Int,
                       status: HostReservationStatus, expiresAt: Instant?, basePrice: Int64 = 100_000) -> ReservationID {
        let stay = Stay(checkin: checkin, checkout: checkin.adding(days: nights))!
        let quote = Quote(terms: StayTerms(id: listing.id, timeZone: listing.content.timeZone, currency: listing.content.currency,
                                           pricing: PricingRules(basePrice: basePrice, cleaningFee: 20_000), maxGuests: 4,
                                           minNights: 1, maxNights: 365, availableUntil: nil,
                                           cancellationPolicy: listing.content.cancellationPolicy),
                          stay: stay, guests: GuestCount(adults: 2), entries: [])
        return store.state.withLock { state in
            let id = ReservationID(state.nextID)
            state.nextID += 1
            state.reservations[id] = HostReservation(
                id: id, listingID: listing.id, host: listing.host, guestID: GuestID(50), guestFirstName: "민지",
                guests: quote.guests, stay: stay, currency: quote.currency, nightlyPrices: quote.nightlyPrices,
                lineItems: quote.lineItems, total: quote.total, cancellationPolicy: listing.content.cancellationPolicy,
                listingTimeZone: listing.content.timeZone, status: status, expiresAt: expiresAt,
                createdAt: Instant(millisecondsSinceEpoch: 0))
            return id
        }
    }
}

@Suite struct HostReservationServiceTests {
    let store = InMemoryHostStore()
    let clock = ManualClock()
    let host = AccountID(1), otherHost = AccountID(2)
    var service: HostService { HostService(store: store, dateProvider: clock) }
    let listing: HostListing

    init() throws {
        store.state.withLock { state in
            for id in [Int64(1), 2] {
                state.accounts[AccountID(id)] = Account(
                    id: AccountID(id), guestID: GuestID(id), email: EmailAddress("h\(id)@example.com")!, name: "H",
                    roles: [.host], emailVerified: true, locale: .ko, createdAt: Instant(millisecondsSinceEpoch: 0))
            }
        }
        listing = try HostService(store: store, dateProvider: clock).createListing(HostListingDraft(), by: AccountID(1))
    }

    var today: CalendarDate { clock.today(in: listing.content.timeZone) }
    var inADay: Instant { clock.now().adding(seconds: 86_400) }

    @Test func acceptConfirmsAndRepeatingItChangesNothing() throws {
        let id = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3), nights: 2,
                                         status: .requested, expiresAt: inADay)
        #expect(try service.reservation(id, by: host).status == .requested)
        let accepted = try service.accept(id, by: host)
        #expect(accepted.status == .confirmed && accepted.decidedAt == clock.now())
        #expect(try service.accept(id, by: host) == accepted)
        #expect(throws: HostError.reservationStateConflict(id, status: .confirmed, action: .decline)) {
            try service.decline(id, by: host)
        }
        #expect(service.payout(of: accepted)?.total == 213_400)  // 200,000 + 20,000 less 3%
        var tenPercent = HostService.Configuration()
        tenPercent.hostFeeBasisPoints = 1000
        #expect(HostService(store: store, dateProvider: clock, configuration: tenPercent).payout(of: accepted)?.total == 198_000)
    }

    @Test func anExpiredRequestCannotBeAcceptedAndReadsAsExpired() throws {
        let id = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3), nights: 2,
                                         status: .requested, expiresAt: inADay)
        clock.advance(seconds: 86_400)
        #expect(throws: HostError.requestExpired(id)) { try service.accept(id, by: host) }
        #expect(try service.reservation(id, by: host).status == .expired)
        #expect(try service.reservations(by: host, status: .expired, listing: nil, after: nil, limit: 10).items.map(\.id) == [id])
        #expect(try service.reservations(by: host, status: .requested, listing: nil, after: nil, limit: 10).items.isEmpty)
        #expect(store.state.withLock { $0.reservations[id]?.status } == .requested)  // no job ran; the read says expired
    }

    @Test func declineFreesTheNightsAtOnce() throws {
        let id = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3), nights: 2,
                                         status: .requested, expiresAt: inADay)
        let close = [CalendarChange(from: today.adding(days: 3), to: today.adding(days: 4), available: false)]
        #expect(throws: HostError.nightsReserved([today.adding(days: 3), today.adding(days: 4)])) {
            try service.changeCalendar(listing.id, close, by: host)
        }
        #expect(try service.decline(id, by: host).status == .declined)
        #expect(try service.changeCalendar(listing.id, close, by: host).newlyClosed.count == 2)
    }

    @Test func aHostCancellationRefundsTheGuestInFullUntilTheStayEnds() throws {
        let id = HostReservations.insert(into: store, listing: listing, checkin: today, nights: 2, status: .confirmed,
                                         expiresAt: nil)
        let cancelled = try service.cancel(id, by: host)
        #expect(cancelled.status == .cancelled && cancelled.cancelledBy == .host)
        #expect(cancelled.refund?.isFull == true && cancelled.refund?.total == cancelled.total)
        #expect(cancelled.payout(at: clock.now())?.total == 0)
        let ended = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: -2), nights: 2,
                                            status: .confirmed, expiresAt: nil)
        #expect(throws: StaysError.stayEnded(ended)) { try service.cancel(ended, by: host) }
        let request = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 5), nights: 1,
                                              status: .requested, expiresAt: inADay)
        #expect(throws: HostError.reservationStateConflict(request, status: .requested, action: .hostCancel)) {
            try service.cancel(request, by: host)
        }
    }

    @Test func anotherHostsReservationIsNotFound() throws {
        let id = HostReservations.insert(into: store, listing: listing, checkin: today.adding(days: 3), nights: 2,
                                         status: .requested, expiresAt: inADay)
        #expect(throws: StaysError.reservationNotFound(id)) { try service.accept(id, by: otherHost) }
        #expect(throws: StaysError.reservationNotFound(id)) { try service.reservation(id, by: otherHost) }
        #expect(try service.reservations(by: otherHost, status: nil, listing: nil, after: nil, limit: 10).items.isEmpty)
    }

    @Test func earningsAddUpPayoutsOfStaysByMonth() throws {
        let first = today.adding(days: 1)
        HostReservations.insert(into: store, listing: listing, checkin: first, nights: 2, status: .confirmed, expiresAt: nil)
        HostReservations.insert(into: store, listing: listing, checkin: first, nights: 1, status: .confirmed, expiresAt: nil)
        HostReservations.insert(into: store, listing: listing, checkin: first, nights: 1, status: .declined, expiresAt: nil)
        let earnings = try service.earnings(by: host, from: first, to: first.adding(days: 60))
        // 220,000 - 6,600 and 120,000 - 3,600.
        #expect(earnings.rows == [EarningsRow(month: YearMonth(first), listingID: listing.id, currency: .krw,
                                              payout: 329_800, reservations: 2)])
        #expect(throws: StaysError.invalidParameter("to", "must not be before from (\(first))")) {
            try service.earnings(by: host, from: first, to: today)
        }
    }
}
