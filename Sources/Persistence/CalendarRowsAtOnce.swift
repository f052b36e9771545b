import Domain

extension StoreConnection {
    /// Writes a listing's `calendar_days` rows in one statement, for PostgreSQL, where each
    /// statement is a round trip (one per day made a 100k-listing seed take minutes): each
    /// column is one array parameter, zipped by `unnest`. `replacingExisting`: a row already
    /// there for a day takes the new values (a host's calendar write); else the days must be
    /// new (a seed or import). Nothing is written for no rows.
    func writeCalendarRowsAtOnce(_ rows: [CalendarEntry], of id: ListingID, replacingExisting: Bool) throws {
        guard !rows.isEmpty else { return }
        func array(_ values: [Int64?]) -> String {
            "{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
        }
        let onConflict = replacingExisting ? """
             ON CONFLICT (listing_id, day) DO UPDATE SET status = excluded.status, price = excluded.price, \
            min_nights = excluded.min_nights, max_nights = excluded.max_nights, \
            closed_to_arrival = excluded.closed_to_arrival, closed_to_departure = excluded.closed_to_departure
            """ : ""
        try run("""
            INSERT INTO calendar_days (listing_id, day, status, price, min_nights, max_nights, \
            closed_to_arrival, closed_to_departure) \
            SELECT CAST(? AS BIGINT), day, status, price, min_nights, max_nights, cta, ctd \
            FROM unnest(?::bigint[], ?::text[], ?::bigint[], ?::int[], ?::int[], ?::int[], ?::int[]) \
            AS t(day, status, price, min_nights, max_nights, cta, ctd)
            """ + onConflict, [
                id.rawValue, array(rows.map { Int64($0.date.daysSinceEpoch) }),
                // Status names are the enum's raw values (letters only): safe as array elements.
                "{" + rows.map(\.status.rawValue).joined(separator: ",") + "}",
                array(rows.map(\.price)), array(rows.map { $0.minNights.map(Int64.init) }),
                array(rows.map { $0.maxNights.map(Int64.init) }),
                array(rows.map { $0.closedToArrival ? 1 : 0 }), array(rows.map { $0.closedToDeparture ? 1 : 0 }),
            ])
    }
}
