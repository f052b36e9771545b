import Foundation

/// Shows the progress of a long `seed` or `import` on standard error.
///
/// On a terminal it redraws one line, `\r[#####     ] 45% 450000/1000000 12.3s`, at most
/// every 0.1 s; otherwise (a log file, CI) it prints a plain line at every 10% step or every
/// 10 seconds. `finish` prints a final line with counts, elapsed time and, given a path, the
/// database file size. Issues are printed as they come, one line each, up to `maxIssueLines`.
///
/// Not thread-safe: call it from the thread doing the work.
public final class ProgressReporter {
    private let isTerminal: Bool
    private let write: (String) -> Void
    private let clock: () -> Double
    private let start: Double
    private var phase = ""
    private var total: Int?
    private var unit = ProgressUnit.none
    private var lastDraw = -Double.infinity
    private var lastStep = -1
    private var lineOpen = false
    private var issuesPrinted = 0
    public var maxIssueLines = 20

    /// - Parameters:
    ///   - isTerminal: draw a bar; default: whether standard error is a terminal.
    ///   - write: where text goes; default: standard error.
    ///   - clock: seconds from any fixed origin; default: the monotonic clock.
    public init(isTerminal: Bool = isatty(STDERR_FILENO) != 0,
                write: @escaping (String) -> Void = { StandardError.write($0) },
                clock: @escaping () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.isTerminal = isTerminal
        self.write = write
        self.clock = clock
        self.start = clock()
    }

    public var elapsed: Double { clock() - start }

    public func handle(_ event: ProgressEvent) {
        switch event {
        case .phaseStarted(let name, let total, let unit):
            closeLine()
            phase = name
            self.total = total
            self.unit = unit
            lastStep = -1
            lastDraw = -Double.infinity
            if !isTerminal { write("\(name)...\n") }
        case .advanced(let completed):
            update(completed: completed)
        case .issue(let issue):
            issuesPrinted += 1
            if issuesPrinted <= maxIssueLines {
                closeLine()
                write("skipped: \(issue)\n")
            } else if issuesPrinted == maxIssueLines + 1 {
                closeLine()
                write("(further skipped rows are counted in the summary)\n")
            }
        }
    }

    public func update(completed: Int) {
        let now = clock()
        let fraction = total.map { $0 > 0 ? min(1, Double(completed) / Double($0)) : 1 }
        if isTerminal {
            guard now - lastDraw >= 0.1 || fraction == 1 else { return }
            lastDraw = now
            write("\r" + Self.bar(phase: phase, completed: completed, total: total, unit: unit, seconds: now - start))
            lineOpen = true
        } else {
            let step = fraction.map { Int($0 * 10) } ?? -1
            guard step > lastStep || now - lastDraw >= 10 else { return }
            lastStep = max(step, lastStep)
            lastDraw = now
            write(Self.bar(phase: phase, completed: completed, total: total, unit: unit, seconds: now - start) + "\n")
        }
    }

    /// `[#####     ] 45% 450000/1000000 listings 12.3s` (without a total: `450000 listings
    /// 12.3s`); bytes as sizes: `[#####     ] 45% 4.5 MiB/10.0 MiB 12.3s`.
    static func bar(phase: String, completed: Int, total: Int?, unit: ProgressUnit = .none, seconds: Double) -> String {
        let time = String(format: "%.1fs", seconds)
        let prefix = phase.isEmpty ? "" : phase + " "
        func counted(_ count: String) -> String {
            switch unit {
            case .none, .bytes: return count
            case .items(let name): return count + " " + name
            }
        }
        func amount(_ value: Int) -> String { unit == .bytes ? formatBytes(value) : String(value) }
        guard let total, total > 0 else { return "\(prefix)\(counted(amount(completed))) \(time)" }
        let fraction = min(1, Double(completed) / Double(total))
        let filled = Int((fraction * 20).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled)
        return "\(prefix)[\(bar)] \(Int((fraction * 100).rounded(.down)))% \(counted(amount(completed) + "/" + amount(total))) \(time)"
    }

    /// Prints the final line: `summary`, the elapsed time and the size of the SQLite database
    /// at `databasePath`: the file and its write-ahead log (`-wal`), which holds every write
    /// not yet checkpointed (a server seeding on first start checkpoints later, so the file
    /// alone said "4.0 KiB" for 22 MB of data).
    public func finish(summary: String, databasePath: String? = nil) {
        closeLine()
        var line = "\(summary) in \(String(format: "%.1f", elapsed))s"
        if let databasePath {
            do {
                line += "; database \(Self.formatBytes(try Self.databaseSize(databasePath)))"
            } catch {
                line += "; database size unknown (\(error.localizedDescription))"
            }
        }
        write(line + "\n")
    }

    /// The database file's size plus its `-wal` file's, when there is one.
    static func databaseSize(_ path: String) throws -> Int {
        let files = FileManager.default
        var size = try files.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        if files.fileExists(atPath: path + "-wal") {
            size += try files.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
        }
        return size
    }

    static func formatBytes(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    private func closeLine() {
        if lineOpen {
            write("\n")
            lineOpen = false
        }
    }
}
