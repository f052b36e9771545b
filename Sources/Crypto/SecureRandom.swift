import CCrypto

/// Bytes from libcrypto's cryptographically secure generator (`RAND_bytes`: a DRBG seeded
/// from the kernel, `getrandom(2)` on Linux, and reseeded after `fork`), for secrets: tokens,
/// keys, nonces.
public enum SecureRandom {
    /// `count` random bytes. Throws when the generator cannot produce them (it could not be
    /// seeded), which a caller must treat as "no secret can be made now", never as a reason
    /// to fall back to a weaker source.
    public static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
        precondition(count >= 0 && count <= Int(Int32.max), "a byte count from 0 to Int32.max")
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return bytes }
        let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        guard status == 1 else { throw CryptoError.lastLibcryptoError(function: "RAND_bytes") }
        return bytes
    }
}
