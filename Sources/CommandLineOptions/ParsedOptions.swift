import Foundation

/// The parsed options of one subcommand. Flags given on the command line win over the
/// environment; typed accessors turn bad values into `UsageError`s naming the option.
public struct ParsedOptions {
    private var values: [String: String] = [:]
    private var sources: [String: String] = [:]   // how the value was given, for messages
    private var lists: [String: [String]] = [:]    // every value of a repeatable option
    /// The environment the options were read with, for settings that more than one
    /// variable can give (`DatabaseSetting`).
    public let environment: [String: String]

    public init(arguments: [String], specs: [OptionSpec], environment: [String: String]) throws {
        self.environment = environment
        let byName = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { throw UsageError("unexpected argument '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = byName[name] else { throw UsageError("unknown option '--\(name)'") }
            guard values[name] == nil || spec.repeatable else { throw UsageError("option '--\(name)' given more than once") }
            if spec.valueName == nil {
                if let inlineValue {
                    guard let flag = Self.parseBool(inlineValue) else {
                        throw UsageError("option '--\(name)' takes no value (or true/false), got '\(inlineValue)'")
                    }
                    values[name] = flag ? "true" : "false"
                } else {
                    values[name] = "true"
                }
            } else if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value \(spec.valueName!)") }
                values[name] = arguments[index]
                index += 1
            }
            if spec.repeatable, let value = values[name] { lists[name, default: []].append(value) }
            sources[name] = "--\(name)"
        }
        for spec in specs where values[spec.name] == nil {
            if let variable = spec.environment, let value = environment[variable], !value.isEmpty {
                values[spec.name] = value
                sources[spec.name] = variable
                if spec.repeatable {
                    lists[spec.name] = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }
                }
            }
        }
    }

    public func string(_ name: String) -> String? { values[name] }

    /// Where the option's value came from: "flag --name", "environment VAR", or "default".
    public func source(_ name: String) -> String {
        guard let given = sources[name] else { return "default" }
        return given.hasPrefix("--") ? "flag \(given)" : "environment \(given)"
    }

    /// Every value of a repeatable option, in order (command line, else the environment's list).
    public func strings(_ name: String) -> [String] { lists[name] ?? [] }

    public func string(_ name: String, default fallback: String) -> String { values[name] ?? fallback }

    public func flag(_ name: String) throws -> Bool {
        guard let raw = values[name] else { return false }
        guard let value = Self.parseBool(raw) else { throw invalid(name, raw, "expected true or false") }
        return value
    }

    public func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let raw = values[name] else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            throw invalid(name, raw, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A duration in seconds; fractions allowed ("0.5").
    public func seconds(_ name: String, default fallback: Duration) throws -> Duration {
        guard let raw = values[name] else { return fallback }
        guard let value = Double(raw), value.isFinite, value > 0, value <= 86_400 else {
            throw invalid(name, raw, "expected a number of seconds greater than 0")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    public func invalid(_ name: String, _ raw: String, _ reason: String) -> UsageError {
        UsageError("invalid value '\(raw)' for \(sources[name] ?? "--\(name)"): \(reason)")
    }

    public static func parseBool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
