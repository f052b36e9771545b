/// The trips order, the one definition every store's trips query must give page by page:
///
/// - group 0, upcoming and current: confirmed with checkout after `today`, by check-in
///   ascending, then id ascending;
/// - group 1, past and cancelled: every other reservation (cancelled ones whatever their
///   dates, confirmed ones whose checkout is `today` or earlier), by check-in descending,
///   then id descending.
///
/// `reference(_:today:after:limit:)` is the executable form the stores are tested
/// against; the stores walk indexes instead and use the bounds here to keep the walks
/// short (see `upcomingCheckinFloor`).
public enum TripOrder {
    /// 0 (upcoming and current) or 1 (past and cancelled).
    public static func group(of reservation: Reservation, today: CalendarDate) -> Int {
        reservation.status == .confirmed && reservation.stay.checkout > today ? 0 : 1
    }

    /// Whether `a` comes before `b`. Ids are unique, so this is a strict total order.
    public static func precedes(_ a: Reservation, _ b: Reservation, today: CalendarDate) -> Bool {
        compare(group(of: a, today: today), a.stay.checkin, a.id, to: group(of: b, today: today), b.stay.checkin, b.id)
    }

    /// Whether `reservation` comes strictly after `cursor`: the reservations a page that
    /// starts at `cursor` may show.
    public static func isAfter(_ reservation: Reservation, _ cursor: TripCursor, today: CalendarDate) -> Bool {
        compare(cursor.group, cursor.checkin, cursor.id,
                to: group(of: reservation, today: today), reservation.stay.checkin, reservation.id)
    }

    /// The cursor a page ending with `reservation` hands out.
    public static func cursor(after reservation: Reservation, today: CalendarDate) -> TripCursor {
        TripCursor(group: group(of: reservation, today: today), checkin: reservation.stay.checkin, id: reservation.id)
    }

    /// The earliest check-in an upcoming trip can have: its checkout is after `today` and
    /// a stay is at most `StayParameters.maxNights` nights (quotes refuse longer ones, and
    /// every reservation is a quote accepted), so its check-in is at most that many nights
    /// before tomorrow. A store's walk of group 0 starts here instead of at the guest's
    /// first trip ever.
    public static func upcomingCheckinFloor(today: CalendarDate) -> CalendarDate {
        today.adding(days: 1 - StayParameters.maxNights)
    }

    /// The latest check-in a past confirmed trip can have: its checkout is `today` or
    /// earlier, and a stay has at least one night.
    public static func pastConfirmedCheckinCeiling(today: CalendarDate) -> CalendarDate {
        today.adding(days: -1)
    }

    /// A page of `reservations` (one guest's, any order) in the trips order, strictly
    /// after `cursor`, at most `limit` long, with the cursor of the next page when more
    /// follow. The reference the stores' index walks must agree with exactly.
    public static func reference(_ reservations: [Reservation], today: CalendarDate, after cursor: TripCursor?,
                                 limit: Int) -> TripPage {
        let ordered = reservations
            .filter { reservation in cursor.map { isAfter(reservation, $0, today: today) } ?? true }
            .sorted { precedes($0, $1, today: today) }
        let served = Array(ordered.prefix(limit))
        let next = ordered.count > limit ? served.last.map { self.cursor(after: $0, today: today) } : nil
        return TripPage(reservations: served, nextCursor: next)
    }

    /// (group, ±check-in, ±id) compared ascending: the past group runs backwards in time.
    private static func compare(_ groupA: Int, _ checkinA: CalendarDate, _ idA: ReservationID,
                                to groupB: Int, _ checkinB: CalendarDate, _ idB: ReservationID) -> Bool {
        if groupA != groupB { return groupA < groupB }
        if checkinA != checkinB { return groupA == 0 ? checkinA < checkinB : checkinA > checkinB }
        return groupA == 0 ? idA.rawValue < idB.rawValue : idA.rawValue > idB.rawValue
    }
}
