import Domain
import TestSupport
import Testing

/// `Divisor` (the search index's division by 2 × nights, the histogram's by the bin width)
/// must truncate exactly as `/` does, on both of its paths (multiplication below 2^32, the
/// division instruction elsewhere).
@Suite struct DivisorTests {
    @Test func quotientsEqualIntegerDivision() {
        var random = TestRandom(seed: 0xD1_5150)
        let divisors: [Int64] = Array(1...80) + [2 * 365, 2 * 1_000, 65_535, 1 << 31, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, 1 << 40, .max]
        for value in divisors {
            let divisor = Divisor(value)
            // Around every multiple near the fast path's limits, and random values of every size.
            var dividends: [Int64] = [0, 1, -1, (1 << 32) - 1, 1 << 32, (1 << 32) + 1, .max, .min + 1, -(1 << 32)]
            for multiple in [value, value &* 2, ((1 << 32) - 1) / value * value, (1 << 31) / value * value]
            where multiple > 0 && multiple < .max {
                dividends += [multiple - 1, multiple, multiple + 1]
            }
            for bits in [8, 16, 24, 31, 32, 33, 48, 62] {
                for _ in 0..<200 { dividends.append(Int64(random.next(below: 1 << bits))) }
            }
            for dividend in dividends {
                #expect(divisor.quotient(dividend) == dividend / value, "\(dividend) / \(value)")
            }
        }
    }
}
