import CCrypto

/// Comparison of secrets (authentication codes, token digests) whose time does not depend on
/// where the inputs first differ, so timing a comparison reveals nothing about a secret.
public enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes. The lengths are compared first (they are not
    /// secret: every code or digest of one kind has the same length); equal-length contents
    /// are compared by `CRYPTO_memcmp`, which reads every byte.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in CRYPTO_memcmp(left.baseAddress, right.baseAddress, a.count) == 0 }
        }
    }
}
