import Domain

/// The part of RRULE (RFC 5545 3.3.10) that is expanded: `FREQ=DAILY` or `FREQ=WEEKLY`,
/// with `INTERVAL` (1...10,000), `COUNT` or `UNTIL`, `BYDAY` (plain weekdays; for DAILY a
/// filter, for WEEKLY the days of each week) and `WKST`. Any other part, or another
/// frequency, makes `init` fail with the reason, and the caller keeps the first occurrence.
///
/// `DTSTART` is always the first occurrence and counts toward `COUNT`, even when it does
/// not match `BYDAY` (RFC 5545 leaves that case undefined; this is what Google Calendar does).
struct ICalRecurrenceRule: Sendable {
    enum Frequency: Sendable { case daily, weekly }

    let frequency: Frequency
    let interval: Int
    let count: Int?
    let until: ICalTime?
    let byDay: [Int]        // 1 = Sunday ... 7 = Saturday
    let weekStart: Int

    enum Failure: Error { case unsupported(String) }

    init(_ text: String) throws(Failure) {
        let parts = Self.parts(text)
        switch parts["FREQ"] {
        case "DAILY": frequency = .daily
        case "WEEKLY": frequency = .weekly
        case let other: throw .unsupported("FREQ=\(other ?? "(none)") is not expanded")
        }
        for name in parts.keys where !["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST"].contains(name) {
            throw .unsupported("\(name) is not expanded")
        }
        if let text = parts["INTERVAL"] {
            guard let value = Int(text), (1...10_000).contains(value) else { throw .unsupported("INTERVAL=\(text)") }
            interval = value
        } else {
            interval = 1
        }
        if let text = parts["COUNT"] {
            guard let value = Int(text), value >= 1 else { throw .unsupported("COUNT=\(text)") }
            count = value
        } else {
            count = nil
        }
        if let text = parts["UNTIL"] {
            guard let value = ICalTime(text: text, tzid: nil) else { throw .unsupported("UNTIL=\(text)") }
            until = value
        } else {
            until = nil
        }
        guard count == nil || until == nil else { throw .unsupported("both COUNT and UNTIL") }
        var days: [Int] = []
        for piece in (parts["BYDAY"] ?? "").split(separator: ",") {
            guard let (ordinal, weekday) = Self.ordinalWeekday(String(piece)), ordinal == 0 else {
                throw .unsupported("BYDAY=\(piece)")
            }
            days.append(weekday)
        }
        byDay = days
        if let text = parts["WKST"] {
            guard let (ordinal, weekday) = Self.ordinalWeekday(text), ordinal == 0 else { throw .unsupported("WKST=\(text)") }
            weekStart = weekday
        } else {
            weekStart = 2
        }
    }

    /// Occurrence dates (on DTSTART's clock) in ascending order, from `start` and through
    /// `last`, that `allowed` (UNTIL) accepts. Whole intervals before `skipBefore` are
    /// jumped over in O(1) (with COUNT, the occurrences jumped over are counted; a DAILY
    /// rule with BYDAY is not jumped when it has a COUNT). Each date considered costs one of
    /// `budget`; at 0 the expansion stops and `exhausted` is true.
    func dates(from start: CalendarDate, through last: CalendarDate, skipBefore: CalendarDate,
               allowed: (CalendarDate) -> Bool, budget: inout Int) -> (dates: [CalendarDate], exhausted: Bool) {
        var dates = [start]
        if let count, count <= 1 { return (dates, false) }
        var emitted = 1
        // Returns false to stop.
        func consider(_ date: CalendarDate) -> Bool? {
            budget -= 1
            if budget < 0 { return nil }
            if date > last || !allowed(date) { return false }
            dates.append(date)
            emitted += 1
            if let count, emitted >= count { return false }
            return true
        }
        switch frequency {
        case .daily:
            var step = 1
            if count == nil || byDay.isEmpty {
                step = max(1, start.days(until: skipBefore) / interval)
                // Steps 1..<step are occurrences (no BYDAY filter when COUNT is set).
                if count != nil { emitted += step - 1 }
                if let count, emitted >= count { return (dates, false) }
            }
            while true {
                let date = start.adding(days: step * interval)
                step += 1
                if !byDay.isEmpty, !byDay.contains(date.weekday), date <= last {
                    budget -= 1
                    if budget < 0 { return (dates, true) }
                    continue
                }
                guard let more = consider(date) else { return (dates, true) }
                if !more { return (dates, false) }
            }
        case .weekly:
            let firstWeek = start.adding(days: -((start.weekday - weekStart + 7) % 7))
            let offsets = Set(byDay.isEmpty ? [start.weekday] : byDay).map { ($0 - weekStart + 7) % 7 }.sorted()
            var period = max(0, firstWeek.days(until: skipBefore) / (7 * interval))
            if count != nil, period > 0 {
                // The first week's occurrences after DTSTART, then every offset of each later one.
                let firstWeekCount = offsets.filter { firstWeek.adding(days: $0) > start }.count
                emitted += firstWeekCount + (period - 1) * offsets.count
                if let count, emitted >= count { return (dates, false) }
            }
            while true {
                let week = firstWeek.adding(days: period * 7 * interval)
                period += 1
                for offset in offsets {
                    let date = week.adding(days: offset)
                    if date <= start { continue }
                    guard let more = consider(date) else { return (dates, true) }
                    if !more { return (dates, false) }
                }
                if week > last { return (dates, false) }
            }
        }
    }

    /// `NAME=VALUE;...` with names upper-cased (the last of a repeated name wins).
    static func parts(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for piece in text.split(separator: ";") {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            result[piece[..<equals].trimmingSpaces.uppercased()] = piece[piece.index(after: equals)...].trimmingSpaces.uppercased()
        }
        return result
    }

    /// `[+|-][n]DD` (DD = SU...SA) as (signed ordinal, 0 when absent; weekday 1 = Sunday).
    static func ordinalWeekday(_ text: String) -> (Int, Int)? {
        let upper = text.trimmingSpaces.uppercased()
        guard upper.count >= 2 else { return nil }
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        guard let weekday = names.firstIndex(of: String(upper.suffix(2))) else { return nil }
        let prefix = upper.dropLast(2)
        if prefix.isEmpty { return (0, weekday + 1) }
        guard prefix.count <= 3, let ordinal = Int(prefix), ordinal != 0 else { return nil }
        return (ordinal, weekday + 1)
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
