/// An account's email address as the person typed it, and the form accounts are compared by.
///
/// Accepted (deliberately loose: the verification mail is the real test of an address):
/// surrounding whitespace trimmed; at most 254 characters (RFC 5321 §4.5.3.1.3's path limit
/// less the angle brackets); exactly one `@` with text on both sides; a domain with a dot
/// that neither starts nor ends the domain; no whitespace or control characters inside.
///
/// `normalized` lowercases the whole address: the local part is case-sensitive by RFC 5321,
/// but no mail provider people use treats it so, and two accounts differing only in case
/// would be a trap. Unicode letters are kept (internationalised addresses, RFC 6531).
/// A value type, `Sendable`; `description` is redacted (an email is personal data and does
/// not belong in logs).
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 254

    /// As typed, trimmed: what mail is sent to and what the account shows.
    public let text: String
    /// Lowercased: what uniqueness and sign-in compare.
    public let normalized: String

    /// Why `text` is not an address, or nil when it is one.
    public static func problem(with text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return "is required" }
        if trimmed.count > maximumLength { return "must be at most \(maximumLength) characters" }
        if trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return "must not contain spaces or control characters"
        }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return "must be one name, an @ and a domain" }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".", !domain.contains("..") else {
            return "must have a domain with a dot, such as example.com"
        }
        return nil
    }

    /// The address in `text`, or nil when `problem(with:)` finds one.
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text.trimmingWhitespace
        self.normalized = self.text.lowercased()
    }

    public static func == (lhs: EmailAddress, rhs: EmailAddress) -> Bool { lhs.normalized == rhs.normalized }
    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    public var description: String { "EmailAddress(redacted)" }
}

extension String {
    /// Without leading and trailing Unicode whitespace (Foundation-free).
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
