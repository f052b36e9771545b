/// HTTP dates without Foundation.
public enum HTTPDate {
    /// IMF-fixdate (RFC 9110 §5.6.7), e.g. "Sun, 06 Nov 1994 08:49:37 GMT", computed without
    /// Foundation (proleptic Gregorian calendar, UTC, no leap seconds). Negative inputs give
    /// dates before 1970; years are written with at least four digits.
    public static func imfFixdate(secondsSince1970: Int) -> String {
        let days = floorDiv(secondsSince1970, 86_400)
        let secondsOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        // 1970-01-01 was a Thursday (index 4 with Sunday = 0).
        let weekday = (days % 7 + 7 + 4) % 7

        var out: [UInt8] = []
        out.reserveCapacity(29)
        out.append(contentsOf: weekdays[weekday].utf8)
        out.append(contentsOf: ", ".utf8)
        twoDigits(day, &out)
        out.append(ByteClass.sp)
        out.append(contentsOf: months[month - 1].utf8)
        out.append(ByteClass.sp)
        if year < 0 {
            out.append(UInt8(ascii: "-"))
        }
        let absYear = abs(year)
        if absYear < 1000 { out.append(0x30) }
        if absYear < 100 { out.append(0x30) }
        if absYear < 10 { out.append(0x30) }
        ResponseSerializer.appendDecimal(absYear, to: &out)
        out.append(ByteClass.sp)
        twoDigits(secondsOfDay / 3600, &out)
        out.append(UInt8(ascii: ":"))
        twoDigits(secondsOfDay / 60 % 60, &out)
        out.append(UInt8(ascii: ":"))
        twoDigits(secondsOfDay % 60, &out)
        out.append(contentsOf: " GMT".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func twoDigits(_ value: Int, _ out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value / 10) + 0x30)
        out.append(UInt8(truncatingIfNeeded: value % 10) + 0x30)
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Days since 1970-01-01 to (year, month 1...12, day 1...31), after Howard Hinnant's
    /// `civil_from_days`: eras of 400 years (146097 days) starting on March 1st, so the leap
    /// day is the last day of the shifted year.
    private static func civil(fromDays daysSince1970: Int) -> (Int, Int, Int) {
        let z = daysSince1970 + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097                                       // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // [0, 399]
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365]
        let mp = (5 * dayOfYear + 2) / 153                                     // [0, 11], March = 0
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
