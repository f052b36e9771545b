import Foundation
import Testing

/// One setting names the database (`--database`, `DATABASE_URL`, `DATABASE_PATH`): two that
/// disagree stop every command with exit code 2 naming both, and `--print-config` shows the
/// database actually used with its passwords redacted. Run against the built binary with the
/// environment the container image and docs/compose.yaml give it.
@Suite struct DatabaseSettingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// The variables of the Dockerfile's `ENV` instruction (the runtime stage has one), as
    /// `docker run` sets them.
    static func imageEnvironment() throws -> [String: String] {
        let dockerfile = try String(contentsOf: root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        // Join continuation lines, then read the one ENV instruction's KEY=VALUE pairs.
        let joined = dockerfile.replacingOccurrences(of: "\\\n", with: " ")
        let instructions = joined.split(separator: "\n").filter { $0.hasPrefix("ENV ") }
        #expect(instructions.count == 1, "one ENV instruction in the Dockerfile: \(instructions)")
        var environment: [String: String] = [:]
        for pair in try #require(instructions.first).dropFirst(4).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            try #require(parts.count == 2, "ENV KEY=VALUE, got '\(pair)'")
            environment[String(parts[0])] = String(parts[1])
        }
        return environment
    }

    /// The first Stays replica of docs/compose.yaml: its `command` and `environment`.
    static func composeReplica() throws -> (command: [String], environment: [String: String]) {
        let compose = try String(contentsOf: root.appendingPathComponent("docs/compose.yaml"), encoding: .utf8)
        let lines = compose.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  stays-1:") }, "a stays-1 service")
        var command: [String] = []
        var environment: [String: String] = [:]
        var index = start + 1
        while index < lines.count, lines[index].hasPrefix("    ") || lines[index].isEmpty {
            let line = lines[index]
            if line.hasPrefix("    command: ") {
                let array = Data(line.dropFirst("    command: ".count).utf8)
                command = try #require(try JSONSerialization.jsonObject(with: array) as? [String])
            } else if line == "    environment:" {
                while index + 1 < lines.count, lines[index + 1].hasPrefix("      ") {
                    index += 1
                    let entry = lines[index].trimmingCharacters(in: .whitespaces)
                    let colon = try #require(entry.firstIndex(of: ":"), "KEY: value, got '\(entry)'")
                    environment[String(entry[..<colon])] = entry[entry.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
            }
            index += 1
        }
        try #require(!command.isEmpty && !environment.isEmpty, "stays-1 has a command and an environment")
        return (command, environment)
    }

    @Test func theImageWithComposesEnvironmentServesComposesPostgreSQL() throws {
        let image = try Self.imageEnvironment()
        let replica = try Self.composeReplica()
        let url = try #require(replica.environment["DATABASE_URL"])
        #expect(url.hasPrefix("postgres://"))
        // Compose's variables replace the image's of the same name; the rest stay.
        let environment = image.merging(replica.environment) { _, compose in compose }
        let result = try runStays(replica.command + ["--print-config"], environment: environment)
        #expect(result.status == 0, "\(result)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("database = postgres://stays:***@postgres:5432/stays  (environment DATABASE_URL)"),
                "\(result.output)")
        #expect(!result.output.contains("stays:stays@"), "the password is printed: \(result.output)")
        #expect(lines.contains("host = 0.0.0.0  (flag --host)"), "\(result.output)")
    }

    @Test func theImageAloneServesItsSQLiteFile() throws {
        let result = try runStays(["serve", "--print-config"], environment: try Self.imageEnvironment())
        #expect(result.status == 0, "\(result)")
        #expect(result.output.split(separator: "\n").contains("database = /data/stays.sqlite  (environment DATABASE_URL)"),
                "\(result.output)")
    }

    /// What the image did before: DATABASE_PATH set under compose's DATABASE_URL. It ran each
    /// replica on a SQLite file of its own; now it does not start.
    @Test func aPathAndAURLThatDisagreeStopEveryCommand() throws {
        let environment = ["DATABASE_PATH": "/data/stays.sqlite", "DATABASE_URL": "postgres://stays:s3cret@db:5432/stays",
                           "PATH": "/usr/bin:/bin"]
        for command in [["serve", "--print-config"], ["serve"], ["migrate"], ["seed", "--listings", "1"]] {
            let result = try runStays(command, environment: environment)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.error.contains("environment DATABASE_URL and environment DATABASE_PATH name different databases"),
                    "\(command): \(result.error)")
            #expect(result.error.contains("/data/stays.sqlite") && result.error.contains("postgres://stays:***@db:5432/stays"),
                    "\(command): \(result.error)")
            #expect(!result.error.contains("s3cret") && !result.output.contains("s3cret"), "\(command): \(result)")
        }
    }

    @Test func theFlagAndTheEnvironmentMustAgreeToo() throws {
        let result = try runStays(["serve", "--print-config", "--database", "/tmp/other.sqlite"],
                                  environment: ["DATABASE_URL": "sqlite:/data/stays.sqlite"])
        #expect(result.status == 2, "\(result)")
        #expect(result.error.contains("flag --database and environment DATABASE_URL name different databases"),
                "\(result.error)")
        // The same database spelled two ways is one database.
        let same = try runStays(["serve", "--print-config", "--database", "/data/stays.sqlite"],
                                environment: ["DATABASE_URL": "sqlite:/data/stays.sqlite", "DATABASE_PATH": "/data/stays.sqlite"])
        #expect(same.status == 0, "\(same)")
        #expect(same.output.split(separator: "\n").contains("database = /data/stays.sqlite  (flag --database)"), "\(same.output)")
    }

    @Test func printConfigRedactsEveryPasswordOfTheURL() throws {
        let url = "postgresql://app:pw-in-userinfo@db1:5432,db2:5432/stays?sslmode=require&password=pw-in-query"
        let result = try runStays(["serve", "--print-config", "--database", url], environment: [:])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.split(separator: "\n").contains(
            "database = postgresql://app:***@db1:5432,db2:5432/stays?sslmode=require&password=***  (flag --database)"),
            "\(result.output)")
        #expect(!result.output.contains("pw-in"), "\(result.output)")
    }
}
