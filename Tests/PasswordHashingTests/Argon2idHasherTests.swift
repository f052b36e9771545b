import Domain
import PasswordHashing
import Testing

@Suite struct Argon2idHasherTests {
    let hasher = Argon2idHasher(parameters: .testing)

    @Test func aHashVerifiesItsPasswordAndNoOther() throws {
        let hash = try hasher.hash(Password("correct horse battery"))
        #expect(hash.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
        #expect(try hasher.verify(Password("correct horse battery"), against: hash))
        #expect(try !hasher.verify(Password("correct horse batterY"), against: hash))
        #expect(try !hasher.verify(Password(""), against: hash))
    }

    @Test func twoHashesOfOnePasswordDifferBySalt() throws {
        let first = try hasher.hash(Password("same password"))
        let second = try hasher.hash(Password("same password"))
        #expect(first != second)
        #expect(try hasher.verify(Password("same password"), against: second))
    }

    @Test func unicodeAndEmbeddedNulAreHashedWhole() throws {
        let hash = try hasher.hash(Password("비밀번호는\u{0}길다"))
        #expect(try hasher.verify(Password("비밀번호는\u{0}길다"), against: hash))
        #expect(try !hasher.verify(Password("비밀번호는"), against: hash))
    }

    @Test func aHashItCannotReadIsFalseNotAnError() throws {
        #expect(try !hasher.verify(Password("anything at all"), against: ""))
        #expect(try !hasher.verify(Password("anything at all"), against: "$2b$10$abcdefghijklmnopqrstuv"))
        #expect(try !hasher.verify(Password("anything at all"), against: "$argon2id$v=19$m=64,t=1,p=1$garbage"))
    }

    /// A hash made with weaker parameters verifies, and asks to be replaced.
    @Test func olderParametersNeedARehash() throws {
        let stronger = Argon2idHasher(parameters: Argon2idParameters(iterations: 2, memoryKiB: 128))
        let old = try hasher.hash(Password("raise the cost later"))
        #expect(stronger.needsRehash(old))
        #expect(try stronger.verify(Password("raise the cost later"), against: old))
        let new = try stronger.hash(Password("raise the cost later"))
        #expect(!stronger.needsRehash(new))
        #expect(new.contains("m=128,t=2,p=1"))
    }

    /// A hash libsodium did not make: the reference implementation's, through Python's
    /// argon2-cffi (`hash_secret(b'password', b'somesalt', time_cost=2, memory_cost=64,
    /// parallelism=1, hash_len=32, type=Type.ID)`).
    @Test func aReferenceHashVerifies() throws {
        let reference = "$argon2id$v=19$m=64,t=2,p=1$c29tZXNhbHQ$FqGkmHNGCd0BRW2kBt6fPZ2pPmyGwwChL8FGUhTOSSI"
        #expect(try hasher.verify(Password("password"), against: reference))
        #expect(try !hasher.verify(Password("passwore"), against: reference))
    }
}
