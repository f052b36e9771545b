import Application
import CommandLineOptions

/// The options of calendar sync (docs/API.md, "Calendar sync").
extension ServeOption {
    static let calendarSyncOptions: [ServeOption] = [
        .seconds("ical-refresh", env: "STAYS_ICAL_REFRESH", "fetch each calendar import this often (spread by ±10%)",
                 \.application.calendarSync.refresh),
    ]
}
