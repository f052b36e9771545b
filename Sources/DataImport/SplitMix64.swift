import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, fully deterministic generator. The
/// same seed gives the same sequence on every platform and Swift version, which Swift's
/// `SystemRandomNumberGenerator` does not. Not for cryptography.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        self.state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective scramble of 64 bits.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Uniform in `range` (multiply-shift; the bias is below 2^-32 for the small ranges used here).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int((UInt64(next() >> 32) &* span) >> 32)
    }

    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A standard normal sample (Box-Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "pick from an empty list")
        return items[int(in: 0...(items.count - 1))]
    }
}
