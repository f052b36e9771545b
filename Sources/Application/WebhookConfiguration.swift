/// Webhook delivery (which addresses receivers may have is
/// `ApplicationConfiguration.allowPrivateAddresses`, as for every outbound call).
public struct WebhookConfiguration: Sendable {
    /// How long a delivery is retried after its event, in seconds
    /// (`--webhook-retry-for`). Default 86,400 (a day).
    public var retryForSeconds: Int64 = 86_400
    /// Deliveries in flight at once per server: the bounded pool. Default 4.
    public var workers = 4
    /// How often an idle worker looks for due deliveries. Default 500 ms.
    public var pollInterval: Duration = .milliseconds(500)
    /// One attempt's whole exchange, in seconds; a 2xx within it acknowledges. Default 10.
    public var timeoutSeconds = 10

    public init() {}
}
