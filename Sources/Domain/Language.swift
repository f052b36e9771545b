/// The language of labels and titles. Korean is the default.
public enum Language: String, CaseIterable, Hashable, Sendable {
    case ko, en

    /// Picks the supported language with the highest q-value in an `Accept-Language` header
    /// (RFC 9110 §12.5.4). Only the primary subtag counts (`en-US` -> `en`); ties go to the
    /// one listed first; `q=0` excludes; malformed elements are ignored. Falls back to `ko`
    /// when the header is missing or names nothing supported (`*` included).
    public init(acceptLanguage: String?) {
        guard let header = acceptLanguage else { self = .ko; return }
        var best: (language: Language, quality: Int)?
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let tagPart = parts.first else { continue }
            let tag = tagPart.trimmingSpaces().lowercased()
            let primary = tag.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
            guard let language = Language(rawValue: primary) else { continue }
            var quality = 1000
            var malformed = false
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingSpaces()
                guard pair.hasPrefix("q=") || pair.hasPrefix("Q=") else { continue }
                if let q = Language.parseQuality(pair.dropFirst(2)) { quality = q } else { malformed = true }
            }
            guard !malformed, quality > 0 else { continue }
            if best == nil || quality > best!.quality { best = (language, quality) }
        }
        self = best?.language ?? .ko
    }

    /// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), as thousandths.
    private static func parseQuality(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if bytes.count == 1 { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for byte in bytes[2...] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
