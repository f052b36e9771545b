import Domain

/// The opaque `nextCursor` of `/reservations`, and back. Like `CursorCodec`, it names what
/// it belongs to, so a listings cursor is refused here.
enum TripCursorCodec {
    static func encode(_ cursor: TripCursor) -> String {
        Base64URL.encode(Array("t1|\(cursor.group)|\(cursor.checkin.daysSinceEpoch)|\(cursor.id.rawValue)".utf8))
    }

    /// nil when the token is not one this server issued for trips.
    static func decode(_ token: String) -> TripCursor? {
        guard token.utf8.count <= 128, let bytes = Base64URL.decode(token) else { return nil }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "t1", let group = Int(parts[1]), group == 0 || group == 1,
              let day = Int(parts[2]), abs(day) < 3_000_000, let id = ReservationID(parts[3]) else { return nil }
        return TripCursor(group: group, checkin: CalendarDate(daysSinceEpoch: day), id: id)
    }
}
