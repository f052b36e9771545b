/// SHA-256 as specified in FIPS 180-4 (§4.1.2 functions, §4.2.2 constants, §5.1.1 padding,
/// §5.3.3 initial value, §6.2 computation), in plain Swift with no platform library.
///
/// We need it for one job: the database keeps the SHA-256 of each guest token instead of
/// the token (see `GuestToken`), and Linux has no CryptoKit. It is not constant-time with
/// respect to anything secret beyond what the algorithm itself is (SHA-256 has no
/// data-dependent branches or table lookups), and it is not tuned for bulk throughput.
///
/// Use `SHA256.hash(_:)` for a whole message, or `init()`, `update(_:)` any number of times,
/// then `finalize()` to hash a message that arrives in pieces; both give the same digest.
/// Messages may be up to 2^61 - 1 bytes (the padding's 64-bit length field counts bits).
/// A value type: each copy hashes independently; `Sendable`.
public struct SHA256: Sendable {
    /// Bytes in a digest.
    public static let digestByteCount = 32
    /// Bytes in one block of the compression function.
    public static let blockByteCount = 64

    /// H0...H7, the running hash value.
    private var state: [UInt32] = SHA256.initialState
    /// Bytes received but not yet compressed: always fewer than one block.
    private var pending: [UInt8] = []
    /// Total bytes received.
    private var byteCount: UInt64 = 0

    public init() {
        pending.reserveCapacity(SHA256.blockByteCount)
    }

    /// The digest of `bytes`, 32 bytes.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Appends `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        // Contiguous input (arrays, String.UTF8View of a native string) is compressed in
        // place, a block at a time; anything else goes through the pending buffer a byte
        // at a time.
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            append(buffer)
        }
        if handled == nil {
            for byte in bytes { append(byte) }
        }
    }

    /// The digest of everything passed to `update`, 32 bytes. Consumes the hasher, so a
    /// finished hash cannot be extended by mistake.
    public consuming func finalize() -> [UInt8] {
        precondition(byteCount < 1 << 61, "SHA-256 messages are shorter than 2^64 bits")
        let bitCount = byteCount << 3
        // §5.1.1: a single 1 bit, then zeros up to 56 bytes mod 64, then the bit length
        // as a 64-bit big-endian integer.
        var padding: [UInt8] = [0x80]
        let afterMarker = Int((byteCount + 1) % UInt64(SHA256.blockByteCount))
        let zeros = (56 - afterMarker + SHA256.blockByteCount) % SHA256.blockByteCount
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
        }
        padding.withUnsafeBufferPointer { append($0, counting: false) }
        precondition(pending.isEmpty, "padding ends on a block boundary")

        var digest: [UInt8] = []
        digest.reserveCapacity(SHA256.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private mutating func append(_ byte: UInt8) {
        byteCount &+= 1
        pending.append(byte)
        if pending.count == SHA256.blockByteCount {
            let block = pending
            block.withUnsafeBufferPointer { SHA256.compress(&state, $0) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>, counting: Bool = true) {
        if counting { byteCount &+= UInt64(buffer.count) }
        var index = 0
        // Top up a partly filled block first.
        if !pending.isEmpty {
            let take = min(SHA256.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            index = take
            guard pending.count == SHA256.blockByteCount else { return }
            let block = pending
            block.withUnsafeBufferPointer { SHA256.compress(&state, $0) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - index >= SHA256.blockByteCount {
            SHA256.compress(&state, UnsafeBufferPointer(rebasing: buffer[index..<index + SHA256.blockByteCount]))
            index += SHA256.blockByteCount
        }
        pending.append(contentsOf: buffer[index...])
    }

    /// §6.2.2: one block of 64 bytes into the running hash value.
    private static func compress(_ state: inout [UInt32], _ block: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                w[t] = UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16
                    | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = s1 &+ w[t - 7] &+ s0 &+ w[t - 16]
            }
            var a = state[0], b = state[1], c = state[2], d = state[3]
            var e = state[4], f = state[5], g = state[6], h = state[7]
            for t in 0..<64 {
                let bigSigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ bigSigma1 &+ choose &+ roundConstants[t] &+ w[t]
                let bigSigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                h = g; g = f; f = e
                e = d &+ t1
                d = c; c = b; b = a
                a = t1 &+ t2
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
            state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
        }
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 - n))
    }

    /// §5.3.3: the first 32 bits of the fractional parts of the square roots of the first
    /// eight primes.
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64
    /// primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
