import CommandLineOptions
import Foundation

// bench-db sql|follow [OPTIONS]: the storage benchmarks, kept out of the product binary.
// Run in release on a copy of a seeded database (Benchmarks/run.sh runs `sql`):
//   swift build -c release --product bench-db && .build/release/bench-db sql --database PATH --route listings
let commands = """
    usage: bench-db COMMAND [OPTIONS]

    commands:
      sql      run a route's SQL in a loop and print ops/s and CPU per op (the benchmark floor)
      follow   time how the search index follows booking-like writes (WRITES TO THE DATABASE)

    Run 'bench-db COMMAND --help' for the options of a command.
    """
var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "" : arguments.removeFirst()
switch command {
case "sql":
    exit(Tool.run(name: "bench-db sql", usage: "bench-db sql --database PATH --route ROUTE [OPTIONS]",
                  summary: "Run a route's SQL in a loop and print ops/s and CPU per op (the benchmark floor).",
                  specs: BenchSQLCommand.specs, arguments: arguments, BenchSQLCommand.run))
case "follow":
    exit(Tool.run(name: "bench-db follow", usage: "bench-db follow --database PATH [OPTIONS]",
                  summary: "Time how the search index follows booking-like writes. Writes to the database: run it on a copy.",
                  specs: BenchFollowCommand.specs, arguments: arguments, BenchFollowCommand.run))
case "--help", "-h", "help":
    print(commands)
default:
    FileHandle.standardError.write(Data("bench-db: expected a command, sql or follow\n\n\(commands)\n".utf8))
    exit(2)
}
