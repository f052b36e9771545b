/// Builds iCalendar text one content line at a time (RFC 5545 3.1).
///
/// Promises: every line ends in CRLF; a line longer than 75 octets is folded into pieces of
/// at most 75 octets (the first) and 1 + 74 (each continuation, which starts with a space),
/// and a fold never splits a UTF-8 sequence. Values are written as given: escape TEXT with
/// `ICalValue.escapedText` first.
public struct ICalLineWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// The text written so far (valid UTF-8 whenever the values were).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `name:value` (the name may carry parameters: `DTSTART;VALUE=DATE`).
    public mutating func property(_ name: String, _ value: String) {
        line(Array(name.utf8) + [UInt8(ascii: ":")] + Array(value.utf8))
    }

    /// Writes one unfolded content line, folded and terminated.
    public mutating func line(_ content: [UInt8]) {
        var start = 0
        var limit = 75
        while content.count - start > limit {
            var cut = start + limit
            // Back up to the first byte of a UTF-8 sequence (continuation bytes are 10xxxxxx).
            while cut > start + 1, content[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes += content[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            limit = 74
        }
        bytes += content[start...]
        bytes += [0x0D, 0x0A]
    }
}
