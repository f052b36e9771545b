import Testing
@testable import Domain

/// The reference itself, on hand-checked histories: the stores are tested against it, so
/// it must be the order the API documents.
@Suite struct TripOrderTests {
    static let today = date("2026-12-31")

    static func trip(_ id: Int64, _ checkin: String, _ checkout: String, _ status: ReservationStatus = .confirmed)
        -> Reservation {
        let stay = stay(checkin, checkout)
        return Reservation(id: ReservationID(id), guestID: GuestID(1), listingID: ListingID(1),
                           listing: TripListing(title: "", photoURL: nil, locationName: "", timeZone: "Asia/Seoul"),
                           stay: stay, guests: GuestCount(), currency: .krw,
                           nightlyPrices: stay.nightDates.map { NightlyPrice(date: $0, price: 1) }, lineItems: [],
                           total: 0, cancellationPolicy: .moderate, status: status,
                           createdAt: Instant(millisecondsSinceEpoch: 0))
    }

    static let history = [
        trip(1, "2027-01-05", "2027-01-07"),               // upcoming
        trip(2, "2026-12-30", "2027-01-02"),               // current: before every later check-in
        trip(3, "2027-01-05", "2027-01-06"),               // same check-in as 1: id ascending
        trip(4, "2026-12-29", "2026-12-31"),               // checkout today: past
        trip(5, "2027-02-01", "2027-02-03", .cancelled),   // cancelled, still in the future: past group
        trip(6, "2026-12-29", "2026-12-30"),               // same check-in as 4: id descending
        trip(7, "2025-06-01", "2025-06-03"),
    ]

    @Test func upcomingAscendingThenPastAndCancelledDescending() {
        let page = TripOrder.reference(Self.history, today: Self.today, after: nil, limit: 100)
        #expect(page.reservations.map(\.id.rawValue) == [2, 1, 3, 5, 6, 4, 7])
        #expect(page.nextCursor == nil)
    }

    @Test func aCursorCrossesFromUpcomingIntoPast() {
        let first = TripOrder.reference(Self.history, today: Self.today, after: nil, limit: 3)
        #expect(first.reservations.map(\.id.rawValue) == [2, 1, 3])
        #expect(first.nextCursor == TripCursor(group: 0, checkin: date("2027-01-05"), id: ReservationID(3)))
        let second = TripOrder.reference(Self.history, today: Self.today, after: first.nextCursor, limit: 3)
        #expect(second.reservations.map(\.id.rawValue) == [5, 6, 4])
        #expect(second.nextCursor == TripCursor(group: 1, checkin: date("2026-12-29"), id: ReservationID(4)))
        let last = TripOrder.reference(Self.history, today: Self.today, after: second.nextCursor, limit: 3)
        #expect(last.reservations.map(\.id.rawValue) == [7])
        #expect(last.nextCursor == nil)
    }

    /// The walks' bounds hold for the longest stay a quote allows.
    @Test func boundsCoverTheLongestStay() {
        let floor = TripOrder.upcomingCheckinFloor(today: Self.today)
        let longest = Stay(checkin: floor, checkout: floor.adding(days: StayParameters.maxNights))!
        #expect(longest.checkout == Self.today.adding(days: 1))   // ends tomorrow: still upcoming
        #expect(TripOrder.pastConfirmedCheckinCeiling(today: Self.today) == date("2026-12-30"))
    }
}
