/// A positive divisor fixed for many divisions, with what divides by it without a division
/// instruction: a 64-bit division costs tens of cycles, and a search or a histogram divides
/// once per listing or price. `quotient(n)` equals `n / value` for every `Int64`.
public struct Divisor: Sendable {
    public let value: Int64
    /// ceil(2^64 / value) when value is 2...2^32, else 0.
    @usableFromInline let magic: UInt64

    public init(_ value: Int64) {
        precondition(value > 0, "a positive divisor")
        self.value = value
        // ceil(2^64 / d) = floor((2^64 - 1) / d) + 1 for d >= 2 (2^64 itself does not fit).
        magic = value >= 2 && value <= 1 << 32 ? UInt64.max / UInt64(value) + 1 : 0
    }

    /// `dividend / value`, truncating as `/` does.
    @inlinable @inline(__always)
    public func quotient(_ dividend: Int64) -> Int64 {
        guard dividend >= 0, dividend < 1 << 32 else { return dividend / value }
        return Int64(quotient(ofSmall: UInt64(dividend)))
    }

    /// `dividend / value` for a dividend below 2^32, which the caller guarantees, without
    /// a division: for d in 2...2^32, n * ceil(2^64 / d) / 2^64 rounds down to n / d, its
    /// error (< 2^-32) being smaller than the distance to the next multiple of d (>= 1/d).
    /// (A divisor beyond 2^32 makes the quotient 0; 1 makes it the dividend.)
    @inlinable @inline(__always)
    public func quotient(ofSmall dividend: UInt64) -> UInt64 {
        if magic != 0 { return dividend.multipliedFullWidth(by: magic).high }
        return value == 1 ? dividend : 0
    }
}
