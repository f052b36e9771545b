import Foundation

/// Formats the option table of a subcommand for `--help`.
public func helpText(usage: String, summary: String, specs: [OptionSpec]) -> String {
    var lines = ["usage: \(usage)", "", summary, "", "options:"]
    for spec in specs {
        var left = "  --\(spec.name)"
        if let valueName = spec.valueName { left += " \(valueName)" }
        let padded = left.padding(toLength: max(left.count + 2, 30), withPad: " ", startingAt: 0)
        var line = padded + spec.help
        if let fallback = spec.defaultText { line += " (default: \(fallback))" }
        if let variable = spec.environment { line += " [env: \(variable)]" }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}
