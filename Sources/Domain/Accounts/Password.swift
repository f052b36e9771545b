/// A password in clear, on its way to the hasher and nowhere else.
///
/// It never prints: `description` and `debugDescription` are redacted, so interpolating one
/// into a log line or an error leaks nothing. Read `text` only to hash or verify it.
/// A value type, `Sendable`.
public struct Password: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { "Password(redacted)" }
    public var debugDescription: String { description }
}
