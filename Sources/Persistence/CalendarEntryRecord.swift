import Domain

/// The `calendar_days` columns a calendar reads, and their decoding (both engines).
enum CalendarEntryRecord {
    /// Append " WHERE ..." in the engine's parameter syntax.
    static let select = """
        SELECT day, status, price, min_nights, max_nights, closed_to_arrival, closed_to_departure FROM calendar_days
        """

    static func decode<R: RecordRow>(_ row: R, listing id: ListingID) throws -> CalendarEntry {
        let statusText = row.string(1)
        guard let status = DayStatus(rawValue: statusText) else {
            throw PersistenceError.corruptValue(table: "calendar_days", column: "status", rowID: id.rawValue, value: statusText)
        }
        return CalendarEntry(date: CalendarDate(daysSinceEpoch: row.int(0)), status: status,
                             price: row.optionalInt64(2), minNights: row.optionalInt(3),
                             maxNights: row.optionalInt(4), closedToArrival: row.bool(5),
                             closedToDeparture: row.bool(6))
    }
}
