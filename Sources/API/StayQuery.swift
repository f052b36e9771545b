import Domain

/// Parsing of the `checkin` / `checkout` parameters (query or body) into a `Stay`.
///
/// Rules: both or neither (an empty value counts as absent); each exactly `YYYY-MM-DD`
/// naming a real date (`2026-02-30` is rejected); checkin not before today; checkout after
/// checkin; at most `StayParameters.maxNights` (365) nights. Every problem is reported, each
/// naming its parameter.
enum StayQuery {
    static let maxNights = StayParameters.maxNights

    /// Throws `.invalidParameters` with every issue; nil when both are absent.
    static func validate(checkin: String?, checkout: String?, today: CalendarDate?) throws(StaysError) -> Stay? {
        var issues: [ParameterIssue] = []
        let stay = parse(checkin: checkin, checkout: checkout, today: today, issues: &issues)
        if !issues.isEmpty { throw .invalidParameters(issues) }
        return stay
    }

    /// Appends problems to `issues` instead of throwing, so callers can collect the issues
    /// of every parameter of a request before failing. Pass `today: nil` to skip the
    /// "not in the past" check (e.g. when today depends on a listing's time zone).
    static func parse(checkin: String?, checkout: String?, today: CalendarDate?,
                             issues: inout [ParameterIssue]) -> Stay? {
        let checkinText = checkin.flatMap { $0.isEmpty ? nil : $0 }
        let checkoutText = checkout.flatMap { $0.isEmpty ? nil : $0 }
        switch (checkinText, checkoutText) {
        case (nil, nil):
            return nil
        case (let text?, nil):
            _ = date(text, name: "checkin", issues: &issues)
            issues.append(ParameterIssue(name: "checkout", reason: "is required when checkin is given"))
            return nil
        case (nil, let text?):
            issues.append(ParameterIssue(name: "checkin", reason: "is required when checkout is given"))
            _ = date(text, name: "checkout", issues: &issues)
            return nil
        case (let inText?, let outText?):
            let start = date(inText, name: "checkin", issues: &issues)
            let end = date(outText, name: "checkout", issues: &issues)
            guard let start, let end else { return nil }
            var valid = true
            if let today, start < today {
                issues.append(ParameterIssue(name: "checkin", reason: "must not be before today (\(today))"))
                valid = false
            }
            if end <= start {
                issues.append(ParameterIssue(name: "checkout", reason: "must be after checkin"))
                return nil
            }
            if start.days(until: end) > maxNights {
                issues.append(ParameterIssue(name: "checkout", reason: "must be at most \(maxNights) nights after checkin"))
                valid = false
            }
            return valid ? Stay(checkin: start, checkout: end) : nil
        }
    }

    /// Parses one date parameter, recording an issue when it is not a real `YYYY-MM-DD` date.
    static func date(_ text: String, name: String, issues: inout [ParameterIssue]) -> CalendarDate? {
        if let date = CalendarDate(text) { return date }
        issues.append(ParameterIssue(name: name, reason: "must be a real date in YYYY-MM-DD format"))
        return nil
    }
}
