import CalendarSync
import Domain
import HTTPServer
import OutboundHTTP
import Persistence

/// Calendar sync as `buildApplication` wires it: the service over the engine's store, feeds
/// fetched through libcurl with the private-address guard (`--allow-private-addresses` turns
/// it off), the polling task and the metrics.
enum CalendarSyncWiring {
    static func service(_ configuration: ApplicationConfiguration, engine: some StoreEngine) -> CalendarSyncService {
        let policy = AddressPolicy(allowPrivate: configuration.allowPrivateAddresses)
        let publicURL = configuration.accounts.publicURL.isEmpty
            ? "http://127.0.0.1:\(configuration.server.port)" : configuration.accounts.publicURL
        return CalendarSyncService(store: engine.calendarSyncStore(),
                                   fetcher: HTTPCalendarFeedFetcher(client: OutboundHTTPClient(policy: policy)),
                                   dateProvider: configuration.dateProvider, refresh: configuration.calendarSync.refresh,
                                   publicURL: publicURL, log: configuration.log)
    }

    /// Looks for due imports every quarter of the refresh interval (between 0.5 and 30 s)
    /// and syncs them, on every server: the store's lease (and `SKIP LOCKED` on PostgreSQL)
    /// gives each due import to one server.
    static func polling(_ sync: CalendarSyncService, log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let quarter = sync.refresh / 4
        let tick = min(max(quarter, .milliseconds(500)), .seconds(30))
        let failures = EpisodeLog(what: "calendar sync", log: log)
        return RepeatingTask(label: "stays.calendar-sync", every: tick) {
            do {
                // Drain what is due now, a batch at a time.
                while try sync.syncDue(limit: 50) == 50 {}
                failures.succeeded()
            } catch {
                failures.failed(error)
            }
        }
    }

    static func registerMetrics(_ metrics: Metrics, sync: CalendarSyncService) {
        let counters = sync.counters
        metrics.register { text in
            text.family("stays_calendar_syncs_total", .counter, "Calendar import syncs, by outcome.")
            text.sample("stays_calendar_syncs_total", labels: [("outcome", "ok")], counters.succeeded.load(ordering: .relaxed))
            text.sample("stays_calendar_syncs_total", labels: [("outcome", "failed")], counters.failed.load(ordering: .relaxed))
            text.family("stays_calendar_sync_seconds_total", .counter, "Time spent in calendar syncs (fetch, read, store).")
            text.sample("stays_calendar_sync_seconds_total", Double(counters.milliseconds.load(ordering: .relaxed)) / 1000)
            text.family("stays_calendar_sync_events_total", .counter, "Events read by successful calendar syncs.")
            text.sample("stays_calendar_sync_events_total", counters.events.load(ordering: .relaxed))
            text.family("stays_calendar_sync_conflicts_total", .counter,
                        "Imported nights a reservation holds, counted by each successful sync that found them.")
            text.sample("stays_calendar_sync_conflicts_total", counters.conflicts.load(ordering: .relaxed))
            text.family("stays_calendar_sync_changed_nights_total", .counter, "Nights calendar syncs opened or closed.")
            text.sample("stays_calendar_sync_changed_nights_total", counters.changedNights.load(ordering: .relaxed))
        }
    }
}
