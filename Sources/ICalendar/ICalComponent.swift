/// A component (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, `STANDARD`, ...) with its properties
/// and sub-components, built from content lines by matching `BEGIN`/`END`.
///
/// Promises: names are upper-case; properties keep feed order; nesting is at most
/// `ICalLimits.maxDepth`; an unterminated component or a stray `END` is an error (a
/// truncated feed must not read as a calendar with fewer events).
struct ICalComponent: Sendable {
    let name: String
    let lineNumber: Int
    var properties: [ICalContentLine] = []
    var children: [ICalComponent] = []

    func first(_ property: String) -> ICalContentLine? { properties.first { $0.name == property } }
    func all(_ property: String) -> [ICalContentLine] { properties.filter { $0.name == property } }

    /// The `VCALENDAR`s in `lines` (lines outside any component are ignored).
    static func calendars(from lines: [ICalContentLine], limits: ICalLimits) throws(ICalParseError) -> [ICalComponent] {
        var stack: [ICalComponent] = []
        var calendars: [ICalComponent] = []
        var events = 0
        for line in lines {
            switch line.name {
            case "BEGIN":
                let name = line.value.trimmingSpaces.uppercased()
                guard stack.count < limits.maxDepth else { throw .nestedTooDeeply(line: line.lineNumber) }
                if name == "VEVENT" {
                    events += 1
                    guard events <= limits.maxEvents else { throw .tooManyEvents(limit: limits.maxEvents) }
                }
                if stack.isEmpty, name != "VCALENDAR" { continue }
                stack.append(ICalComponent(name: name, lineNumber: line.lineNumber))
            case "END":
                let name = line.value.trimmingSpaces.uppercased()
                guard let open = stack.last else {
                    if name == "VCALENDAR" { throw .unexpectedEnd(component: name, line: line.lineNumber) }
                    continue  // the END of a component begun outside a calendar
                }
                guard open.name == name else {
                    if stack.contains(where: { $0.name == name }) {
                        throw .unterminated(component: open.name, line: open.lineNumber)
                    }
                    throw .unexpectedEnd(component: name, line: line.lineNumber)
                }
                let done = stack.removeLast()
                if stack.isEmpty {
                    calendars.append(done)
                } else {
                    stack[stack.count - 1].children.append(done)
                }
            default:
                if !stack.isEmpty { stack[stack.count - 1].properties.append(line) }
            }
        }
        if let open = stack.first { throw .unterminated(component: open.name, line: open.lineNumber) }
        guard !calendars.isEmpty else { throw .notACalendar }
        return calendars
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
