import Testing
import Crypto

/// Lower-case hex of a digest, to compare with published vectors and `sha256sum` output.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
}

@Suite struct SHA256Tests {
    // FIPS 180-4 examples (NIST CSRC "Cryptographic Standards and Guidelines: Examples with
    // Intermediate Values", SHA-256) and the NIST long-message test of one million "a".
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(message: String, expected: String) {
        #expect(hex(SHA256.hash(message.utf8)) == expected)
        #expect(hex(SHA256.hash(Array(message.utf8))) == expected)
    }

    @Test func oneMillionA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == expected)
        // The same message in uneven pieces, through the streaming interface.
        var hasher = SHA256()
        var remaining = 1_000_000
        var piece = 1
        while remaining > 0 {
            let count = min(piece, remaining)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            piece = piece * 7 % 997 + 1
        }
        #expect(hex(hasher.finalize()) == expected)
    }

    // Lengths around the padding boundaries: 55 bytes is the longest message whose padding
    // fits in one block, 56 needs a second block, 63/64/65 straddle a full block. Expected
    // values from `head -c N /dev/zero | tr '\0' a | sha256sum` (coreutils 9).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
    ])
    func paddingBoundariesOfA(length: Int, expected: String) {
        #expect(hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == expected)
    }

    // The same lengths (and the second block's boundaries) with bytes 0, 1, 2, ... so that
    // every byte position differs; from
    // `python3 -c "import sys; sys.stdout.buffer.write(bytes(i%256 for i in range(N)))" | sha256sum`.
    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
    ])
    func paddingBoundariesOfCountingBytes(length: Int, expected: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        #expect(hex(SHA256.hash(message)) == expected)
        // Byte by byte through a non-contiguous sequence takes the other input path.
        #expect(hex(SHA256.hash(message.lazy.map { $0 })) == expected)
    }

    @Test func streamingSplitsAgreeWithOneShot() {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hash(message)
        for split in [0, 1, 55, 56, 63, 64, 65, 127, 128, 199, 200] {
            var hasher = SHA256()
            hasher.update(message[..<split])
            hasher.update(message[split...])
            #expect(hasher.finalize() == whole, "split at \(split)")
        }
    }
}
