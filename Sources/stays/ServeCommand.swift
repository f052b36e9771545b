import API
import Application
import Domain
import Foundation
import HTTP1
import HTTPServer
import Persistence
import PostgresStorage
import Storage

/// `stays serve`: migrate, seed an empty database with demo data, serve until SIGTERM/SIGINT.
enum ServeCommand {
    static let specs: [OptionSpec] = [
        Commands.hostSpec, Commands.portSpec, Commands.databaseSpec,
        .flag("quiet", env: "STAYS_QUIET", "no access log on stdout"),
        .value("access-log-format", "json|clf", env: "STAYS_ACCESS_LOG_FORMAT",
               "access log lines: one JSON object, or the common log format (default json)"),
        .value("metrics-port", "PORT", env: "STAYS_METRICS_PORT",
               "serve GET /metrics on this port only, to any client (default: on the main port, to loopback clients only)"),
        Commands.todaySpec,
        .flag("no-seed", env: "STAYS_NO_SEED", "do not seed demo data into an empty database"),
        .value("header-timeout", "SECONDS", env: "STAYS_HEADER_TIMEOUT", "first byte to end of headers (default 10)"),
        .value("idle-timeout", "SECONDS", env: "STAYS_IDLE_TIMEOUT", "idle keep-alive connection lifetime (default 30)"),
        .value("max-body-bytes", "BYTES", env: "STAYS_MAX_BODY_BYTES", "largest request body (default 1048576)"),
        .value("max-header-bytes", "BYTES", env: "STAYS_MAX_HEADER_BYTES", "largest header section (default 16384)"),
        .value("service-fee-bp", "BP", env: "STAYS_SERVICE_FEE_BP", "service fee in basis points (default 1400)"),
        .value("tax-bp", "BP", env: "STAYS_TAX_BP", "tax on the service fee in basis points (default 1000)"),
        .value("time-zone", "IANA", env: "STAYS_TIME_ZONE", "zone of 'today' for searches and plain calendars (default Asia/Seoul)"),
        .flag("no-gzip", env: "STAYS_NO_GZIP", "never gzip responses (default: gzip bodies of 2 KiB or more for clients that prefer it)"),
        .value("gzip-level", "1-9", env: "STAYS_GZIP_LEVEL", "zlib level of gzip responses (default 1, the fastest)"),
        .value("gzip-min-bytes", "BYTES", env: "STAYS_GZIP_MIN_BYTES", "smallest body that is gzipped (default 2048)"),
        .repeatable("cors-origin", "ORIGIN", env: "STAYS_CORS_ORIGINS",
                    "allow browser pages of this origin (repeatable; env: comma-separated; default none: no CORS)"),
        .repeatable("image-origin", "ORIGIN", env: "STAYS_IMAGE_ORIGINS",
                    "the web client may show images from this origin: map tiles, imported photos (repeatable; env: comma-separated; default none: only this server's)"),
        .value("guest-rate-limit", "N", env: "STAYS_GUEST_RATE_LIMIT", "POST /guests per client address per minute; 0: no limit (default 20)"),
        .value("max-connections-per-address", "N", env: "STAYS_MAX_CONNECTIONS_PER_ADDRESS",
               "open connections per client address, more are answered 429 and closed; 0: no limit (default 0)"),
        .value("write-rate-limit", "N", env: "STAYS_WRITE_RATE_LIMIT",
               "POST/PUT/PATCH/DELETE per client address per second, more are answered 429; 0: no limit (default 0)"),
        .flag("print-config", "print every option's effective value and where it came from (flag, environment or default), then exit"),
    ]

    /// What `--print-config` shows for an option nobody set.
    static let defaults: [String: String] = [
        "host": "127.0.0.1", "port": "8080", "database": "./stays.sqlite", "quiet": "false",
        "access-log-format": "json", "metrics-port": "(none: /metrics on the main port, to loopback clients only)",
        "today": "(the real date)", "no-seed": "false", "header-timeout": "10", "idle-timeout": "30",
        "max-body-bytes": "1048576", "max-header-bytes": "16384", "service-fee-bp": "1400", "tax-bp": "1000",
        "time-zone": "Asia/Seoul", "no-gzip": "false", "gzip-level": String(Gzip.defaultLevel),
        "gzip-min-bytes": "2048", "cors-origin": "(none)", "image-origin": "(none)", "guest-rate-limit": "20",
        "max-connections-per-address": "0", "write-rate-limit": "0",
    ]

    /// Options whose values are secrets, shown as "(redacted)" by `--print-config`. None today.
    static let secretOptions: Set<String> = []

    /// One line per option, `name = value  (source)`, after validation (a bad value fails
    /// before anything is printed).
    static func configurationText(_ options: ParsedOptions) -> String {
        var lines = ["# stays serve: effective configuration (secret options are redacted; there are none today)"]
        for spec in specs where spec.name != "print-config" {
            var value: String
            if spec.repeatable {
                let values = options.strings(spec.name)
                value = values.isEmpty ? defaults[spec.name] ?? "" : values.joined(separator: ",")
            } else if spec.valueName == nil {
                value = (try? options.flag(spec.name)) == true ? "true" : "false"
            } else {
                value = options.string(spec.name) ?? defaults[spec.name] ?? ""
            }
            if secretOptions.contains(spec.name) && options.source(spec.name) != "default" { value = "(redacted)" }
            lines.append("\(spec.name) = \(value)  (\(options.source(spec.name)))")
        }
        return lines.joined(separator: "\n")
    }

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        var configuration = ServerConfiguration()
        configuration.host = options.string("host", default: "127.0.0.1")
        configuration.port = try options.integer("port", default: 8080, in: 0...65_535)
        configuration.headerTimeout = try options.seconds("header-timeout", default: .seconds(10))
        configuration.idleTimeout = try options.seconds("idle-timeout", default: .seconds(30))
        configuration.limits.maxBodyBytes = try options.integer("max-body-bytes", default: 1 << 20, in: 0...(1 << 30))
        configuration.limits.maxHeaderBytes = try options.integer("max-header-bytes", default: 16_384, in: 1024...(1 << 20))
        configuration.maxConnectionsPerAddress = try options.integer("max-connections-per-address", default: 0, in: 0...1_000_000)
        configuration.writesPerSecondPerAddress = try options.integer("write-rate-limit", default: 0, in: 0...1_000_000)
        let pricing = PricingConfiguration(
            serviceFeeBasisPoints: try options.integer("service-fee-bp", default: 1400, in: 0...10_000),
            taxBasisPoints: try options.integer("tax-bp", default: 1000, in: 0...10_000))
        let timeZone = options.string("time-zone", default: "Asia/Seoul")
        guard TimeZone(identifier: timeZone) != nil else {
            throw options.invalid("time-zone", timeZone, "expected an IANA time zone such as Asia/Seoul")
        }
        var application = ApplicationConfiguration()
        application.server = configuration
        application.pricing = pricing
        application.timeZone = timeZone
        application.dateProvider = try Commands.dateProvider(options)
        application.seedDemoData = try !options.flag("no-seed")
        application.databasePath = Commands.database(options, environment)
        application.guestsPerMinutePerAddress = try options.integer("guest-rate-limit", default: 20, in: 0...1_000_000)
        let gzipLevel = try options.integer("gzip-level", default: Int(Gzip.defaultLevel), in: 1...9)
        application.compression = try options.flag("no-gzip") ? nil : ResponseCompression(
            minimumBytes: try options.integer("gzip-min-bytes", default: 2048, in: 1...(1 << 30)), level: Int32(gzipLevel))
        application.cors = CORSPolicy(origins: options.strings("cors-origin"))
        let imageOrigins = options.strings("image-origin")
        guard let webClient = WebClientPolicy(imageOrigins: imageOrigins) else {
            throw options.invalid("image-origin", imageOrigins.joined(separator: ","),
                                  "expected origins such as https://tile.example.com")
        }
        application.webClient = webClient
        let formatName = options.string("access-log-format", default: "json")
        guard let format = AccessLogFormat(rawValue: formatName) else {
            throw options.invalid("access-log-format", formatName, "expected json or clf")
        }
        application.accessLog = try options.flag("quiet") ? nil : AccessLogWriter.standardOutput(format: format)
        if options.string("metrics-port") != nil {
            application.metricsPort = try options.integer("metrics-port", default: 0, in: 0...65_535)
        }
        if try options.flag("print-config") {
            print(configurationText(options))
            return 0
        }
        let server = try buildApplication(application)
        let path = DatabaseLocation(application.databasePath).description
        let port: Int
        do {
            port = try server.start()
        } catch {
            FileHandle.standardError.write(Data("stays: \(error)\n".utf8))
            return 1
        }
        FileHandle.standardError.write(Data("stays: listening on http://\(configuration.host):\(port) (database \(path))\n".utf8))
        if let metricsPort = server.metricsPort {
            FileHandle.standardError.write(Data("stays: metrics on http://\(configuration.host):\(metricsPort)/metrics\n".utf8))
        }
        let signals = ShutdownSignals { signal in
            FileHandle.standardError.write(Data("stays: signal \(signal), shutting down\n".utf8))
            server.shutdown()
        }
        server.waitUntilStopped()
        withExtendedLifetime(signals) {}
        FileHandle.standardError.write(Data("stays: stopped\n".utf8))
        return 0
    }
}

/// `stays migrate`.
enum MigrateCommand {
    static let specs: [OptionSpec] = [Commands.databaseSpec]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let location = DatabaseLocation(Commands.database(options, environment))
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

