import Foundation
import Domain

/// Small parsers for Inside Airbnb field formats. Each returns a typed failure message
/// instead of guessing; empty text means "absent" where the format allows it.
enum FieldParsers {
    /// A positive 64-bit id parsed from its decimal digits (never through `Double`: ids
    /// above 2^53 would lose digits).
    static func id(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int64(text), value > 0 else { return nil }
        return value
    }

    /// `t` / `f`; empty is nil.
    static func flag(_ text: String) -> Bool?? {
        switch text {
        case "t": return .some(true)
        case "f": return .some(false)
        case "": return .some(nil)
        default: return nil
        }
    }

    /// A non-negative integer; `.some(nil)` for empty, nil for garbage.
    static func optionalCount(_ text: String) -> Int?? {
        if text.isEmpty { return .some(nil) }
        guard text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text) else { return nil }
        return .some(value)
    }

    /// A finite decimal; `.some(nil)` for empty, nil for garbage.
    static func optionalDecimal(_ text: String) -> Double?? {
        if text.isEmpty { return .some(nil) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .some(value)
    }

    static func roomType(_ text: String) -> RoomType? {
        switch text {
        case "Entire home/apt": return .entireHome
        case "Private room": return .privateRoom
        case "Shared room": return .sharedRoom
        case "Hotel room": return .hotelRoom
        default: return nil
        }
    }

    /// Bathrooms from `bathrooms_text`: "1.5 baths", "1 private bath", "3 shared baths",
    /// "Half-bath", "Shared half-bath", "Private half-bath" (half baths count 0.5). Any other
    /// text is nil: the field is free-form and an unknown count is better than a wrong one.
    static func bathrooms(_ text: String) -> Double? {
        let lowered = text.lowercased().trimmingSpaces
        if lowered.hasSuffix("half-bath") { return 0.5 }
        guard let number = lowered.split(separator: " ").first, let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// Plain text from Airbnb's HTML descriptions: `<br>` variants become line breaks, other
    /// tags are dropped, the common entities are decoded.
    static func plainText(fromHTML html: String) -> String {
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased().replacingOccurrences(of: " ", with: "")
                if tag == "br" || tag == "br/" { output.append("\n") }
                index = html.index(after: close)
                continue
            }
            output.append(character)
            index = html.index(after: index)
        }
        for (entity, replacement) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            output = output.replacingOccurrences(of: entity, with: replacement)
        }
        return output.trimmingSpaces
    }
}
