import Domain

extension OptionSpec {
    /// `--today YYYY-MM-DD` (`STAYS_TODAY`): a fixed "today", for `serve` and the benchmarks.
    public static let today = OptionSpec.value("today", "YYYY-MM-DD", env: "STAYS_TODAY",
                                               "a fixed 'today' for reproducible demos and tests")
        .defaulting(to: "the real date")
}

extension ParsedOptions {
    /// The fixed date of `--today`, or the system clock read at every request.
    public func dateProvider() throws -> any DateProvider {
        guard let raw = string("today") else { return SystemDateProvider() }
        guard let date = CalendarDate(raw) else { throw invalid("today", raw, "expected a real date as YYYY-MM-DD") }
        return FixedDateProvider(date)
    }
}
