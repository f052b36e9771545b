import Foundation

/// A command-line mistake: printed on stderr, exit code 2.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
