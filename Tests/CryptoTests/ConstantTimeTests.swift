import Testing
import Crypto

@Suite struct ConstantTimeTests {
    @Test func comparesContentsAndLengths() {
        #expect(ConstantTime.equals([], []))
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [0, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
    }
}
