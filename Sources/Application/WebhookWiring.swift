import Domain
import HTTPServer
import OutboundHTTP
import Persistence
import Synchronization
import Webhooks

/// Notifications and webhooks as `buildApplication` wires them: the services over the
/// engine's stores, the delivery workers and their metrics.
enum WebhookWiring {
    static func services(_ configuration: ApplicationConfiguration, engine: some StoreEngine)
        -> (NotificationService, WebhookService) {
        (NotificationService(store: engine.notificationStore(), dateProvider: configuration.dateProvider),
         WebhookService(store: engine.webhookStore(), dateProvider: configuration.dateProvider))
    }

    static func deliverer(_ configuration: ApplicationConfiguration, engine: some StoreEngine) -> WebhookDeliverer {
        let webhooks = configuration.webhooks
        return WebhookDeliverer(queue: engine.webhookStore(),
                                client: OutboundHTTPClient(policy: AddressPolicy(allowPrivate: configuration.allowPrivateAddresses)),
                                retryForSeconds: webhooks.retryForSeconds, timeoutSeconds: webhooks.timeoutSeconds,
                                dateProvider: configuration.dateProvider, log: configuration.log)
    }

    /// The bounded pool: `workers` background tasks, each claiming one due delivery at a
    /// time and draining the queue before it waits for the next tick. A slow receiver holds
    /// one worker; bookings never wait for any.
    static func workers(_ deliverer: WebhookDeliverer, _ configuration: ApplicationConfiguration) -> [RepeatingTask] {
        let stopping = StopFlag()
        let failures = EpisodeLog(what: "webhook delivery", log: configuration.log)
        return (0..<max(1, configuration.webhooks.workers)).map { index in
            RepeatingTask(label: "stays.webhooks.\(index)", every: configuration.webhooks.pollInterval,
                          onStop: { stopping.set() }) {
                do {
                    while !stopping.isSet, try deliverer.deliverDue(limit: 1) > 0 {}
                    failures.succeeded()
                } catch {
                    failures.failed(error)
                }
            }
        }
    }

    static func registerMetrics(_ metrics: Metrics, deliverer: WebhookDeliverer, engine: some StoreEngine,
                                dateProvider: any DateProvider) {
        let queue = engine.webhookStore()
        metrics.register { text in
            text.family("stays_webhook_attempts_total", .counter, "Webhook delivery attempts by this server, by outcome.")
            for outcome in WebhookCounters.Outcome.allCases {
                text.sample("stays_webhook_attempts_total", labels: [("outcome", outcome.rawValue)],
                            deliverer.counters.count(outcome))
            }
            // From the database: every server's events. A failed read leaves the samples out
            // of this scrape rather than report a wrong value.
            do {
                let latest = try queue.latestEventID()
                let oldest = try queue.oldestPendingCreatedAt()
                text.family("stays_events_written_total", .counter,
                            "Events written to the outbox (the highest event id: by every server, since the database began).")
                text.sample("stays_events_written_total", Int(latest))
                text.family("stays_webhook_oldest_pending_seconds", .gauge,
                            "Age of the oldest webhook delivery neither acknowledged nor given up (0: none).")
                let lag = oldest.map { max(0, dateProvider.now().millisecondsSinceEpoch - $0.millisecondsSinceEpoch) } ?? 0
                text.sample("stays_webhook_oldest_pending_seconds", Double(lag) / 1000)
            } catch {
                return
            }
        }
    }
}

/// Set once, at shutdown; read by the workers between deliveries.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}
