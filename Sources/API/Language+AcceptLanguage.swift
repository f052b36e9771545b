import Domain

/// The `Accept-Language` header read in the API: the domain knows languages, not headers.
extension Language {
    /// Picks the supported language with the highest q-value in an `Accept-Language` header
    /// (RFC 9110 §12.5.4). Only the primary subtag counts (`en-US` -> `en`); ties go to the
    /// one listed first; `q=0` excludes; malformed elements are ignored. Falls back to `ko`
    /// when the header is missing or names nothing supported (`*` included).
    /// Tags compare case-insensitively in ASCII (language tags are ASCII, RFC 5646).
    /// Every localized request parses the header, so this walks its bytes once without
    /// allocating.
    init(acceptLanguage: String?) {
        guard var header = acceptLanguage else { self = .ko; return }
        self = header.withUTF8 { Language.preferred(in: $0) } ?? .ko
    }

    /// The supported language the header prefers, by the same rules, or nil when it names
    /// none (no fallback).
    init?(negotiating acceptLanguage: String) {
        var header = acceptLanguage
        guard let language = header.withUTF8({ Language.preferred(in: $0) }) else { return nil }
        self = language
    }

    private static func preferred(in bytes: UnsafeBufferPointer<UInt8>) -> Language? {
        var best: (language: Language, quality: Int)?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            if let (language, quality) = element(UnsafeBufferPointer(rebasing: bytes[start..<end])),
               quality > 0, best == nil || quality > best!.quality {
                best = (language, quality)
            }
            start = end + 1
        }
        return best?.language
    }

    /// One list element: `tag *( OWS ";" OWS parameter )`; nil when malformed or unsupported.
    private static func element(_ bytes: UnsafeBufferPointer<UInt8>) -> (Language, Int)? {
        var segments = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true).makeIterator()
        guard let tag = segments.next().map(trimmed) else { return nil }
        let primary = tag.prefix { $0 != UInt8(ascii: "-") }
        guard primary.count == 2 else { return nil }
        let language: Language
        switch (primary[primary.startIndex] | 0x20, primary[primary.startIndex + 1] | 0x20) {
        case (UInt8(ascii: "k"), UInt8(ascii: "o")): language = .ko
        case (UInt8(ascii: "e"), UInt8(ascii: "n")): language = .en
        default: return nil
        }
        var quality = 1000
        while let segment = segments.next() {
            let parameter = trimmed(segment)
            guard parameter.count >= 2, parameter[parameter.startIndex] | 0x20 == UInt8(ascii: "q"),
                  parameter[parameter.startIndex + 1] == UInt8(ascii: "=") else { continue }
            guard let q = parseQuality(parameter.dropFirst(2)) else { return nil }
            quality = q
        }
        return (language, quality)
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }

    /// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), as thousandths.
    private static func parseQuality(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if bytes.count == 1 { return value }
        let rest = bytes.dropFirst()
        guard rest.first == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for byte in rest.dropFirst() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}
