import Testing
import TestSupport
@testable import Domain

@Suite struct Base64URLTests {
    // RFC 4648 §10 test vectors with the padding removed (§3.2 allows omitting it when
    // the length is known, as it is for us).
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"),
        ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(plain.utf8) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    // The characters that differ from standard base64. RFC 4648 §9's 0x14fb9c03d97e is
    // "FPucA9l+" in the standard alphabet; the others from Python's
    // base64.urlsafe_b64encode, padding removed.
    @Test(arguments: [
        ([0x14, 0xFB, 0x9C, 0x03, 0xD9, 0x7E] as [UInt8], "FPucA9l-"),
        ([0xFB, 0xFF], "-_8"),
        ([0xFF, 0xFF, 0xFF], "____"),
        ([0xFB, 0xEF, 0xBE], "----"),
    ])
    func urlAlphabet(bytes: [UInt8], encoded: String) {
        #expect(Base64URL.encode(bytes) == encoded)
        #expect(Base64URL.decode(encoded) == bytes)
    }

    @Test(arguments: [
        "Zg==",     // padding
        "Zm8=",
        "Z",        // 1 mod 4 characters encode nothing
        "Zm9vY",
        "FPucA9l+", // standard alphabet
        "FPuc/9l-",
        "Zm 9v",    // whitespace
        "Zh",       // non-zero unused bits: "Zg" is the one spelling of "f"
        "Zm9",      // "Zm8" is the one spelling of "fo"
        "Zm9vYmE\u{0}",
        "Zm9vYmÉ",
    ])
    func rejectsAnythingButCanonicalText(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func roundTripsRandomBytes() {
        var random = TestRandom(seed: 0xB64)
        for count in 0..<200 {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.nextUInt64()) }
            let text = Base64URL.encode(bytes)
            #expect(text.utf8.count == Base64URL.encodedLength(byteCount: count))
            #expect(text.utf8.allSatisfy { Base64URL.sextet($0) != nil })
            #expect(Base64URL.decode(text) == bytes, "\(count) bytes")
        }
    }
}
