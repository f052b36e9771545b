import Domain

/// A DATE or DATE-TIME value as a feed wrote it (RFC 5545 3.3.4, 3.3.5).
///
/// A date-time keeps its wall-clock reading (`wall`: seconds since 1970-01-01 00:00 on
/// that zone's clock) and says which clock: UTC (`Z` suffix), a `TZID`, or floating (no
/// zone: read as the listing's local time). Seconds are 0...60 (a leap second reads as 59).
enum ICalTime: Sendable, Equatable {
    case date(CalendarDate)
    case dateTime(wall: Int64, zone: Zone)

    enum Zone: Sendable, Equatable {
        case utc
        case floating
        case named(String)
    }

    /// The value of a DTSTART/DTEND/EXDATE/RECURRENCE-ID line (the first, for a list).
    /// A bare 8-digit value is a date even without `VALUE=DATE` (feeds omit it).
    init?(_ line: ICalContentLine) {
        guard let first = ICalTime.list(line).first else { return nil }
        self = first
    }

    /// Every value of a comma-separated list; nil entries (unreadable) make it nil.
    static func list(_ line: ICalContentLine) -> [ICalTime] {
        let tzid = line.parameter("TZID")
        var values: [ICalTime] = []
        for piece in line.value.split(separator: ",") {
            guard let value = ICalTime(text: piece.trimmingSpaces, tzid: tzid) else { return [] }
            values.append(value)
        }
        return values
    }

    init?(text: String, tzid: String?) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        if bytes.count == 8 {
            self = .date(date)
            return
        }
        guard bytes.count == 15 || (bytes.count == 16 && (bytes[15] == UInt8(ascii: "Z") || bytes[15] == UInt8(ascii: "z"))),
              bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        if bytes.count == 16 {
            self = .dateTime(wall: wall, zone: .utc)
        } else if let tzid, !tzid.isEmpty {
            self = .dateTime(wall: wall, zone: .named(tzid))
        } else {
            self = .dateTime(wall: wall, zone: .floating)
        }
    }

    var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The calendar date of the reading (for a date-time, on its own clock).
    var date: CalendarDate {
        switch self {
        case .date(let date): date
        case .dateTime(let wall, _): CalendarDate(daysSinceEpoch: Int(wall.floorDivided(by: 86_400)))
        }
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
