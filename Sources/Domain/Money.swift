/// An amount in minor units of a currency, formatted for labels.
///
/// Formatting: KRW `₩82,953`, USD `$1,366.00`, EUR `€1,366.00`, JPY `¥1,366`, GBP `£1.50`;
/// any other currency `SGD 1,366.00` (code, a space, then the amount with the currency's
/// minor digits). Negative amounts get a leading `-` before the symbol: `-₩8,295`.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var amount: Int64
    public var currency: CurrencyCode

    /// The largest price or fee the catalog takes, in minor units: 10^13 (ten trillion won,
    /// a hundred billion dollars). With it, a stay of at most `StayParameters.maxNights`
    /// nights, its fees, discounts and taxes stay far inside `Int64`, so pricing arithmetic
    /// never overflows; larger amounts are refused where they enter (the importer).
    public static let maximumAmount: Int64 = 10_000_000_000_000

    public init(_ amount: Int64, _ currency: CurrencyCode) {
        self.amount = amount
        self.currency = currency
    }

    public var description: String { formatted }

    public var formatted: String {
        let digits = currency.minorUnitDigits
        let magnitude = amount.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let major = magnitude / divisor
        let minor = magnitude % divisor
        var number = Money.grouped(major)
        if digits > 0 {
            let minorText = String(minor)
            number += "." + String(repeating: "0", count: digits - minorText.count) + minorText
        }
        let sign = amount < 0 ? "-" : ""
        if let symbol = Money.symbols[currency.rawValue] {
            return sign + symbol + number
        }
        return sign + currency.rawValue + " " + number
    }

    private static let symbols: [String: String] = ["KRW": "₩", "USD": "$", "EUR": "€", "JPY": "¥", "GBP": "£"]

    /// `1234567` -> `1,234,567`.
    static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
