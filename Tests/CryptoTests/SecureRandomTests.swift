import Testing
import Crypto

@Suite struct SecureRandomTests {
    @Test func givesTheCountAskedAndDiffersBetweenCalls() throws {
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
        let first = try SecureRandom.bytes(count: 32), second = try SecureRandom.bytes(count: 32)
        #expect(first.count == 32 && second.count == 32)
        // Two 256-bit draws agree with probability 2^-256: equality means a broken generator.
        #expect(first != second)
        #expect(first != [UInt8](repeating: 0, count: 32))
    }
}
