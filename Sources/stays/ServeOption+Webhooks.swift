import Application
import CommandLineOptions

/// The options of webhook delivery (docs/API.md, "Webhooks").
extension ServeOption {
    static let webhookOptions: [ServeOption] = [
        ServeOption(.value("webhook-retry-for", "SECONDS", env: "STAYS_WEBHOOK_RETRY_FOR",
                           "retry a failed webhook delivery for this long after its event"),
                    read: { options, settings in
                        settings.application.webhooks.retryForSeconds = Int64(try options.integer(
                            "webhook-retry-for", default: Int(settings.application.webhooks.retryForSeconds),
                            in: 1...(30 * 86_400)))
                    },
                    show: { String($0.application.webhooks.retryForSeconds) }),
        .integer("webhook-timeout", "SECONDS", env: "STAYS_WEBHOOK_TIMEOUT",
                 "seconds a webhook receiver has to answer 2xx (a claimed delivery returns to the queue 5 s after that)",
                 in: 1...10, \.application.webhooks.timeoutSeconds),
    ]
}
