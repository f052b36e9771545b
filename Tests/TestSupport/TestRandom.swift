/// A deterministic PRNG (SplitMix64), so a failing case can be replayed from its seed.
public struct TestRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 { nextUInt64() }

    public mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0).
    public mutating func next(below bound: Int) -> Int { Int(nextUInt64() % UInt64(bound)) }
    public mutating func next(in range: ClosedRange<Int>) -> Int { range.lowerBound + next(below: range.count) }
    public mutating func chance(_ percent: Int) -> Bool { next(below: 100) < percent }
    public mutating func unit() -> Double { Double(nextUInt64() >> 11) / Double(1 << 53) }
}
