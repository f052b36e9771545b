import Application
import Foundation
import Glibc
import TestSupport
import Testing

/// What `stays serve` does at start about a database that is gone or cannot be written:
/// it never seeds into the path of a database that vanished, and never serves a file it
/// cannot write as if it could.
@Suite struct DatabaseStartFaultTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func build(_ path: String, seed: Bool = false) throws -> Application {
        var configuration = ApplicationConfiguration()
        configuration.databasePath = path
        configuration.seedDemoData = seed
        configuration.server.port = 0
        configuration.log = { _ in }
        return try buildApplication(configuration)
    }

    /// Seeding is for a first start only: after the database is deleted, the next start
    /// refuses instead of seeding a fresh demo database where the bookings were.
    @Test func aServerDoesNotStartANewDatabaseWhereOneWasDeleted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stays.sqlite").path
        // A database that exists (here: made by `migrate`), then served once.
        _ = try CatalogDatabase.open(.sqlite(path: path))
        try build(path).shutdown()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }

        let error = #expect(throws: DatabaseGoneError.self) { try build(path, seed: true) }
        #expect(error?.description.contains("refusing to start with a new, empty one") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: path), "no database was created")
        // Deleting the record is how an operator says "start afresh".
        try FileManager.default.removeItem(atPath: try #require(error?.recordPath))
        try build(path).shutdown()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func theContainerSettingSeedsNothingAndDemoIsAnOptIn() throws {
        let none = try runStays(["serve", "--print-config"], environment: ["STAYS_SEED": "none", "PATH": "/usr/bin:/bin"])
        #expect(none.output.contains("seed = none  (environment STAYS_SEED)"), "\(none)")
        let demo = try runStays(["serve", "--print-config"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(demo.output.contains("seed = demo  (default)"), "\(demo)")
        let bad = try runStays(["serve", "--print-config", "--seed", "lots"])
        #expect(bad.status == 2, "\(bad)")
        let dockerfile = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Dockerfile"), encoding: .utf8)
        #expect(dockerfile.contains("STAYS_SEED=none"))
    }

    /// A file its user may not write (here: mode 444, served as `nobody`): SQLite would open it
    /// read-only without a word and every write would answer 500. `stays serve` refuses to
    /// start and says why.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run the server as another user"))
    func aReadOnlyDatabaseFileIsRefusedAtStart() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stays.sqlite").path
        _ = try CatalogDatabase.open(.sqlite(path: path))
        for file in [directory.path, path] + ["-wal", "-shm"].map({ path + $0 }) where FileManager.default.fileExists(atPath: file) {
            #expect(chown(file, 65534, 65534) == 0)
        }
        #expect(chmod(path, 0o444) == 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", DurabilityTests.executable.path,
                             "serve", "--database", path, "--port", "0", "--no-seed", "--quiet"]
        let errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // Before: it served. Bounded: a server that starts is stopped and the test fails.
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning && ContinuousClock.now < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationStatus == 1, "\(message)")
        #expect(message.contains("cannot open database at \(path): the file is read-only"), "\(message)")

        // On purpose: `--read-only` serves it.
        let readOnly = Process()
        readOnly.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        readOnly.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", DurabilityTests.executable.path,
                              "serve", "--database", path, "--port", "0", "--no-seed", "--quiet", "--read-only"]
        let pipe = Pipe()
        readOnly.standardError = pipe
        try readOnly.run()
        defer { readOnly.terminate(); readOnly.waitUntilExit() }
        var text = ""
        while !(text.range(of: "listening on").map { text[$0.upperBound...].contains("\n") } ?? false) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { Issue.record("stays --read-only exited: \(text)"); return }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let listening = text.range(of: "listening on")!.upperBound
        let address = try #require(text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression,
                                              range: listening..<text.endIndex))
        let port = try #require(Int(text[address].split(separator: ":").last ?? ""))
        #expect(try TestClient(port: port).get("/listings?limit=5").status == 200)
        let ready = try TestClient(port: port).get("/health/ready")
        #expect(ready.status == 503 && ready.text.contains("read-only"), "\(ready.text)")
        #expect(try TestClient(port: port).post("/guests", json: "{}").status == 503)
    }
}
