import Application
import CommandLineOptions

/// The options of the host side: requests to book and the host service fee.
extension ServeOption {
    static let hostOptions: [ServeOption] = [
        ServeOption(.value("request-expiry", "SECONDS", env: "STAYS_REQUEST_EXPIRY",
                           "how long a request to book holds its nights before it expires"),
                    read: { options, settings in
                        settings.application.requestExpirySeconds = Int64(try options.integer(
                            "request-expiry", default: Int(settings.application.requestExpirySeconds), in: 60...(30 * 86_400)))
                    },
                    show: { String($0.application.requestExpirySeconds) }),
        .integer("host-fee-bp", "BP", env: "STAYS_HOST_FEE_BP",
                 "the host service fee taken from each payout, in basis points (300 = 3%)",
                 in: 0...10_000, \.application.hosts.hostFeeBasisPoints),
    ]
}
