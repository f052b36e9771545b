/// One option a subcommand accepts: `--name VALUE` or `--name=VALUE` (or a bare `--name`
/// for flags), with an optional environment variable as fallback.
public struct OptionSpec: Sendable {
    public let name: String
    public let environment: String?
    public let valueName: String?   // nil for a flag
    public var help: String
    /// May be given more than once (`strings(_:)` has every value); its environment variable
    /// holds the values separated by commas.
    public var repeatable = false
    /// The value used when the option is not given, as `--help` prints it; nil: not printed
    /// (flags are off unless given; some defaults are stated in `help`).
    public var defaultText: String?

    /// This spec with `text` as the default `--help` prints.
    public func defaulting(to text: String) -> OptionSpec {
        var spec = self
        spec.defaultText = text
        return spec
    }

    public static func value(_ name: String, _ valueName: String, env: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, environment: env, valueName: valueName, help: help)
    }
    public static func repeatable(_ name: String, _ valueName: String, env: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, environment: env, valueName: valueName, help: help, repeatable: true)
    }
    public static func flag(_ name: String, env: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, environment: env, valueName: nil, help: help)
    }
}
