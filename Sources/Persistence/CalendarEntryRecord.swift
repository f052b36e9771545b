import Domain
import Storage
import PostgresStorage

/// The `calendar_days` columns a calendar reads, and their decoding (both engines).
enum CalendarEntryRecord {
    /// Append " WHERE ..." in the engine's parameter syntax.
    static let select = """
        SELECT day, status, price, min_nights, max_nights, closed_to_arrival, closed_to_departure FROM calendar_days
        """

    /// `offset`: the column of `day` when the row starts with other columns.
    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    static func decode<R: StoreRow>(_ row: R, listing id: ListingID, from offset: Int = 0) throws -> CalendarEntry {
        let statusText = row.string(offset + 1)
        guard let status = DayStatus(rawValue: statusText) else {
            throw PersistenceError.corruptValue(table: "calendar_days", column: "status", rowID: id.rawValue, value: statusText)
        }
        return CalendarEntry(date: CalendarDate(daysSinceEpoch: row.int(offset)), status: status,
                             price: row.optionalInt64(offset + 2), minNights: row.optionalInt(offset + 3),
                             maxNights: row.optionalInt(offset + 4), closedToArrival: row.bool(offset + 5),
                             closedToDeparture: row.bool(offset + 6))
    }
}
