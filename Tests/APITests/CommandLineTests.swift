import Foundation
import Testing

/// Runs the built `stays` executable; returns its exit status, standard output and error.
func runStays(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Files rather than pipes: neither stream can fill up and stall the child.
    let outputURL = directory.appendingPathComponent("stdout"), errorURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let process = Process()
    process.executableURL = DurabilityTests.executable
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8),
            try String(contentsOf: errorURL, encoding: .utf8))
}

/// What an operator meets first on the command line.
@Suite struct CommandLineTests {
    /// A database that cannot be opened: `serve` exits non-zero at once, naming the path
    /// and the cause rather than only "SQLite error 14".
    @Test func serveNamesTheDatabasePathAndWhyItCannotBeOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("nope/x.sqlite").path
        let result = try runStays(["serve", "--port", "0", "--no-seed", "--database", missing])
        #expect(result.status == 1, "\(result)")
        #expect(result.error.contains("cannot open database at \(missing): the directory \(directory.path)/nope does not exist"),
                "\(result.error)")

        let isDirectory = try runStays(["serve", "--port", "0", "--no-seed", "--database", directory.path])
        #expect(isDirectory.status == 1, "\(isDirectory)")
        #expect(isDirectory.error.contains("cannot open database at \(directory.path): it is a directory"), "\(isDirectory.error)")
    }
}
