/// Argon2id's cost: passes over memory (`iterations`, libsodium's opslimit) and memory in
/// KiB (`memoryKiB`; libsodium's memlimit is in bytes). libsodium always uses one lane
/// (`p=1`).
///
/// `standard` is the first of OWASP's Password Storage Cheat Sheet recommendations for
/// Argon2id, m=19 MiB, t=2, p=1: about 20-40 ms and 19 MiB per hash on one core of the
/// machines Stays is tested on (docs/security.md). The parameters are stored inside every
/// hash, so raising them later only makes `needsRehash` true for older hashes.
public struct Argon2idParameters: Hashable, Sendable {
    public var iterations: Int
    public var memoryKiB: Int

    public init(iterations: Int, memoryKiB: Int) {
        precondition(iterations >= 1 && memoryKiB >= 8, "Argon2id needs at least 1 pass and 8 KiB")
        self.iterations = iterations
        self.memoryKiB = memoryKiB
    }

    public static let standard = Argon2idParameters(iterations: 2, memoryKiB: 19 * 1024)

    /// Cheap parameters for tests that hash many passwords; never for stored accounts.
    public static let testing = Argon2idParameters(iterations: 1, memoryKiB: 64)
}
