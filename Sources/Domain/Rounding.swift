/// Exact integer arithmetic for money: division and basis-point rates rounded half-up.
///
/// "Half-up" here is symmetric, i.e. half away from zero: 2.5 -> 3 and -2.5 -> -3, so a
/// discount (negative) rounds to the same magnitude as the equal positive charge would.
/// No floating point is involved anywhere.
public enum Rounding {
    /// `numerator / denominator` rounded half away from zero. `denominator` must not be 0.
    public static func divide(_ numerator: Int64, by denominator: Int64) -> Int64 {
        precondition(denominator != 0, "division by zero")
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        // |2r| >= |d| means the fraction is at least one half. Magnitude avoids overflow.
        if remainder.magnitude >= denominator.magnitude - remainder.magnitude, remainder != 0 {
            let awayFromZero: Int64 = (numerator < 0) != (denominator < 0) ? -1 : 1
            return quotient + awayFromZero
        }
        return quotient
    }

    /// `amount * basisPoints / 10_000` rounded half away from zero, computed in 128-bit
    /// width so the product cannot overflow. The result must fit in Int64, which holds for
    /// any `|basisPoints| <= 10_000` (and for amounts below 10^13 with any realistic rate).
    public static func applying(basisPoints: Int, to amount: Int64) -> Int64 {
        let full = amount.multipliedFullWidth(by: Int64(basisPoints))
        let (quotient, remainder) = Int64(10_000).dividingFullWidth(full)
        guard remainder != 0 else { return quotient }
        // |remainder| < 10_000, so doubling it is safe.
        if remainder.magnitude * 2 >= 10_000 {
            return quotient + (remainder < 0 ? -1 : 1)
        }
        return quotient
    }
}
