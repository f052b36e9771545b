import Foundation

// stays [COMMAND] [OPTIONS]: parses the command line and runs one subcommand.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
exit(Commands.run(arguments: arguments, environment: environment))
