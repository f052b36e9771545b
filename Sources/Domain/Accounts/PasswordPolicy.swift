/// Which passwords an account may have: NIST SP 800-63B §3.1.1.2 (memorized secrets).
///
/// - at least 10 and at most 256 characters, counted as Unicode characters (grapheme
///   clusters: what a person counts), every printable character and space allowed;
/// - not the account's email address, nor its part before the `@` (compared ignoring case);
/// - not one of the common passwords of `commonPasswordsText` (compared ignoring case, as
///   its source list is lowercased).
///
/// No composition rules (a digit, a symbol...) and no expiry: SP 800-63B advises against
/// both. Immutable; the blocklist is parsed once, on first use. `Sendable`.
public enum PasswordPolicy {
    public static let minimumLength = 10
    public static let maximumLength = 256

    /// Every rule `password` breaks, as reasons for the field `field`; empty when it is
    /// acceptable. `email` is the account's address, when known.
    public static func issues(_ password: Password, email: EmailAddress?, field: String = "password") -> [ParameterIssue] {
        var issues: [ParameterIssue] = []
        let length = password.text.count
        if length < minimumLength {
            issues.append(ParameterIssue(name: field, reason: "must be at least \(minimumLength) characters"))
        }
        if length > maximumLength {
            issues.append(ParameterIssue(name: field, reason: "must be at most \(maximumLength) characters"))
        }
        let lowered = password.text.lowercased()
        if let email, lowered == email.normalized || lowered == email.normalized.prefix(while: { $0 != "@" }) {
            issues.append(ParameterIssue(name: field, reason: "must not be your email address"))
        }
        if isCommon(lowered) {
            issues.append(ParameterIssue(name: field, reason: "is too common: it appears in lists of leaked passwords"))
        }
        return issues
    }

    /// Whether `password` (any case) is on the blocklist.
    public static func isCommon(_ password: String) -> Bool {
        commonPasswords.contains(password.lowercased())
    }

    /// The blocklist's size, for documentation and tests.
    public static var commonPasswordCount: Int { commonPasswords.count }

    private static let commonPasswords: Set<String> = Set(commonPasswordsText.split(separator: "\n").map(String.init))
}
