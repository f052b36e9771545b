import Foundation
import Testing

/// `stays import` as an operator runs it: it says what it kept, changed and skipped, by
/// reason, and fails (non-zero exit) only when nothing could be imported.
@Suite struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DataImportTests/Fixtures/empty-prices").standardized

    /// Runs `stays import` on a fresh database; returns its exit status and its output.
    func runImport(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = DurabilityTests.executable
        process.arguments = ["import", "--database", directory.appendingPathComponent("stays.sqlite").path,
                             "--currency", "SGD", "--time-zone", "Asia/Singapore", "--city", "Singapore"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func reportsKeptChangedAndSkippedByReason() throws {
        let (status, output) = try runImport(["--listings", Self.fixtures.appendingPathComponent("listings.csv").path,
                                              "--calendar", Self.fixtures.appendingPathComponent("calendar.csv").path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("kept 5 listings (3 priced from their calendar)"), "\(output)")
        #expect(output.contains("changed 3 listing values:\n  3 price empty: the lower median of its calendar's prices"),
                "\(output)")
        #expect(output.contains("skipped 2 listings:\n  2 no price"), "\(output)")
        #expect(output.contains("skipped 10 calendar rows:\n  10 unknown listing id 747816"), "\(output)")
    }

    @Test func failsOnlyWhenNothingCouldBeImported() throws {
        // Without the calendar only the two listings with a price are kept: still a success.
        let some = try runImport(["--listings", Self.fixtures.appendingPathComponent("listings.csv").path])
        #expect(some.status == 0, "\(some.output)")
        #expect(some.output.contains("kept 2 listings"), "\(some.output)")
        // A file whose every listing lacks a price: nothing imported, a failure.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stays-unpriced-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: path) }
        let lines = try String(contentsOf: Self.fixtures.appendingPathComponent("listings.csv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true)
        let unpriced = [lines[0]] + lines.filter { $0.hasPrefix("275343,") || $0.hasPrefix("696136,") }
        try (unpriced.joined(separator: "\n") + "\n").write(to: path, atomically: true, encoding: .utf8)
        let none = try runImport(["--listings", path.path])
        #expect(none.status != 0, "\(none.output)")
        #expect(none.output.contains("nothing imported: kept 0 listings"), "\(none.output)")
        #expect(none.output.contains("skipped 2 listings:\n  2 no price"), "\(none.output)")
    }
}
