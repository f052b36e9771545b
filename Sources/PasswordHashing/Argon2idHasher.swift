import CSodium
import Domain

/// `PasswordHasher` with libsodium's Argon2id (`crypto_pwhash_str_alg`, the PHC string
/// format `$argon2id$v=19$m=…,t=…,p=1$salt$hash`, a 16-byte random salt per hash).
///
/// Bounded (`BoundedTurns`): at most `maximumConcurrent` hashes run at once (each takes
/// `memoryKiB` of memory and a core for tens of milliseconds); up to `maximumWaiting` more
/// wait for a turn, at most `maximumWait`; beyond either, `PasswordHasherBusy`, so a flood
/// of sign-ins holds bounded memory and cannot starve the handler threads of other routes.
///
/// Thread safety: `Sendable`; any thread.
public final class Argon2idHasher: PasswordHasher {
    public let parameters: Argon2idParameters
    /// Bounds how many hashes run and wait at once.
    public let turns: BoundedTurns

    public init(parameters: Argon2idParameters = .standard, maximumConcurrent: Int = 2, maximumWaiting: Int = 32,
                maximumWait: Duration = .seconds(5)) {
        Sodium.initialize()
        self.parameters = parameters
        self.turns = BoundedTurns(concurrent: maximumConcurrent, waiting: maximumWaiting, maximumWait: maximumWait)
    }

    public func hash(_ password: Password) throws -> String {
        try turns.withTurn {
            var output = [CChar](repeating: 0, count: stays_pwhash_strbytes())
            let status = password.withBytes { text, count in
                crypto_pwhash_str_alg(&output, text, count, UInt64(parameters.iterations),
                                      parameters.memoryKiB * 1024, stays_pwhash_alg_argon2id13())
            }
            // Fails only when the memory cannot be had: a server fault, not the client's.
            guard status == 0 else { throw Argon2idError.outOfMemory }
            return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    public func verify(_ password: Password, against hash: String) throws -> Bool {
        guard hash.hasPrefix("$argon2id$") else { return false }
        return try turns.withTurn {
            hash.withCString { stored in
                password.withBytes { text, count in crypto_pwhash_str_verify(stored, text, count) == 0 }
            }
        }
    }

    public func needsRehash(_ hash: String) -> Bool {
        hash.withCString { stored in
            crypto_pwhash_str_needs_rehash(stored, UInt64(parameters.iterations), parameters.memoryKiB * 1024) != 0
        }
    }
}

extension Password {
    /// The password's UTF-8 bytes and their count, as libsodium takes them (all of them: a
    /// NUL inside does not cut the password short, as a C string would).
    fileprivate func withBytes<T>(_ body: (UnsafePointer<CChar>, UInt64) -> T) -> T {
        let bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!, UInt64(bytes.count - 1)) }
        }
    }
}

/// libsodium could not allocate Argon2id's memory.
public enum Argon2idError: Error, Sendable {
    case outOfMemory
}

/// `sodium_init` once per process (it is idempotent and thread-safe, but not free).
enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    static func initialize() {
        precondition(initialized, "libsodium could not be initialised")
    }
}
