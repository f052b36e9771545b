/// Turns passwords into stored hashes and checks them, with a deliberately slow,
/// memory-hard function (the implementation: Argon2id from libsodium, `PasswordHashing`).
///
/// Implementations promise:
/// - `hash` returns a self-describing string (algorithm, parameters and salt inside, such
///   as `$argon2id$v=19$m=19456,t=2,p=1$…`), so parameters can be raised later without
///   losing the old hashes;
/// - `verify` compares in constant time with respect to the password and answers false,
///   never throws, for a hash it cannot read;
/// - `needsRehash` is true for a hash made with other parameters than the current ones, so
///   a successful sign-in can store a fresh hash;
/// - each call may take tens of milliseconds and tens of megabytes: callers bound how many
///   run at once (implementations may throw `PasswordHasherBusy` when too many wait).
///
/// Thread safety: `Sendable`; callable from any thread.
public protocol PasswordHasher: Sendable {
    func hash(_ password: Password) throws -> String
    func verify(_ password: Password, against hash: String) throws -> Bool
    func needsRehash(_ hash: String) -> Bool
}

/// Too many passwords are being hashed or wait to be: try again after `retryAfterSeconds`
/// (the API answers 503 with `Retry-After`). Nothing was checked or changed.
public struct PasswordHasherBusy: Error, Hashable, Sendable {
    public var retryAfterSeconds: Int
    public init(retryAfterSeconds: Int) {
        self.retryAfterSeconds = retryAfterSeconds
    }
}
