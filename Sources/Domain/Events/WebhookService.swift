/// A host's webhooks: create (the secret shown once), list, delete, rotate the secret,
/// the delivery log and redelivery. Only accounts with the `host` role (403 otherwise);
/// every call scoped to the caller's own endpoints (another's is a 404).
/// Immutable and `Sendable`.
public final class WebhookService: Sendable {
    private let store: any WebhookStore
    private let dateProvider: any DateProvider
    /// Endpoints per host, at most.
    public let maximumEndpoints: Int

    public init(store: any WebhookStore, dateProvider: any DateProvider, maximumEndpoints: Int = 20) {
        self.store = store
        self.dateProvider = dateProvider
        self.maximumEndpoints = maximumEndpoints
    }

    /// A URL a webhook may post to: absolute http or https, no spaces, at most 2,048 bytes.
    /// (Where it resolves is judged when connecting, by the outbound address policy.)
    public static func isAcceptableURL(_ url: String) -> Bool {
        let lowered = url.lowercased()
        let rest = lowered.hasPrefix("https://") ? lowered.dropFirst(8) : lowered.hasPrefix("http://") ? lowered.dropFirst(7) : nil
        guard let rest, let host = rest.split(separator: "/", maxSplits: 1).first, !host.isEmpty else { return false }
        return url.utf8.count <= 2048 && !url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x21 } ?? false })
    }

    public func create(for account: Account, url: String, patterns: [EventPattern]) throws
        -> (WebhookEndpoint, WebhookSecret) {
        try requireHost(account)
        guard try store.endpoints(of: account.id).count < maximumEndpoints else {
            throw EventError.tooManyWebhooks(limit: maximumEndpoints)
        }
        let secret = try WebhookSecret.generate()
        return (try store.insertEndpoint(of: account.id, url: url, patterns: patterns, secret: secret,
                                         at: dateProvider.now()), secret)
    }

    public func endpoints(of account: Account) throws -> [WebhookEndpoint] {
        try requireHost(account)
        return try store.endpoints(of: account.id)
    }

    public func endpoint(_ id: WebhookID, of account: Account) throws -> WebhookEndpoint {
        try requireHost(account)
        guard let endpoint = try store.endpoint(id, of: account.id) else { throw EventError.webhookNotFound }
        return endpoint
    }

    public func delete(_ id: WebhookID, of account: Account) throws {
        try requireHost(account)
        guard try store.deleteEndpoint(id, of: account.id, at: dateProvider.now()) else { throw EventError.webhookNotFound }
    }

    /// A new secret, effective at once (the old one signs nothing more).
    public func rotateSecret(of id: WebhookID, of account: Account) throws -> (WebhookEndpoint, WebhookSecret) {
        let endpoint = try self.endpoint(id, of: account)
        let secret = try WebhookSecret.generate()
        guard try store.replaceSecret(of: id, of: account.id, with: secret) else { throw EventError.webhookNotFound }
        return (endpoint, secret)
    }

    public func deliveries(of id: WebhookID, of account: Account, before cursor: DeliveryID?, limit: Int) throws
        -> (deliveries: [WebhookDelivery], nextCursor: DeliveryID?) {
        _ = try endpoint(id, of: account)
        let rows = try store.deliveries(of: id, before: cursor, limit: limit + 1)
        let page = Array(rows.prefix(limit))
        return (page, rows.count > limit ? page.last?.id : nil)
    }

    public func redeliver(_ delivery: DeliveryID, of id: WebhookID, of account: Account) throws -> WebhookDelivery {
        _ = try endpoint(id, of: account)
        guard let redelivered = try store.redeliver(delivery, of: id, at: dateProvider.now()) else {
            throw EventError.deliveryNotFound
        }
        return redelivered
    }

    private func requireHost(_ account: Account) throws {
        guard account.has(.host) else { throw HostError.hostRoleRequired }
    }
}
