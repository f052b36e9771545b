import Domain

/// Parsing of the `adults`, `children` and `infants` parameters into a `GuestCount`.
///
/// Rules: decimal integers only; `adults` defaults to 1 and must be 1...`maxAdults`;
/// `children` defaults to 0 and must be 0...`maxChildren`; `infants` defaults to 0 and
/// must be 0...`maxInfants` (`GuestParameters`). Absent or empty means the default. Every
/// problem is reported.
enum GuestQuery {
    static let maxAdults = GuestParameters.maxAdults
    static let maxChildren = GuestParameters.maxChildren
    static let maxInfants = GuestParameters.maxInfants

    static func validate(adults: String?, children: String?, infants: String?) throws(StaysError) -> GuestCount {
        var issues: [ParameterIssue] = []
        let guests = parse(adults: adults, children: children, infants: infants, issues: &issues)
        if !issues.isEmpty { throw .invalidParameters(issues) }
        return guests
    }

    /// Appends problems to `issues`; returns the defaults in place of bad values.
    static func parse(adults: String?, children: String?, infants: String?,
                             issues: inout [ParameterIssue]) -> GuestCount {
        GuestCount(
            adults: integer(adults, name: "adults", default: 1, range: 1...maxAdults, issues: &issues),
            children: integer(children, name: "children", default: 0, range: 0...maxChildren, issues: &issues),
            infants: integer(infants, name: "infants", default: 0, range: 0...maxInfants, issues: &issues)
        )
    }

    /// An optional decimal integer parameter within `range`.
    static func integer(_ text: String?, name: String, default defaultValue: Int, range: ClosedRange<Int>,
                               issues: inout [ParameterIssue]) -> Int {
        guard let text, !text.isEmpty else { return defaultValue }
        let bytes = Array(text.utf8)
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.count <= 18,
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int(text) else {
            issues.append(ParameterIssue(name: name, reason: "must be an integer"))
            return defaultValue
        }
        guard range.contains(value) else {
            issues.append(ParameterIssue(name: name, reason: "must be between \(range.lowerBound) and \(range.upperBound)"))
            return defaultValue
        }
        return value
    }

    /// Records an issue when `value` (an integer already read) is outside `range`, with the
    /// reason `integer` gives; nothing for nil.
    static func check(_ value: Int?, name: String, range: ClosedRange<Int>, issues: inout [ParameterIssue]) {
        guard let value, !range.contains(value) else { return }
        issues.append(ParameterIssue(name: name, reason: "must be between \(range.lowerBound) and \(range.upperBound)"))
    }
}
