/// A host's webhook endpoints and their delivery log. Every call is scoped to the owning
/// account: another account's endpoint reads as missing. Thread safety: `Sendable`.
public protocol WebhookStore: Sendable {
    func insertEndpoint(of account: AccountID, url: String, patterns: [EventPattern], secret: WebhookSecret,
                        at instant: Instant) throws -> WebhookEndpoint
    /// The account's endpoints that are not deleted, oldest first.
    func endpoints(of account: AccountID) throws -> [WebhookEndpoint]
    func endpoint(_ id: WebhookID, of account: AccountID) throws -> WebhookEndpoint?
    /// Deletes it (its pending deliveries are abandoned); false when there is no such endpoint.
    func deleteEndpoint(_ id: WebhookID, of account: AccountID, at instant: Instant) throws -> Bool
    /// Replaces the secret; false when there is no such endpoint.
    func replaceSecret(of id: WebhookID, of account: AccountID, with secret: WebhookSecret) throws -> Bool
    /// The endpoint's deliveries with ids below `cursor`, newest first, at most `limit`.
    func deliveries(of id: WebhookID, before cursor: DeliveryID?, limit: Int) throws -> [WebhookDelivery]
    /// Makes the delivery pending again, due at `instant`, its attempts counted from zero
    /// and the endpoint enabled again; nil when the endpoint has no such delivery.
    func redeliver(_ delivery: DeliveryID, of id: WebhookID, at instant: Instant) throws -> WebhookDelivery?
}

/// A delivery as the deliverer claims it: what to send, where, and with which secret.
public struct ClaimedDelivery: Sendable {
    public var id: DeliveryID
    public var endpointID: WebhookID
    public var url: String
    public var secret: WebhookSecret
    public var eventID: Int64
    public var eventType: String
    public var eventCreatedAt: Instant
    /// The event's JSON snapshot, as stored.
    public var data: String
    /// Attempts made before this one.
    public var attempts: Int
    public var createdAt: Instant
    /// The lease this claim holds: the marks below apply only while it is still this one.
    public var lease: Instant

    public init(id: DeliveryID, endpointID: WebhookID, url: String, secret: WebhookSecret, eventID: Int64,
                eventType: String, eventCreatedAt: Instant, data: String, attempts: Int, createdAt: Instant,
                lease: Instant) {
        self.id = id
        self.endpointID = endpointID
        self.url = url
        self.secret = secret
        self.eventID = eventID
        self.eventType = eventType
        self.eventCreatedAt = eventCreatedAt
        self.data = data
        self.attempts = attempts
        self.createdAt = createdAt
        self.lease = lease
    }
}

/// The outcome of one attempt, as the deliverer records it.
public struct DeliveryAttempt: Sendable {
    public var at: Instant
    public var statusCode: Int?
    public var latencyMilliseconds: Int
    public var error: String?

    public init(at: Instant, statusCode: Int?, latencyMilliseconds: Int, error: String?) {
        self.at = at
        self.statusCode = statusCode
        self.latencyMilliseconds = latencyMilliseconds
        self.error = error
    }
}

/// The deliverer's side of the webhook outbox (the event outbox writes it).
///
/// Implementations promise that `claimDue` hands a delivery to one caller at a time,
/// across servers (on PostgreSQL `FOR UPDATE SKIP LOCKED`): a claimed delivery is leased
/// until `leaseUntil` and claimed again only after that, so a deliverer that dies leaves
/// it to another; and that a mark applies only while the claim's lease is still the
/// delivery's (a deliverer whose lease ran out and was taken over changes nothing).
public protocol WebhookQueue: Sendable {
    /// Up to `limit` pending deliveries due at `now` of enabled endpoints, oldest first,
    /// now leased until `leaseUntil`; never one while another delivery of the same endpoint
    /// about the same listing is earlier and still pending, or is leased (docs/API.md,
    /// "Webhooks": deliveries about a listing go out one at a time, in event order).
    func claimDue(limit: Int, now: Instant, leaseUntil: Instant) throws -> [ClaimedDelivery]
    func markDelivered(_ delivery: ClaimedDelivery, attempt: DeliveryAttempt) throws
    /// A failed attempt: tried again at `nextAttemptAt`, or given up when nil; `disable`
    /// (a reason) also disables the endpoint.
    func markFailed(_ delivery: ClaimedDelivery, attempt: DeliveryAttempt, nextAttemptAt: Instant?,
                    disable: String?) throws
    /// Whether the endpoint had a delivered attempt at or after `instant`.
    func endpointSucceeded(_ id: WebhookID, since instant: Instant) throws -> Bool
    /// When the oldest pending delivery was created; nil when none is pending.
    func oldestPendingCreatedAt() throws -> Instant?
}
