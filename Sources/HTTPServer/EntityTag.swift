/// Entity tags for conditional GET (RFC 9110 §8.8.3, §13.1.2).
enum EntityTag {
    /// A strong validator for `body`: the quoted hex of a 64-bit FNV-1a-style hash taken
    /// eight bytes at a time in four independent lanes (responses reach 100 KB; one lane's
    /// multiply latency cost a twentieth of a calendar's CPU). Collisions only cost a
    /// client a stale cache hit on one URL, not security.
    static func strong(for body: [UInt8]) -> String {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) =
            (0xcbf2_9ce4_8422_2325 ^ UInt64(body.count), 0x9e37_79b9_7f4a_7c15, 0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb)
        var hash: UInt64 = 0
        body.withUnsafeBytes { bytes in
            @inline(__always) func mix(_ lane: inout UInt64, _ offset: Int) {
                lane ^= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                lane &*= prime
                lane ^= lane >> 29
            }
            var offset = 0
            while offset + 32 <= bytes.count {
                mix(&lanes.0, offset)
                mix(&lanes.1, offset + 8)
                mix(&lanes.2, offset + 16)
                mix(&lanes.3, offset + 24)
                offset += 32
            }
            hash = lanes.0
            @inline(__always) func fold(_ lane: UInt64) {
                hash ^= lane
                hash &*= prime
                hash ^= hash >> 29
            }
            fold(lanes.1)
            fold(lanes.2)
            fold(lanes.3)
            while offset + 8 <= bytes.count {
                mix(&hash, offset)
                offset += 8
            }
            while offset < bytes.count {
                hash ^= UInt64(bytes[offset])
                hash &*= prime
                offset += 1
            }
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// `tag` with `suffix` inside its closing quote (`"abc"` → `"abc-gzip"`, `W/` kept): the tag
    /// of another encoding of the same representation. A malformed tag gets quotes around it.
    static func suffixed(_ tag: String, _ suffix: String) -> String {
        if tag.hasSuffix("\""), tag.utf8.count >= 2 { return String(tag.dropLast()) + suffix + "\"" }
        return "\"" + tag + suffix + "\""
    }

    /// Whether `If-None-Match` field values match `etag`, by the weak comparison that §13.1.2
    /// requires: `*` matches any current representation, otherwise any listed tag whose
    /// opaque part equals ours, `W/` prefixes ignored on either side. A malformed list matches
    /// nothing (the request is then served normally).
    static func ifNoneMatch(_ values: [String], matches etag: String) -> Bool {
        let ours = opaque(Array(etag.utf8)[...])
        for value in values {
            var rest = Array(value.utf8)[...]
            while true {
                while let b = rest.first, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: ",") {
                    rest = rest.dropFirst()
                }
                guard let first = rest.first else { break }
                if first == UInt8(ascii: "*") { return true }
                if rest.starts(with: "W/".utf8) { rest = rest.dropFirst(2) }
                guard rest.first == UInt8(ascii: "\"") else { break }
                guard let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else { break }
                let tag = rest[rest.startIndex...close]
                if let ours, tag.elementsEqual(ours) { return true }
                rest = rest[(close + 1)...]
            }
        }
        return false
    }

    /// The quoted opaque-tag of an entity-tag (`W/` stripped), nil if malformed.
    private static func opaque(_ tag: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var tag = tag
        if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
        guard tag.count >= 2, tag.first == UInt8(ascii: "\""), tag.last == UInt8(ascii: "\"") else { return nil }
        return tag
    }
}
