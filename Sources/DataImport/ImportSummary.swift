/// One rejected row: which file, the line where the record starts, and why.
public struct ImportIssue: Hashable, Sendable, CustomStringConvertible {
    public enum File: String, Sendable {
        case listings, calendar, reviews
    }
    public var file: File
    public var line: Int
    public var reason: String
    /// The name of the file read (`listings.csv.gz`, `Singapore-listings.csv`); nil: the
    /// file's usual name.
    public var fileName: String?
    public init(file: File, line: Int, reason: String, fileName: String? = nil) {
        self.file = file
        self.line = line
        self.reason = reason
        self.fileName = fileName
    }

    /// The reason without the offending value ("invalid price: ..." -> "invalid price"), for counting.
    public var kind: String {
        String(reason.prefix(while: { $0 != "'" && $0 != ":" })).trimmingSpaces
    }

    public var description: String { "\(fileName ?? "\(file.rawValue).csv") line \(line): \(reason)" }
}

/// Events an import or a seed reports while it runs.
public enum ProgressEvent: Sendable {
    /// A phase begins; `total` and the `advanced` values count `unit`s (bytes or listings).
    case phaseStarted(name: String, total: Int?, unit: ProgressUnit = .none)
    /// Work done so far in the current phase.
    case advanced(completed: Int)
    /// A row was skipped.
    case issue(ImportIssue)
}

/// What an import did.
public struct ImportSummary: Sendable {
    public var format: InsideAirbnbFormat
    public var locationsSaved = 0
    public var listingsImported = 0
    public var listingsSkipped = 0
    /// Imported listings whose empty `price` was taken from their calendar (counted in
    /// `listingsImported` too).
    public var listingsPricedFromCalendar = 0
    /// Calendar rows that were valid (whether or not they differ from the listing's defaults).
    public var calendarRowsApplied = 0
    public var calendarRowsSkipped = 0
    /// Calendar entries stored: the applied rows that differ from the listing's defaults.
    public var calendarEntriesWritten = 0
    /// Review texts stored from `reviews.csv` (`ImportOptions.reviewsFile`).
    public var reviewsImported = 0
    /// Days every calendar date was moved by (`shiftDatesTo`); 0 without a shift.
    public var dateShiftDays = 0
    /// The first `maxStoredIssues` issues (every issue is also sent as a progress event).
    public var issues: [ImportIssue] = []
    /// Skipped calendar rows by reason kind.
    public var calendarSkipReasons: [String: Int] = [:]
    /// Skipped listings by reason kind.
    public var listingSkipReasons: [String: Int] = [:]
    /// Imported listings whose values differ from what the file says, by what was changed
    /// (a listing may count under several).
    public var listingChanges: [String: Int] = [:]

    static let priceFromCalendar = "price empty: the lower median of its calendar's prices"
    static let maxNightsRaised = "maximum_nights below minimum_nights: raised to it"

    /// Whether anything was imported: an import that kept no listing failed (`stays import`
    /// then exits non-zero); one that kept some but skipped others succeeded.
    public var importedAnything: Bool { listingsImported > 0 }

    /// What the import kept, changed and skipped, each change and skip counted by reason,
    /// one item a line; the last line is the headline.
    public var report: String {
        var lines: [String] = []
        func section(_ title: String, _ counts: [String: Int]) {
            guard !counts.isEmpty else { return }
            lines.append(title)
            for (reason, count) in counts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                lines.append("  \(count) \(reason)")
            }
        }
        section("changed \(listingChanges.values.reduce(0, +)) listing values:", listingChanges)
        section("skipped \(listingsSkipped) listings:", listingSkipReasons)
        section("skipped \(calendarRowsSkipped) calendar rows:", calendarSkipReasons)
        var headline = "kept \(listingsImported) listings (\(listingsPricedFromCalendar) priced from their calendar), "
            + "\(locationsSaved) locations, \(calendarRowsApplied) calendar rows "
            + "(\(calendarEntriesWritten) stored as exceptions); skipped \(listingsSkipped) listings, "
            + "\(calendarRowsSkipped) calendar rows"
        if reviewsImported > 0 { headline += "; \(reviewsImported) review texts" }
        if dateShiftDays != 0 { headline += "; dates shifted by \(dateShiftDays) days" }
        if !importedAnything { headline = "nothing imported: " + headline }
        lines.append(headline)
        return lines.joined(separator: "\n")
    }

    public static let maxStoredIssues = 1000

    public init(format: InsideAirbnbFormat) {
        self.format = format
    }
}

/// What a phase's progress counts, so that a report can say it ("1.2 MiB/4.5 MiB", "300/3000 listings").
public enum ProgressUnit: Sendable, Equatable {
    case none
    /// Bytes of the input file read: shown as sizes.
    case bytes
    /// Things counted one by one, named in the plural ("listings").
    case items(String)
}
