import API
import Application
import CommandLineOptions
import DataImport
import Domain
import Foundation
import HTTP1
import HTTPServer
import Persistence
import PostgresStorage
import Storage

/// `stays serve`: migrate, seed an empty database with demo data, serve until SIGTERM/SIGINT.
enum ServeCommand {
    /// Every option, declared once (`ServeOption`): the defaults come from the configuration
    /// types, so `--help`, `--print-config` and the server agree.
    static let options: [ServeOption] = [
        ServeOption(.value("host", "ADDRESS", env: "HOST", "address to listen on"),
                    read: { options, settings in
                        settings.application.server.host = options.string("host", default: settings.application.server.host)
                    },
                    show: { $0.application.server.host }),
        .integer("port", "PORT", env: "PORT", "TCP port, 0 for any free port", in: 0...65_535, \.application.server.port),
        ServeOption(DatabaseSetting.spec,
                    read: { options, settings in settings.database = try DatabaseSetting(options) },
                    show: { $0.database.location.description },
                    source: { _, settings in settings.database.source }),
        .flag("quiet", env: "STAYS_QUIET", "no access log on stdout", \.quiet),
        ServeOption(.value("access-log-format", "json|clf", env: "STAYS_ACCESS_LOG_FORMAT",
                           "access log lines: one JSON object, or the common log format"),
                    read: { options, settings in
                        guard let name = options.string("access-log-format") else { return }
                        guard let format = AccessLogFormat(rawValue: name) else {
                            throw options.invalid("access-log-format", name, "expected json or clf")
                        }
                        settings.accessLogFormat = format
                    },
                    show: { $0.accessLogFormat.rawValue }),
        ServeOption(.value("metrics-port", "PORT", env: "STAYS_METRICS_PORT",
                           "serve GET /metrics on this port only, to any client (default: on the main port, to loopback clients only)"),
                    read: { options, settings in
                        guard options.string("metrics-port") != nil else { return }
                        settings.application.metricsPort = try options.integer("metrics-port", default: 0, in: 0...65_535)
                    },
                    show: { $0.application.metricsPort.map(String.init) ?? "none: /metrics on the main port, to loopback clients only" }),
        ServeOption(.today,
                    read: { options, settings in settings.application.dateProvider = try options.dateProvider() },
                    show: { ($0.application.dateProvider as? FixedDateProvider)?.date.description ?? "the real date" }),
        .negatedFlag("no-seed", env: "STAYS_NO_SEED", "do not seed demo data into an empty database", \.application.seedDemoData),
        ServeOption(.value("seed", "demo|none", env: "STAYS_SEED",
                           "demo: seed the demo catalog into an empty database (the container image sets none); none: never"),
                    read: { options, settings in
                        guard let seed = options.string("seed") else { return }
                        guard seed == "demo" || seed == "none" else { throw options.invalid("seed", seed, "expected demo or none") }
                        if seed == "none" { settings.application.seedDemoData = false }
                    },
                    show: { $0.application.seedDemoData ? "demo" : "none" }),
        .flag("read-only", env: "STAYS_READ_ONLY",
              "serve a SQLite database without writing it: writes answer 503, /health/ready says read-only", \.application.readOnly),
        .seconds("header-timeout", env: "STAYS_HEADER_TIMEOUT", "first byte to end of headers", \.application.server.headerTimeout),
        .seconds("idle-timeout", env: "STAYS_IDLE_TIMEOUT", "idle keep-alive connection lifetime", \.application.server.idleTimeout),
        .integer("max-body-bytes", "BYTES", env: "STAYS_MAX_BODY_BYTES", "largest request body", in: 0...(1 << 30),
                 \.application.server.limits.maxBodyBytes),
        .integer("max-header-bytes", "BYTES", env: "STAYS_MAX_HEADER_BYTES", "largest header section", in: 1024...(1 << 20),
                 \.application.server.limits.maxHeaderBytes),
        .integer("service-fee-bp", "BP", env: "STAYS_SERVICE_FEE_BP", "service fee in basis points", in: 0...10_000,
                 \.application.pricing.serviceFeeBasisPoints),
        .integer("tax-bp", "BP", env: "STAYS_TAX_BP", "tax on the service fee in basis points", in: 0...10_000,
                 \.application.pricing.taxBasisPoints),
        ServeOption(.value("time-zone", "IANA", env: "STAYS_TIME_ZONE", "zone of 'today' for searches and plain calendars"),
                    read: { options, settings in
                        guard let zone = options.string("time-zone") else { return }
                        guard TimeZone(identifier: zone) != nil else {
                            throw options.invalid("time-zone", zone, "expected an IANA time zone such as Asia/Seoul")
                        }
                        settings.application.timeZone = zone
                    },
                    show: { $0.application.timeZone }),
        .negatedFlag("no-gzip", env: "STAYS_NO_GZIP",
                     "never gzip responses (default: gzip bodies of at least --gzip-min-bytes for clients that prefer it)", \.gzip),
        ServeOption(.value("gzip-level", "1-9", env: "STAYS_GZIP_LEVEL", "zlib level of gzip responses, 1 the fastest"),
                    read: { options, settings in
                        let level = try options.integer("gzip-level", default: Int(settings.compression.level), in: 1...9)
                        settings.compression.level = Int32(level)
                    },
                    show: { String($0.compression.level) }),
        .integer("gzip-min-bytes", "BYTES", env: "STAYS_GZIP_MIN_BYTES", "smallest body that is gzipped", in: 1...(1 << 30),
                 \.compression.minimumBytes),
        ServeOption(.repeatable("cors-origin", "ORIGIN", env: "STAYS_CORS_ORIGINS",
                                "allow browser pages of this origin (repeatable; env: comma-separated)"),
                    read: { options, settings in
                        let origins = options.strings("cors-origin")
                        if !origins.isEmpty { settings.corsOrigins = origins }
                    },
                    show: { $0.corsOrigins.isEmpty ? "none: no CORS" : $0.corsOrigins.joined(separator: ",") }),
        ServeOption(.repeatable("image-origin", "ORIGIN", env: "STAYS_IMAGE_ORIGINS",
                                "the web client may show images from this origin: map tiles, imported photos (repeatable; env: comma-separated)"),
                    read: { options, settings in
                        let origins = options.strings("image-origin")
                        guard !origins.isEmpty else { return }
                        guard let policy = WebClientPolicy(imageOrigins: origins) else {
                            throw options.invalid("image-origin", origins.joined(separator: ","),
                                                  "expected origins such as https://tile.example.com")
                        }
                        settings.application.webClient = policy
                    },
                    show: { $0.application.webClient.imageOrigins.isEmpty ? "none: only this server's"
                                : $0.application.webClient.imageOrigins.joined(separator: ",") }),
        .integer("guest-rate-limit", "N", env: "STAYS_GUEST_RATE_LIMIT", "POST /guests per client address per minute; 0: no limit",
                 in: 0...1_000_000, \.application.guestsPerMinutePerAddress),
        .integer("max-connections-per-address", "N", env: "STAYS_MAX_CONNECTIONS_PER_ADDRESS",
                 "open connections per client address, more are answered 429 and closed; 0: no limit", in: 0...1_000_000,
                 \.application.server.maxConnectionsPerAddress),
        .integer("write-rate-limit", "N", env: "STAYS_WRITE_RATE_LIMIT",
                 "POST/PUT/PATCH/DELETE per client address per second, more are answered 429; 0: no limit", in: 0...1_000_000,
                 \.application.server.writesPerSecondPerAddress),
    ] + ServeOption.accountOptions + ServeOption.hostOptions

    static let printConfigSpec = OptionSpec.flag(
        "print-config", "print every option's effective value and where it came from (flag, environment or default), then exit")

    /// What `--help` lists and the parser accepts.
    static var specs: [OptionSpec] { options.map(\.helpSpec) + [printConfigSpec] }

    /// The settings `options` give, every option read and checked (a bad value throws a
    /// `UsageError` naming it).
    static func settings(_ options: ParsedOptions) throws -> ServeSettings {
        var settings = ServeSettings()
        for option in Self.options { try option.read(options, &settings) }
        return settings
    }

    /// One line per option, `name = value  (source)`, of the settings actually used:
    /// the database that will be opened, passwords redacted.
    static func configurationText(_ options: ParsedOptions, _ settings: ServeSettings) -> String {
        var lines = ["# stays serve: effective configuration (passwords in database URLs are redacted as ***)"]
        for option in Self.options {
            lines.append("\(option.spec.name) = \(option.show(settings))  (\(option.source(options, settings)))")
        }
        return lines.joined(separator: "\n")
    }

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let settings = try settings(options)
        if try options.flag("print-config") {
            print(configurationText(options, settings))
            return 0
        }
        let application = settings.applicationConfiguration()
        let configuration = application.server
        let server = try buildApplication(application)
        let path = settings.database.location.description
        let port: Int
        do {
            port = try server.start()
        } catch {
            StandardError.write("stays: \(error)\n")
            return 1
        }
        StandardError.write("stays: listening on http://\(configuration.host):\(port) (database \(path))\n")
        if let metricsPort = server.metricsPort {
            StandardError.write("stays: metrics on http://\(configuration.host):\(metricsPort)/metrics\n")
        }
        let signals = ShutdownSignals { signal in
            StandardError.write("stays: signal \(signal), shutting down\n")
            server.shutdown()
        }
        server.waitUntilStopped()
        withExtendedLifetime(signals) {}
        StandardError.write("stays: stopped\n")
        return 0
    }
}

/// `stays migrate`.
enum MigrateCommand {
    static let specs: [OptionSpec] = [DatabaseSetting.spec]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let location = try DatabaseSetting(options).location
        let path = location.description
        let applied: [Migration]
        switch location {
        case .sqlite(let file): applied = try Schema.migrator.migrate(try DatabasePool(path: file))
        case .postgres(let url): applied = try PostgresSchema.migrator.migrate(try PostgresPool(url: url, maximumConnectionCount: 1))
        }
        print(applied.isEmpty ? "stays: \(path) is up to date"
                              : "stays: applied \(applied.map { "\($0.version) \($0.name)" }.joined(separator: ", ")) to \(path)")
        return 0
    }
}

