import Testing
import Crypto

/// Bytes of a hex string (test vectors are published in hex).
func bytes(hex text: String) -> [UInt8] {
    let digits = Array(text.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

@Suite struct HMACSHA256Tests {
    /// RFC 4231 section 4: test cases 1-4, 6 and 7 (HMAC-SHA-256). Case 5 truncates the
    /// output to 128 bits and is checked separately below.
    @Test(arguments: [
        // 1: a 20-byte key, "Hi There".
        ("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        // 2: a key shorter than the output, "what do ya want for nothing?".
        ("4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        // 3: key and data of repeated bytes.
        ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", String(repeating: "dd", count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        // 4: a 25-byte counting key.
        ("0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        // 6: a 131-byte key, longer than the block, which is hashed first.
        (String(repeating: "aa", count: 131),
         "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        // 7: a long key and a long message.
        (String(repeating: "aa", count: 131),
         "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func rfc4231(key: String, data: String, expected: String) {
        #expect(hex(HMACSHA256.authenticationCode(for: bytes(hex: data), key: bytes(hex: key))) == expected)
    }

    /// RFC 4231 test case 5: the first 128 bits of the code.
    @Test func rfc4231TruncatedOutput() {
        let code = HMACSHA256.authenticationCode(for: Array("Test With Truncation".utf8), key: [UInt8](repeating: 0x0c, count: 20))
        #expect(hex(Array(code.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }

    /// Empty key and empty message: the value Python's `hmac.new(b"", b"", "sha256")` gives.
    @Test func emptyKeyAndMessage() {
        #expect(hex(HMACSHA256.authenticationCode(for: [], key: [])) ==
                "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
