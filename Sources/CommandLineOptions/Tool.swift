import Foundation

/// The exit protocol every Stays command follows, for the benchmark executables' commands:
/// `--help` prints the help and exits 0; a `UsageError` is printed on stderr with exit code
/// 2; any other error on stderr with exit code 1; otherwise `body`'s code.
public enum Tool {
    public static func run(name: String, usage: String, summary: String, specs: [OptionSpec], arguments: [String],
                           _ body: (_ arguments: [String], _ environment: [String: String]) throws -> Int32) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(helpText(usage: usage, summary: summary, specs: specs))
            return 0
        }
        do {
            return try body(arguments, ProcessInfo.processInfo.environment)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("\(name): \(error.description)\nRun '\(name) --help' for usage.\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
            return 1
        }
    }
}
