import Domain

/// Turns the `VEVENT`s of parsed calendars into blocked nights (the rules are on
/// `ICalImport`). One reader per feed: it holds the feed's time zones, the recurrence
/// budget and the warnings. Not `Sendable`: made, used and dropped inside one `read`.
final class ICalEventReader {
    private let settings: ICalImport
    private let calendars: [ICalComponent]
    private let listingZone: ICalZone
    private var zones: ICalTimeZones
    private var warnings: [ICalWarning] = []
    private var warningsDropped = 0
    private var recurrenceBudget: Int
    private var unknownZonesWarned: Set<String> = []
    /// Blocked flags for the window's nights, indexed from `today`.
    private var blocked: [Bool]

    init(import settings: ICalImport, calendars: [ICalComponent]) {
        self.settings = settings
        self.calendars = calendars
        self.listingZone = ICalZone.listing(settings.timeZone)
        var definitions: [ICalTimeZoneDefinition] = []
        for calendar in calendars {
            for child in calendar.children where child.name == "VTIMEZONE" {
                if let definition = ICalTimeZoneDefinition(child) { definitions.append(definition) }
            }
        }
        self.zones = ICalTimeZones(definitions: definitions)
        self.recurrenceBudget = settings.limits.maxRecurrenceSteps
        self.blocked = Array(repeating: false, count: max(0, settings.today.days(until: settings.windowEnd)))
    }

    func warn(_ warning: ICalWarning) {
        if warnings.count < settings.limits.maxWarnings { warnings.append(warning) } else { warningsDropped += 1 }
    }

    func readAll() -> ICalImportResult {
        let events = calendars.flatMap { $0.children.filter { $0.name == "VEVENT" } }
        // Occurrences replaced by an override (an event with RECURRENCE-ID), by UID.
        var overridden: [String: [ICalTime]] = [:]
        for event in events {
            guard let uid = event.first("UID")?.value, let line = event.first("RECURRENCE-ID"),
                  let time = ICalTime(line) else { continue }
            overridden[uid, default: []].append(time)
        }
        var results: [ICalImportResult.Event] = []
        for event in events {
            let runs = nights(of: event, overridden: overridden)
            if !runs.isEmpty {
                results.append(ICalImportResult.Event(
                    uid: event.first("UID")?.value, summary: event.first("SUMMARY").map { ICalValue.unescapedText($0.value) },
                    line: event.lineNumber, nights: runs))
            }
        }
        var nights: [CalendarDate] = []
        for (offset, isBlocked) in blocked.enumerated() where isBlocked { nights.append(settings.today.adding(days: offset)) }
        return ICalImportResult(nights: nights, events: results, warnings: warnings, warningsDropped: warningsDropped,
                                eventCount: events.count)
    }

    /// The runs of window nights `event` blocks (and marks them in `blocked`).
    private func nights(of event: ICalComponent, overridden: [String: [ICalTime]]) -> [Range<CalendarDate>] {
        if event.first("STATUS")?.value.trimmingSpaces.uppercased() == "CANCELLED" { return [] }
        guard let startLine = event.first("DTSTART") else {
            warn(ICalWarning(line: event.lineNumber, kind: .eventSkipped, message: "event without DTSTART"))
            return []
        }
        guard let start = ICalTime(startLine) else {
            warn(ICalWarning(line: startLine.lineNumber, kind: .eventSkipped, message: "unreadable DTSTART \(startLine.value.prefix(40))"))
            return []
        }
        let startWall = listingWall(start, line: startLine.lineNumber)
        // The length, in the listing's wall seconds.
        let length: Int64
        if let endLine = event.first("DTEND") {
            guard let end = ICalTime(endLine) else {
                warn(ICalWarning(line: endLine.lineNumber, kind: .eventSkipped, message: "unreadable DTEND \(endLine.value.prefix(40))"))
                return []
            }
            length = listingWall(end, line: endLine.lineNumber) - startWall
        } else if let durationLine = event.first("DURATION") {
            guard let seconds = ICalDuration.seconds(durationLine.value.trimmingSpaces) else {
                warn(ICalWarning(line: durationLine.lineNumber, kind: .eventSkipped, message: "unreadable DURATION \(durationLine.value.prefix(40))"))
                return []
            }
            length = start.isDate ? (seconds <= 0 ? seconds : (seconds + 86_399) / 86_400 * 86_400) : seconds
        } else {
            length = start.isDate ? 86_400 : 0
        }
        guard length > 0 else { return [] }

        var starts = [startWall]
        if let ruleLine = event.first("RRULE") {
            starts = occurrences(of: start, length: length, rule: ruleLine, event: event, overridden: overridden)
        } else if let uid = event.first("UID")?.value, event.first("RECURRENCE-ID") == nil,
                  let replaced = overridden[uid], replaced.contains(where: { matches($0, start, startWall) }) {
            starts = []
        }
        if event.first("RDATE") != nil {
            warn(ICalWarning(line: event.first("RDATE")!.lineNumber, kind: .valueIgnored, message: "RDATE is not read"))
        }
        var marked: [Bool] = Array(repeating: false, count: blocked.count)
        var any = false
        for occurrenceStart in starts {
            let first = Int(occurrenceStart.floorDivided(by: 86_400)) - settings.today.daysSinceEpoch
            let endDay = Int((occurrenceStart + length + 86_399).floorDivided(by: 86_400)) - settings.today.daysSinceEpoch
            let lower = max(0, first)
            let upper = min(blocked.count, endDay)
            guard lower < upper else { continue }
            for index in lower..<upper {
                marked[index] = true
                blocked[index] = true
            }
            any = true
        }
        guard any else { return [] }
        var runs: [Range<CalendarDate>] = []
        var index = 0
        while index < marked.count {
            guard marked[index] else { index += 1; continue }
            var end = index
            while end < marked.count, marked[end] { end += 1 }
            runs.append(settings.today.adding(days: index)..<settings.today.adding(days: end))
            index = end
        }
        return runs
    }

    /// The listing-wall starts of each occurrence of a recurring event.
    private func occurrences(of start: ICalTime, length: Int64, rule ruleLine: ICalContentLine,
                                      event: ICalComponent, overridden: [String: [ICalTime]]) -> [Int64] {
        let startWall = listingWall(start, line: ruleLine.lineNumber)
        let rule: ICalRecurrenceRule
        do {
            rule = try ICalRecurrenceRule(ruleLine.value)
        } catch {
            if case .unsupported(let reason) = error {
                warn(ICalWarning(line: ruleLine.lineNumber, kind: .recurrenceNotExpanded,
                                 message: "RRULE \(reason): only the first occurrence blocks"))
            }
            return [startWall]
        }
        if event.all("RRULE").count > 1 {
            warn(ICalWarning(line: event.all("RRULE")[1].lineNumber, kind: .recurrenceNotExpanded,
                             message: "only the first RRULE is expanded"))
        }
        var excluded: [ICalTime] = []
        for line in event.all("EXDATE") {
            let values = ICalTime.list(line)
            if values.isEmpty {
                warn(ICalWarning(line: line.lineNumber, kind: .valueIgnored, message: "unreadable EXDATE \(line.value.prefix(40))"))
            }
            excluded += values
        }
        if let uid = event.first("UID")?.value, let replaced = overridden[uid] { excluded += replaced }
        let excludedWalls = Set(excluded.map { listingWall($0, line: ruleLine.lineNumber) })
        let excludedDates = Set(excluded.filter(\.isDate).map(\.date))

        // Occurrences repeat on DTSTART's own clock: same time of day, other dates.
        let untilWall = rule.until.map { listingWall($0, line: ruleLine.lineNumber) }
        let lengthDays = Int(length / 86_400) + 2
        var budget = recurrenceBudget
        let (dates, exhausted) = rule.dates(
            from: start.date, through: settings.windowEnd.adding(days: 1),
            skipBefore: settings.today.adding(days: -lengthDays),
            allowed: { date in
                guard let until = rule.until else { return true }
                if case .date(let untilDate) = until { return date <= untilDate }
                return listingWallOf(start, on: date) <= untilWall!
            },
            budget: &budget)
        recurrenceBudget = max(0, budget)
        if exhausted {
            warn(ICalWarning(line: ruleLine.lineNumber, kind: .recurrenceNotExpanded,
                             message: "recurrence limit reached: later occurrences do not block"))
        }
        var starts: [Int64] = []
        for date in dates {
            let wall = listingWallOf(start, on: date)
            if excludedDates.contains(date) || excludedWalls.contains(wall) { continue }
            starts.append(wall)
        }
        return starts
    }

    /// Whether `time` (an EXDATE or RECURRENCE-ID) names the occurrence starting at `start`.
    private func matches(_ time: ICalTime, _ start: ICalTime, _ startWall: Int64) -> Bool {
        if time.isDate { return time.date == start.date }
        return listingWall(time, line: 0) == startWall
    }

    /// `time` moved to `date`, keeping its clock and time of day, in listing-wall seconds.
    private func listingWallOf(_ time: ICalTime, on date: CalendarDate) -> Int64 {
        switch time {
        case .date:
            return Int64(date.daysSinceEpoch) * 86_400
        case .dateTime(let wall, let zone):
            let timeOfDay = wall - wall.floorDivided(by: 86_400) * 86_400
            let moved = ICalTime.dateTime(wall: Int64(date.daysSinceEpoch) * 86_400 + timeOfDay, zone: zone)
            return listingWall(moved, line: 0)
        }
    }

    /// `time` as seconds on the listing's wall clock.
    private func listingWall(_ time: ICalTime, line: Int) -> Int64 {
        switch time {
        case .date(let date):
            return Int64(date.daysSinceEpoch) * 86_400
        case .dateTime(let wall, .floating):
            return wall
        case .dateTime(let wall, .utc):
            return listingZone.wall(fromUTC: wall)
        case .dateTime(let wall, .named(let tzid)):
            guard let zone = zones.zone(tzid) else {
                if line > 0, unknownZonesWarned.count < 100, unknownZonesWarned.insert(tzid).inserted {
                    warn(ICalWarning(line: line, kind: .unknownTimeZone,
                                     message: "unknown TZID \(tzid.prefix(60)): read in the listing's time zone"))
                }
                return wall
            }
            return listingZone.wall(fromUTC: zone.utc(fromWall: wall))
        }
    }
}
