import Domain

/// Parses money as Inside Airbnb writes it ("$1,366.00", "$150", "150", "1366.5", "₩82,953")
/// into exact integer minor units of a currency. Never goes through `Double`.
///
/// Accepted: optional surrounding spaces; an optional currency prefix of up to four
/// non-digit symbols or letters (`$`, `₩`, `S$`, `US$`, `€`...); digits, optionally grouped
/// by commas in threes (`1,366`); an optional `.` and fraction digits. Fraction digits
/// beyond the currency's `minorUnitDigits` must be zeros (`$82,953.00` is 82953 won, while
/// `₩82,953.5` is rejected instead of being rounded). Signs are rejected: prices are never
/// negative. The sign of a parsed value is never negative; zero is allowed here (callers
/// decide whether zero is a valid price). Amounts above `Money.maximumAmount` are refused
/// as too large, so no imported price can overflow a quote.
public enum MoneyParser {
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case negative
        case malformed(String)
        case tooPrecise(String)
        case tooLarge(String)

        public var description: String {
            switch self {
            case .empty: return "empty amount"
            case .negative: return "negative amount"
            case .malformed(let text): return "not an amount: '\(text)'"
            case .tooPrecise(let text): return "more decimals than the currency has: '\(text)'"
            case .tooLarge(let text): return "amount too large: '\(text)'"
            }
        }
    }

    public static func parse(_ text: String, minorUnitDigits: Int) throws(Failure) -> Int64 {
        precondition((0...6).contains(minorUnitDigits), "minorUnitDigits out of range")
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .empty }
        let scalars = Array(trimmed.unicodeScalars)
        var index = 0
        // Currency prefix: symbols and letters, never digits, separators or signs.
        while index < scalars.count, index < 4, !isDigit(scalars[index]),
              scalars[index] != ".", scalars[index] != ",", scalars[index] != " " {
            if scalars[index] == "-" || scalars[index] == "\u{2212}" { throw .negative }
            if scalars[index] == "+" { throw .malformed(text) }
            index += 1
        }
        if index < scalars.count, scalars[index] == "-" { throw .negative }

        // Integer part with optional thousands separators.
        var integerDigits: [UInt8] = []
        var groupLength = 0
        var sawComma = false
        while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "," {
            if scalars[index] == "," {
                guard !integerDigits.isEmpty, !sawComma || groupLength == 3 else { throw .malformed(text) }
                if !sawComma, groupLength > 3 { throw .malformed(text) }
                sawComma = true
                groupLength = 0
            } else {
                integerDigits.append(UInt8(scalars[index].value - 48))
                groupLength += 1
            }
            index += 1
        }
        guard !integerDigits.isEmpty, !sawComma || groupLength == 3 else { throw .malformed(text) }

        var fractionDigits: [UInt8] = []
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                fractionDigits.append(UInt8(scalars[index].value - 48))
                index += 1
            }
            guard !fractionDigits.isEmpty else { throw .malformed(text) }
        }
        guard index == scalars.count else { throw .malformed(text) }
        if fractionDigits.count > minorUnitDigits {
            guard fractionDigits[minorUnitDigits...].allSatisfy({ $0 == 0 }) else { throw .tooPrecise(text) }
            fractionDigits.removeLast(fractionDigits.count - minorUnitDigits)
        }
        while fractionDigits.count < minorUnitDigits { fractionDigits.append(0) }

        var value: Int64 = 0
        for digit in integerDigits + fractionDigits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { throw .tooLarge(text) }
            value = sum
        }
        guard value <= Money.maximumAmount else { throw .tooLarge(text) }
        return value
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
