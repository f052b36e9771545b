import Domain

/// How both engines read a page of trips (`TripOrder`) in O(page size + log n) instead of
/// sorting the guest's whole history: two walks of the `reservations_trips` index
/// (guest_id, status, checkin, id; checkout alongside), each bounded by the cursor and
/// stopped by LIMIT, concatenated.
///
/// - The upcoming walk: confirmed rows by (checkin, id) ascending, from
///   `TripOrder.upcomingCheckinFloor` (or the cursor, if later), keeping checkout > today.
///   The rows it passes over are only confirmed trips that ended within the last
///   `StayParameters.maxNights` days, read from the index alone.
/// - The past walk: the merge, by (checkin, id) descending, of every cancelled row and of
///   the confirmed rows from `TripOrder.pastConfirmedCheckinCeiling` down keeping
///   checkout <= today (passing over only the stays that are current today).
///
/// The SQL of each walk is the engine's (`TripWalk.SQL`); the bounds, what to walk and the page built from
/// the rows are here, once.
struct TripWalk {
    /// False when the cursor is already in the past group.
    let walksUpcoming: Bool
    /// Upcoming rows have checkin >= this ...
    let upcomingFrom: Int
    /// ... and (checkin, id) > (upcomingAfterCheckin, upcomingAfterID).
    let upcomingAfterCheckin: Int
    let upcomingAfterID: Int64
    /// Past rows have (checkin, id) < (pastBeforeCheckin, pastBeforeID) ...
    let pastBeforeCheckin: Int
    let pastBeforeID: Int64
    /// ... and confirmed ones checkin <= this.
    let pastConfirmedThrough: Int
    /// Rows of the upcoming group have checkout > today; confirmed rows of the past group
    /// checkout <= today.
    let today: CalendarDate

    init(today: CalendarDate, after cursor: TripCursor?) {
        self.today = today
        let floor = TripOrder.upcomingCheckinFloor(today: today).daysSinceEpoch
        let ceiling = TripOrder.pastConfirmedCheckinCeiling(today: today).daysSinceEpoch
        if let cursor, cursor.group == 0 {
            walksUpcoming = true
            upcomingFrom = max(floor, cursor.checkin.daysSinceEpoch)
            upcomingAfterCheckin = cursor.checkin.daysSinceEpoch
            upcomingAfterID = cursor.id.rawValue
        } else {
            walksUpcoming = cursor == nil
            upcomingFrom = floor
            upcomingAfterCheckin = floor - 1   // every row from the floor on is after it
            upcomingAfterID = 0
        }
        if let cursor, cursor.group != 0 {
            pastBeforeCheckin = cursor.checkin.daysSinceEpoch
            pastBeforeID = cursor.id.rawValue
        } else {
            pastBeforeCheckin = Int.max   // every row is before it
            pastBeforeID = Int64.max
        }
        pastConfirmedThrough = min(ceiling, pastBeforeCheckin)
    }

    /// The page: `upcoming(n)` and `past(n)` run the engine's walks with LIMIT n; the past
    /// walk runs only when the upcoming one did not fill the page (and its lookahead row).
    func page(limit: Int, upcoming: (Int) throws -> [Reservation], past: (Int) throws -> [Reservation]) throws
        -> TripPage {
        var rows = walksUpcoming ? try upcoming(limit + 1) : []
        if rows.count <= limit { rows += try past(limit + 1 - rows.count) }
        let served = Array(rows.prefix(limit))
        let next = rows.count > limit ? served.last.map { TripOrder.cursor(after: $0, today: today) } : nil
        return TripPage(reservations: served, nextCursor: next)
    }
}
