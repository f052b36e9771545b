import Foundation
import Testing

/// Runs the built `stays` executable; returns its exit status, standard output and error.
func runStays(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String, error: String) {
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
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8),
            try String(contentsOf: errorURL, encoding: .utf8))
}

/// What an operator meets first on the command line.
@Suite struct CommandLineTests {
    /// `serve --print-config` prints every option with its value and source, and exits 0
    /// without opening the database or listening.
    @Test func printConfigShowsEveryOptionAndWhereItCameFrom() throws {
        let result = try runStays(["serve", "--port", "0", "--cors-origin", "https://a.example", "--print-config",
                                   "--database", "/nonexistent/dir/x.sqlite", "--max-connections-per-address", "64"],
                                  environment: ["STAYS_GZIP_LEVEL": "6", "STAYS_WRITE_RATE_LIMIT": "10",
                                                "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("port = 0  (flag --port)"), "\(result.output)")
        #expect(lines.contains("gzip-level = 6  (environment STAYS_GZIP_LEVEL)"), "\(result.output)")
        #expect(lines.contains("host = 127.0.0.1  (default)"), "\(result.output)")
        #expect(lines.contains("cors-origin = https://a.example  (flag --cors-origin)"), "\(result.output)")
        #expect(lines.contains("quiet = false  (default)"), "\(result.output)")
        #expect(lines.contains("max-connections-per-address = 64  (flag --max-connections-per-address)"), "\(result.output)")
        #expect(lines.contains("write-rate-limit = 10  (environment STAYS_WRITE_RATE_LIMIT)"), "\(result.output)")
        #expect(lines.contains("database = /nonexistent/dir/x.sqlite  (flag --database)"), "\(result.output)")
        #expect(result.output.contains("redacted"))
        #expect(!result.output.contains("print-config ="))
        // Every other option has a line.
        #expect(lines.filter { $0.contains(" = ") }.count == 39, "\(result.output)")

        // Secrets in mail settings are never printed.
        let mail = try runStays(["serve", "--print-config", "--smtp-url", "smtp://stays:s3cret-pass@mail.example:587",
                                 "--trusted-proxy", "10.0.0.0/8"],
                                environment: ["STAYS_SMTP_PASSWORD": "env-s3cret", "PATH": "/usr/bin:/bin"])
        #expect(mail.status == 0, "\(mail)")
        #expect(!mail.output.contains("s3cret"), "\(mail.output)")
        #expect(mail.output.contains("smtp-url = smtp://stays:"), "\(mail.output)")
        #expect(mail.output.contains("trusted-proxy = 10.0.0.0/8  (flag --trusted-proxy)"), "\(mail.output)")
        let badProxy = try runStays(["serve", "--print-config", "--trusted-proxy", "10.0.0.0/33"])
        #expect(badProxy.status == 2, "\(badProxy)")

        let bad = try runStays(["serve", "--print-config", "--port", "x"])
        #expect(bad.status == 2, "\(bad)")
    }

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

    @Test func healthcheckHelpDescribesItsOwnFlags() throws {
        let help = try runStays(["healthcheck", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("address of the server to ask"), "\(help.output)")
        #expect(help.output.contains("TCP port the server listens on"), "\(help.output)")
        #expect(!help.output.contains("to listen on"), "\(help.output)")
        #expect(!help.output.contains("any free port"), "\(help.output)")
    }

    @Test func versionIsPrinted() throws {
        let version = try runStays(["--version"])
        #expect(version.status == 0)
        #expect(version.output.contains("\"version\""), "\(version.output)")
    }

    func runImport(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try runStays(["import", "--database", directory.appendingPathComponent("stays.sqlite").path,
                             "--time-zone", "Asia/Singapore", "--city", "Singapore"] + arguments)
    }

    @Test func currencyMustBeAnActiveISO4217Code() throws {
        let listings = ImportCommandTests.fixtures.appendingPathComponent("listings.csv").path
        for code in ["XYZ", "ABC", "usd1", "US", "XAU"] {
            let result = try runImport(["--listings", listings, "--currency", code])
            #expect(result.status == 2, "\(code): \(result)")
            #expect(result.error.contains("ISO 4217"), "\(code): \(result.error)")
        }
        let lowercase = try runImport(["--listings", listings, "--currency", "sgd"])
        #expect(lowercase.status == 0, "\(lowercase)")
    }

    @Test func aBinaryFileIsNotACSVFileAndAnEmptyOneIsEmpty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("photo.csv")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0xFF, 0xD8])
            .write(to: png)
        let gzip = directory.appendingPathComponent("listings.csv.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xC5, 0x96, 0x0A]).write(to: gzip)
        for file in [png, gzip] {
            let result = try runImport(["--listings", file.path, "--currency", "SGD"])
            #expect(result.status == 1, "\(result)")
            #expect(result.error.contains("\(file.path): not a CSV file"), "\(result.error)")
        }
        let empty = directory.appendingPathComponent("empty.csv")
        try Data().write(to: empty)
        let result = try runImport(["--listings", empty.path, "--currency", "SGD"])
        #expect(result.error.contains("\(empty.path): the file is empty"), "\(result.error)")
    }

    @Test func importProgressSaysItsUnit() throws {
        let listings = ImportCommandTests.fixtures.appendingPathComponent("listings.csv").path
        let result = try runImport(["--listings", listings, "--currency", "SGD"])
        #expect(result.status == 0, "\(result)")
        let progress = result.error.split(separator: "\n").filter { $0.contains("%") }
        #expect(!progress.isEmpty, "\(result.error)")
        for line in progress {
            #expect(line.contains(" B/") || line.contains("KiB/") || line.contains("MiB/"), "\(line)")
        }
    }
}
