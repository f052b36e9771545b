/// A DURATION value (RFC 5545 3.3.6): `[+|-]P` then weeks (`nW`), or days (`nD`) and/or a
/// time part (`T` with `nH`, `nM`, `nS`), read as a signed number of seconds (a day is
/// 86,400 s: for an all-day event, whole days). Each number is at most 9 digits.
enum ICalDuration {
    static func seconds(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)[...]
        var sign: Int64 = 1
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            if first == UInt8(ascii: "-") { sign = -1 }
            bytes = bytes.dropFirst()
        }
        guard bytes.first == UInt8(ascii: "P") else { return nil }
        bytes = bytes.dropFirst()
        var total: Int64 = 0
        var inTime = false
        var number: Int64? = nil
        var digits = 0
        var sawUnit = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                digits += 1
                guard digits <= 9 else { return nil }
                number = (number ?? 0) * 10 + Int64(byte - 0x30)
            case UInt8(ascii: "T"):
                guard !inTime, number == nil else { return nil }
                inTime = true
            default:
                guard let value = number else { return nil }
                let unit: Int64
                switch (byte, inTime) {
                case (UInt8(ascii: "W"), false): unit = 604_800
                case (UInt8(ascii: "D"), false): unit = 86_400
                case (UInt8(ascii: "H"), true): unit = 3600
                case (UInt8(ascii: "M"), true): unit = 60
                case (UInt8(ascii: "S"), true): unit = 1
                default: return nil
                }
                total += value * unit
                number = nil
                digits = 0
                sawUnit = true
            }
        }
        guard number == nil, sawUnit else { return nil }
        return sign * total
    }
}
