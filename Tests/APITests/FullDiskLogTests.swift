import Foundation
import Testing

/// A log line that cannot be written (standard error on a full disk: `/dev/full` answers
/// every write with ENOSPC) is dropped; it never stops the process. Foundation's
/// `FileHandle.write` traps there (exit 132, SIGILL), which is how a server on a full tmpfs died.
@Suite struct FullDiskLogTests {
    func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = DurabilityTests.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/full")
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func anErrorMessageThatCannotBeWrittenIsNotACrash() throws {
        #expect(try run(["serve", "--database", "/nope-\(UUID().uuidString)/x.sqlite", "--port", "0"]) == 1)
    }

    @Test func progressThatCannotBeWrittenIsNotACrash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try run(["seed", "--listings", "3", "--database", directory.appendingPathComponent("s.sqlite").path]) == 0)
    }
}
