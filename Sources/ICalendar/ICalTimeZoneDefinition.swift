import Domain

/// A `VTIMEZONE` a feed defines (RFC 5545 3.6.5), read for what real feeds put in it.
///
/// Supported: `STANDARD` and `DAYLIGHT` observances, each with `DTSTART` (local, in the
/// offset before the change), `TZOFFSETFROM`, `TZOFFSETTO`, and either no rule (one change
/// at `DTSTART`) or a yearly rule `FREQ=YEARLY;BYMONTH=m;BYDAY=nDD` (n = 1...5 or -1...-5,
/// e.g. `2SU`, `-1SU`; 5 means the last), with `UNTIL` honoured by year. Anything else in
/// a rule (BYMONTHDAY, RDATE, ...) is ignored: that observance then changes only at its
/// `DTSTART`. The offset at an instant is the `TZOFFSETTO` of the latest change at or before
/// it; before the first change, the first observance's `TZOFFSETFROM`.
struct ICalTimeZoneDefinition: Sendable {
    struct Observance: Sendable {
        var start: Int64          // wall seconds of DTSTART
        var offsetFrom: Int
        var offsetTo: Int
        var month: Int?
        var ordinal: Int?
        var weekday: Int?         // 1 = Sunday ... 7 = Saturday
        var untilYear: Int?
    }

    let tzid: String
    let observances: [Observance]

    /// nil when the component has no usable observance.
    init?(_ component: ICalComponent) {
        guard let tzid = component.first("TZID")?.value.trimmingSpaces, !tzid.isEmpty else { return nil }
        var observances: [Observance] = []
        for child in component.children where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            guard let startLine = child.first("DTSTART"), case .dateTime(let start, _)? = ICalTime(startLine),
                  let to = child.first("TZOFFSETTO").flatMap({ Self.offset($0.value) }) else { continue }
            let from = child.first("TZOFFSETFROM").flatMap { Self.offset($0.value) } ?? to
            var observance = Observance(start: start, offsetFrom: from, offsetTo: to)
            if let rule = child.first("RRULE") {
                let parts = ICalRecurrenceRule.parts(rule.value)
                if parts["FREQ"] == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }), (1...12).contains(month),
                   let byDay = parts["BYDAY"], let (ordinal, weekday) = ICalRecurrenceRule.ordinalWeekday(byDay),
                   ordinal != 0, (-5...5).contains(ordinal) {
                    observance.month = month
                    observance.ordinal = ordinal
                    observance.weekday = weekday
                    if let until = parts["UNTIL"].flatMap({ ICalTime(text: $0, tzid: nil) }) {
                        observance.untilYear = until.date.year
                    }
                }
            }
            observances.append(observance)
        }
        guard !observances.isEmpty else { return nil }
        self.tzid = tzid
        self.observances = observances.sorted { $0.start < $1.start }
    }

    func offset(atUTC utc: Int64) -> Int {
        let year = CalendarDate(daysSinceEpoch: Int(utc.floorDivided(by: 86_400))).year
        var best: (at: Int64, offset: Int)? = nil
        for observance in observances {
            for change in changes(observance, around: year) {
                let at = change - Int64(observance.offsetFrom)
                if at <= utc, best.map({ at > $0.at }) ?? true { best = (at, observance.offsetTo) }
            }
        }
        return best?.offset ?? observances[0].offsetFrom
    }

    /// The wall times at which `observance` begins, in years `year - 1 ... year + 1`.
    private func changes(_ observance: Observance, around year: Int) -> [Int64] {
        guard let month = observance.month, let ordinal = observance.ordinal, let weekday = observance.weekday else {
            return [observance.start]
        }
        let timeOfDay = observance.start - observance.start.floorDivided(by: 86_400) * 86_400
        var result: [Int64] = []
        for candidate in (year - 1)...(year + 1) where (1...9999).contains(candidate) {
            if let until = observance.untilYear, candidate > until { continue }
            let day = Self.day(ordinal: ordinal, weekday: weekday, month: month, year: candidate)
            let wall = Int64(day.daysSinceEpoch) * 86_400 + timeOfDay
            if wall >= observance.start { result.append(wall) }
        }
        return result
    }

    /// The `ordinal`th `weekday` of the month (negative counts from the end; past the
    /// month's end means the last such weekday).
    static func day(ordinal: Int, weekday: Int, month: Int, year: Int) -> CalendarDate {
        let first = CalendarDate(year: year, month: month, day: 1)!
        let last = CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))!
        if ordinal > 0 {
            let firstMatch = first.adding(days: (weekday - first.weekday + 7) % 7)
            var day = firstMatch.adding(days: 7 * (ordinal - 1))
            while day > last { day = day.adding(days: -7) }
            return day
        }
        let lastMatch = last.adding(days: -((last.weekday - weekday + 7) % 7))
        var day = lastMatch.adding(days: -7 * (-ordinal - 1))
        while day < first { day = day.adding(days: 7) }
        return day
    }

    /// `+HHMM`, `-HHMM` or `+HHMMSS` as seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.trimmingSpaces.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = bytes.dropFirst().map { Int($0 - 0x30) }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        let seconds = digits.count == 6 ? digits[4] * 10 + digits[5] : 0
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        let value = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -value : value
    }
}
