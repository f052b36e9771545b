import Application
import CommandLineOptions

/// The options of calendar sync (docs/API.md, "Calendar sync") and of outbound requests.
extension ServeOption {
    static let calendarSyncOptions: [ServeOption] = [
        .seconds("ical-refresh", env: "STAYS_ICAL_REFRESH", "fetch each calendar import this often (spread by ±10%)",
                 \.application.calendarSync.refresh),
        .flag("allow-private-addresses", env: "STAYS_ALLOW_PRIVATE_ADDRESSES",
              "let outbound requests (calendar feeds) reach loopback and private addresses: tests and local setups only",
              \.application.calendarSync.allowPrivateAddresses),
    ]
}
