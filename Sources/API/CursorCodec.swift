import Domain

/// Turns a `ListingCursor` into the opaque `nextCursor` string clients send back, and back.
/// The token names the sort it belongs to, so a cursor from one order is refused in another
/// instead of silently skipping listings.
enum CursorCodec {
    static func encode(_ cursor: ListingCursor, sort: ListingSort) -> String {
        CursorToken.encode(["1", sort.rawValue, String(cursor.sortKey.bitPattern), cursor.id.description])
    }

    /// nil when the token is not one this server issued for `sort`.
    static func decode(_ token: String, sort: ListingSort) -> ListingCursor? {
        guard let parts = CursorToken.fields(of: token, count: 4), parts[0] == "1", parts[1] == sort.rawValue,
              let bits = UInt64(parts[2]), let id = ListingID(parts[3]) else { return nil }
        let key = Double(bitPattern: bits)
        guard key.isFinite else { return nil }
        return ListingCursor(sortKey: key, id: id)
    }
}

/// The envelope of every opaque cursor: fields joined by `|`, base64url. The first field
/// names the cursor's kind and version, so a token is only ever read by the codec that made it.
enum CursorToken {
    static func encode(_ fields: [String]) -> String {
        Base64URL.encode(Array(fields.joined(separator: "|").utf8))
    }

    /// The token's fields when it decodes to exactly `count` of them (and is no longer than
    /// any token this server issues); nil otherwise.
    static func fields(of token: String, count: Int) -> [Substring]? {
        guard token.utf8.count <= 128, let bytes = Base64URL.decode(token) else { return nil }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false)
        return parts.count == count ? parts : nil
    }

    /// A newest-first cursor: the last item's creation time and id, under `tag`.
    static func encode(_ tag: String, createdAt: Instant, id: some CustomStringConvertible) -> String {
        encode([tag, String(createdAt.millisecondsSinceEpoch), id.description])
    }

    /// The creation time and id of a token `encode(_:createdAt:id:)` made under `tag`.
    static func createdAtAndID(of token: String, tag: String) -> (createdAt: Instant, id: Substring)? {
        guard let parts = fields(of: token, count: 3), parts[0] == tag, let at = Int64(parts[1]) else { return nil }
        return (Instant(millisecondsSinceEpoch: at), parts[2])
    }
}
