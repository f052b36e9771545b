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

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let b0 = chunk[0], b1 = chunk.count > 1 ? chunk[1] : 0, b2 = chunk.count > 2 ? chunk[2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            if chunk.count > 1 { out.append(alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)]) }
            if chunk.count > 2 { out.append(alphabet[Int(b2 & 0x3F)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}
