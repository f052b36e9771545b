/// Bounds on what one feed may cost to read, so that a hostile feed cannot use unbounded
/// memory or time. Each limit's unit and default are in its comment.
public struct ICalLimits: Sendable {
    /// Bytes of input; more is `ICalParseError.tooLarge`. Default 8 MiB (the fetch stops at 5 MB).
    public var maxInputBytes: Int = 8 * 1024 * 1024
    /// Bytes of one unfolded content line; a longer line is skipped with a warning. Default 64 KiB.
    public var maxLineBytes: Int = 65_536
    /// Content lines the import keeps (BEGIN, END and the properties it reads, see
    /// `ICalLineReader.kept`); more is `ICalParseError.tooManyLines`. Default 400,000 (a
    /// feed of 10,000 events needs about 100,000).
    public var maxContentLines: Int = 400_000
    /// `VEVENT`s in a feed; more is `ICalParseError.tooManyEvents`. Default 10,000.
    public var maxEvents: Int = 10_000
    /// Component nesting depth; deeper is `ICalParseError.nestedTooDeeply`. Default 8.
    public var maxDepth: Int = 8
    /// Recurrence steps over the whole feed (occurrences generated, in or before the
    /// window); past it, remaining rules keep only their first occurrence, with a warning.
    /// Default 1,000,000.
    public var maxRecurrenceSteps: Int = 1_000_000
    /// Warnings kept (the rest are counted in `ICalImport.Result.warningsDropped`). Default 200.
    public var maxWarnings: Int = 200

    public init() {}
}
