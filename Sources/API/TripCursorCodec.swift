import Domain

/// The opaque `nextCursor` of `/reservations`, and back. Like `CursorCodec`, it names what
/// it belongs to, so a listings cursor is refused here.
enum TripCursorCodec {
    static func encode(_ cursor: TripCursor) -> String {
        CursorToken.encode(["t1", String(cursor.group), String(cursor.checkin.daysSinceEpoch), cursor.id.description])
    }

    /// nil when the token is not one this server issued for trips.
    static func decode(_ token: String) -> TripCursor? {
        guard let parts = CursorToken.fields(of: token, count: 4), parts[0] == "t1",
              let group = Int(parts[1]), group == 0 || group == 1,
              let day = Int(parts[2]), abs(day) < 3_000_000, let id = ReservationID(parts[3]) else { return nil }
        return TripCursor(group: group, checkin: CalendarDate(daysSinceEpoch: day), id: id)
    }
}
