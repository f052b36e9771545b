import Foundation
import Testing
@testable import DataImport

/// Collects output and drives time by hand.
private final class Output {
    var text = ""
    var now = 0.0
}

@Suite struct ProgressReporterTests {
    @Test func barFormat() {
        #expect(ProgressReporter.bar(phase: "", completed: 450_000, total: 1_000_000, seconds: 12.34)
                == "[#########           ] 45% 450000/1000000 12.3s")
        #expect(ProgressReporter.bar(phase: "seed", completed: 7, total: nil, seconds: 1) == "seed 7 1.0s")
        #expect(ProgressReporter.bar(phase: "generating listings", completed: 300, total: 3000, unit: .items("listings"),
                                     seconds: 1) == "generating listings [##                  ] 10% 300/3000 listings 1.0s")
        #expect(ProgressReporter.bar(phase: "checking listings", completed: 3 * 1024 * 1024, total: 12 * 1024 * 1024,
                                     unit: .bytes, seconds: 2) == "checking listings [#####               ] 25% 3.0 MiB/12.0 MiB 2.0s")
        #expect(ProgressReporter.bar(phase: "seed", completed: 7, total: nil, unit: .items("listings"), seconds: 1)
                == "seed 7 listings 1.0s")
        #expect(ProgressReporter.formatBytes(512) == "512 B")
        #expect(ProgressReporter.formatBytes(3 * 1024 * 1024) == "3.0 MiB")
    }

    @Test func plainOutputPrintsEveryTenPercent() {
        let output = Output()
        let reporter = ProgressReporter(isTerminal: false, write: { output.text += $0 }, clock: { output.now })
        reporter.handle(.phaseStarted(name: "listings", total: 1000))
        for done in stride(from: 0, through: 1000, by: 10) {
            output.now += 0.01
            reporter.handle(.advanced(completed: done))
        }
        let lines = output.text.split(separator: "\n")
        #expect(lines.first == "listings...")
        #expect(lines.count == 1 + 11)  // 0%, 10%, ... 100%
        #expect(lines.last?.contains("100% 1000/1000") == true)
    }

    @Test func terminalOutputRedrawsOneLineAndFinishes() {
        let output = Output()
        let reporter = ProgressReporter(isTerminal: true, write: { output.text += $0 }, clock: { output.now })
        reporter.handle(.phaseStarted(name: "", total: 100))
        output.now = 1
        reporter.handle(.advanced(completed: 50))
        output.now = 1.01
        reporter.handle(.advanced(completed: 60))  // throttled
        output.now = 2
        reporter.handle(.advanced(completed: 100))
        reporter.finish(summary: "100 listings")
        #expect(output.text == "\r[##########          ] 50% 50/100 1.0s\r[####################] 100% 100/100 2.0s\n100 listings in 2.0s\n")
    }

    /// A database whose writes are still in the write-ahead log (a server seeding on first
    /// start checkpoints a second later) is reported with them: the file alone is 4 KiB.
    @Test func theDatabaseSizeCountsTheWriteAheadLog() throws {
        let path = try TemporaryFile.write([UInt8](repeating: 0, count: 4096))
        defer { TemporaryFile.remove(path); TemporaryFile.remove(path + "-wal") }
        try Data(count: 3 << 20).write(to: URL(fileURLWithPath: path + "-wal"))
        let output = Output()
        let reporter = ProgressReporter(isTerminal: false, write: { output.text += $0 }, clock: { output.now })
        reporter.finish(summary: "seeded", databasePath: path)
        #expect(output.text == "seeded in 0.0s; database 3.0 MiB\n", "\(output.text)")
    }
}
