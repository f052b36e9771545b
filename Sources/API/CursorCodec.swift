import Domain

/// Turns a `ListingCursor` into the opaque `nextCursor` string clients send back, and back.
/// The token names the sort it belongs to, so a cursor from one order is refused in another
/// instead of silently skipping listings.
enum CursorCodec {
    static func encode(_ cursor: ListingCursor, sort: ListingSort) -> String {
        let text = "1|\(sort.rawValue)|\(cursor.sortKey.bitPattern)|\(cursor.id.rawValue)"
        return Base64URL.encode(Array(text.utf8))
    }

    /// nil when the token is not one this server issued for `sort`.
    static func decode(_ token: String, sort: ListingSort) -> ListingCursor? {
        guard token.utf8.count <= 128, let bytes = Base64URL.decode(token) else { return nil }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "1", parts[1] == sort.rawValue,
              let bits = UInt64(parts[2]), let id = ListingID(parts[3]) else { return nil }
        let key = Double(bitPattern: bits)
        guard key.isFinite else { return nil }
        return ListingCursor(sortKey: key, id: id)
    }
}
