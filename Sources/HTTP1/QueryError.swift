/// Why a query string could not be decoded. `reason` never echoes the raw value.
public struct QueryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The decoded name of the parameter concerned; "" if the name itself could not be decoded.
    public let name: String
    /// "invalid percent-encoding", "given more than once" or "not valid UTF-8".
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { name.isEmpty ? reason : "\(name): \(reason)" }
}
