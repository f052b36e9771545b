import Application
import CommandLineOptions
import IPAddress

/// The options of accounts, mail and client addresses (docs/security.md, "Accounts").
extension ServeOption {
    static let accountOptions: [ServeOption] = [
        .integer("sign-in-limit", "N", env: "STAYS_SIGN_IN_LIMIT",
                 "failed sign-ins per account per 15 minutes, ten times that per client address, more are answered 429; 0: no limit",
                 in: 0...1_000_000, \.application.accounts.signInLimit),
        tokenLifetime("access-token-ttl", env: "STAYS_ACCESS_TOKEN_TTL", "seconds an access token is valid",
                      in: 60...(7 * 86_400), \.application.accounts.lifetimes.accessSeconds),
        tokenLifetime("refresh-token-ttl", env: "STAYS_REFRESH_TOKEN_TTL", "seconds a refresh token is valid",
                      in: 3600...(366 * 86_400), \.application.accounts.lifetimes.refreshSeconds),
        ServeOption(.value("public-url", "URL", env: "STAYS_PUBLIC_URL", "where emailed links point (https://stays.example)"),
                    read: { options, settings in
                        guard let url = options.string("public-url") else { return }
                        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                            throw options.invalid("public-url", url, "expected an http or https URL")
                        }
                        settings.application.accounts.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
                    },
                    show: { $0.application.accounts.publicURL.isEmpty ? "http://127.0.0.1:PORT (this server)"
                                : $0.application.accounts.publicURL }),
        ServeOption(.value("smtp-url", "URL", env: "STAYS_SMTP_URL",
                           "send mail through this server: smtp://host:port or smtps://host:port (credentials in the URL or "
                           + "STAYS_SMTP_USERNAME and STAYS_SMTP_PASSWORD)"),
                    read: { options, settings in
                        guard let url = options.string("smtp-url") else { return }
                        guard url.hasPrefix("smtp://") || url.hasPrefix("smtps://") else {
                            throw options.invalid("smtp-url", DatabaseLocation.redactingPasswords(in: url), "expected smtp:// or smtps://")
                        }
                        settings.application.mail.smtpURL = url
                        settings.application.mail.smtpUsername = options.environment["STAYS_SMTP_USERNAME"]
                        settings.application.mail.smtpPassword = options.environment["STAYS_SMTP_PASSWORD"]
                    },
                    show: { settings in
                        settings.application.mail.smtpURL.map(DatabaseLocation.redactingPasswords(in:))
                            ?? "none: mail is written to --mail-dir"
                    }),
        ServeOption(.value("mail-dir", "PATH", env: "STAYS_MAIL_DIR", "without --smtp-url, one .eml file per mail here"),
                    read: { options, settings in
                        settings.application.mail.directory = options.string("mail-dir", default: settings.application.mail.directory)
                    },
                    show: { $0.application.mail.directory }),
        ServeOption(.value("mail-from", "ADDRESS", env: "STAYS_MAIL_FROM", "the sender of account mail"),
                    read: { options, settings in
                        settings.application.mail.from = options.string("mail-from", default: settings.application.mail.from)
                    },
                    show: { $0.application.mail.from }),
        ServeOption(.repeatable("trusted-proxy", "CIDR", env: "STAYS_TRUSTED_PROXIES",
                                "read X-Forwarded-For from this peer network (repeatable; env: comma-separated)"),
                    read: { options, settings in
                        var networks: [IPNetwork] = []
                        for text in options.strings("trusted-proxy") {
                            guard let network = IPNetwork(text) else {
                                throw options.invalid("trusted-proxy", text, "expected an address or a network such as 10.0.0.0/8")
                            }
                            networks.append(network)
                        }
                        if !networks.isEmpty { settings.application.server.trustedProxies = TrustedProxies(networks) }
                    },
                    show: { settings in
                        let networks = settings.application.server.trustedProxies.networks
                        return networks.isEmpty ? "none: the peer is the client" : networks.map(\.description).joined(separator: ",")
                    }),
    ]

    private static func tokenLifetime(_ name: String, env: String, _ help: String, in range: ClosedRange<Int>,
                                      _ setting: WritableKeyPath<ServeSettings, Int64> & Sendable) -> ServeOption {
        ServeOption(.value(name, "SECONDS", env: env, help),
                    read: { options, settings in
                        settings[keyPath: setting] = Int64(try options.integer(name, default: Int(settings[keyPath: setting]), in: range))
                    },
                    show: { String($0[keyPath: setting]) })
    }
}
