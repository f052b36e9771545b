import Crypto

/// The bearer token of an anonymous guest account: 256 random bits, encoded base64url
/// without padding (43 characters of `A-Z a-z 0-9 - _`).
///
/// The token is shown to the guest once, when the account is created; the database keeps
/// only `digest`, the SHA-256 of the token's text, so a copy of the database does not let
/// anyone act as a guest. 256 bits from a cryptographic generator cannot be guessed, so an
/// unsalted fast hash is enough here (salting and stretching are for low-entropy passwords).
///
/// `init?(parsing:)` accepts only the exact format the server issues, so a malformed
/// `Authorization: Bearer` value is rejected before any database lookup.
///
/// `description` is redacted so a token interpolated into a log line does not leak;
/// read `text` deliberately when the token must be sent. A value type, `Sendable`.
public struct GuestToken: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Random bytes in a token.
    public static let byteCount = 32
    /// Characters in a token's text.
    public static let textLength = 43 // ceil(32 * 4 / 3)

    /// The token as the guest sends it.
    public let text: String

    /// A new token from the system's secure random number generator.
    ///
    /// `SystemRandomNumberGenerator` is the standard library's cryptographically secure
    /// generator: on Linux it reads `getrandom(2)` (the kernel CSPRNG, blocking only until
    /// the pool is first initialized at boot), on Apple platforms `arc4random_buf(3)`.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// A token from `generator`. Only tests should pass anything but
    /// `SystemRandomNumberGenerator`: a token is only as unguessable as its generator.
    public init(using generator: inout some RandomNumberGenerator) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(GuestToken.byteCount)
        for _ in 0..<GuestToken.byteCount / 8 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        self.init(bytes: bytes)
    }

    /// The token whose 32 random bytes are `bytes`.
    init(bytes: [UInt8]) {
        precondition(bytes.count == GuestToken.byteCount, "a guest token has 32 bytes")
        self.text = Base64URL.encode(bytes)
    }

    /// The token in `text`; nil unless `text` is exactly 43 base64url characters that
    /// `init()` could have produced (no padding, no whitespace, and the last character's
    /// two unused bits zero, so each token has one spelling).
    public init?(parsing text: some StringProtocol) {
        guard text.utf8.count == GuestToken.textLength,
              Base64URL.decode(text)?.count == GuestToken.byteCount else { return nil }
        self.text = String(text)
    }

    /// SHA-256 of the token's ASCII text, 32 bytes: what the database stores and looks up.
    public var digest: [UInt8] { SHA256.hash(text.utf8) }

    public var description: String { "GuestToken(redacted)" }
    public var debugDescription: String { description }
}
