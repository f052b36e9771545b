import Testing
import Crypto
import TestSupport
@testable import Domain

@Suite struct GuestTokenTests {
    @Test func knownBytesGiveKnownTextAndDigest() throws {
        // Bytes 0...31. Text from Python's base64.urlsafe_b64encode with "=" removed; digest
        // from `printf %s TEXT | sha256sum`.
        let token = GuestToken(bytes: (0..<32).map { UInt8($0) })
        #expect(token.text == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
        #expect(hex(token.digest) == "ea866a757e4c38babfa8127cbe9a409d3e1f93a00ff1488ff735fcf917afffd0")
    }

    @Test func systemTokensHaveTheFormatAndDiffer() throws {
        var seen = Set<String>()
        for _ in 0..<100 {
            let token = GuestToken()
            #expect(token.text.utf8.count == 43)
            #expect(GuestToken(parsing: token.text) == token)
            #expect(token.digest.count == 32)
            seen.insert(token.text)
        }
        #expect(seen.count == 100)
    }

    @Test func generatorBytesAllReachTheText() {
        // Every bit of the four generator words must show up: two generators differing in
        // any single bit of any word give different tokens.
        struct Fixed: RandomNumberGenerator {
            var words: [UInt64]
            mutating func next() -> UInt64 { words.removeFirst() }
        }
        var base = Fixed(words: [0, 0, 0, 0])
        let zero = GuestToken(using: &base)
        #expect(zero.text == String(repeating: "A", count: 43))
        var texts = Set<String>()
        for word in 0..<4 {
            for bit in 0..<64 {
                var words: [UInt64] = [0, 0, 0, 0]
                words[word] = 1 << UInt64(bit)
                var generator = Fixed(words: words)
                texts.insert(GuestToken(using: &generator).text)
            }
        }
        #expect(texts.count == 256)
        #expect(!texts.contains(zero.text))
    }

    @Test func seededTokensRoundTrip() throws {
        var random = TestRandom(seed: 42)
        for _ in 0..<200 {
            let token = GuestToken(using: &random)
            let parsed = try #require(GuestToken(parsing: token.text))
            #expect(parsed.text == token.text)
            #expect(parsed.digest == token.digest)
            #expect(parsed.digest == SHA256.hash(Array(token.text.utf8)))
        }
    }

    @Test(arguments: [
        "",
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh",     // 42 characters
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8A",   // 44
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",   // padded
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+",    // standard alphabet
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh/",
        " AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh",    // whitespace
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh.",
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9",    // unused bits set: not a spelling we issue
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHé",     // 43 bytes of UTF-8, not ASCII
    ])
    func rejectsMalformedBearerValues(text: String) {
        #expect(GuestToken(parsing: text) == nil)
    }

    @Test func acceptsASubstringOfAHeader() throws {
        let header = "Bearer AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        let token = try #require(GuestToken(parsing: header.dropFirst(7)))
        #expect(token.text == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
    }

    @Test func descriptionDoesNotLeakTheToken() {
        let token = GuestToken(bytes: (0..<32).map { UInt8($0) })
        #expect(!"\(token)".contains(token.text))
        #expect(!String(reflecting: token).contains(token.text))
    }
}
