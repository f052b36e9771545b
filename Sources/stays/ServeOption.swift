import CommandLineOptions

/// One option of `stays serve`, declared once: its name, environment variable and help
/// (`spec`), how it changes the settings (`read`) and how the settings show it (`show`).
///
/// The default is not written here: it is what `show` gives for `ServeSettings()`, the
/// defaults of the configuration types. `--help` appends it to the help text,
/// `--print-config` prints `show` of the settings actually used, and `read` leaves a
/// setting as it is when the option is not given, so all three agree by construction.
struct ServeOption: Sendable {
    let spec: OptionSpec
    let read: @Sendable (ParsedOptions, inout ServeSettings) throws -> Void
    /// The effective value as `--print-config` prints it; never a password.
    let show: @Sendable (ServeSettings) -> String
    /// Where the value came from; by default the parser's answer (flag, environment, default).
    let source: @Sendable (ParsedOptions, ServeSettings) -> String

    init(_ spec: OptionSpec, read: @escaping @Sendable (ParsedOptions, inout ServeSettings) throws -> Void,
         show: @escaping @Sendable (ServeSettings) -> String,
         source: (@Sendable (ParsedOptions, ServeSettings) -> String)? = nil) {
        self.spec = spec
        self.read = read
        self.show = show
        let name = spec.name
        self.source = source ?? { options, _ in options.source(name) }
    }

    /// The spec `--help` prints: the help text and the default.
    var helpSpec: OptionSpec {
        let fallback = show(ServeSettings())
        if spec.valueName == nil && fallback == "false" { return spec }   // a flag is off unless given
        return spec.defaulting(to: fallback)
    }
}

// MARK: declarations for the common kinds of value

extension ServeOption {
    /// A whole number in `range`.
    static func integer(_ name: String, _ valueName: String, env: String, _ help: String, in range: ClosedRange<Int>,
                        _ setting: WritableKeyPath<ServeSettings, Int> & Sendable) -> ServeOption {
        ServeOption(.value(name, valueName, env: env, help),
                    read: { options, settings in
                        settings[keyPath: setting] = try options.integer(name, default: settings[keyPath: setting], in: range)
                    },
                    show: { String($0[keyPath: setting]) })
    }

    /// A duration in seconds, fractions allowed.
    static func seconds(_ name: String, env: String, _ help: String,
                        _ setting: WritableKeyPath<ServeSettings, Duration> & Sendable) -> ServeOption {
        ServeOption(.value(name, "SECONDS", env: env, help),
                    read: { options, settings in
                        settings[keyPath: setting] = try options.seconds(name, default: settings[keyPath: setting])
                    },
                    show: { secondsText($0[keyPath: setting]) })
    }

    /// A flag that turns a setting on.
    static func flag(_ name: String, env: String, _ help: String,
                     _ setting: WritableKeyPath<ServeSettings, Bool> & Sendable) -> ServeOption {
        ServeOption(.flag(name, env: env, help),
                    read: { options, settings in
                        if options.string(name) != nil { settings[keyPath: setting] = try options.flag(name) }
                    },
                    show: { String($0[keyPath: setting]) })
    }

    /// A flag that turns a setting off (`--no-seed`, `--no-gzip`).
    static func negatedFlag(_ name: String, env: String, _ help: String,
                            _ setting: WritableKeyPath<ServeSettings, Bool> & Sendable) -> ServeOption {
        ServeOption(.flag(name, env: env, help),
                    read: { options, settings in
                        if options.string(name) != nil { settings[keyPath: setting] = try !options.flag(name) }
                    },
                    show: { String(!$0[keyPath: setting]) })
    }

    /// "10" for 10 s, "0.5" for 500 ms: what `ParsedOptions.seconds` reads back.
    static func secondsText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}
