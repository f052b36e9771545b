import Crypto

/// A webhook endpoint's id. Served as a JSON string.
public struct WebhookID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A webhook delivery's id (one event to one endpoint). Served as a JSON string.
public struct DeliveryID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A host's receiver as the host sees it: never its secret, which is shown once, when it
/// is issued (`WebhookService.create`, `rotateSecret`).
public struct WebhookEndpoint: Hashable, Sendable {
    public var id: WebhookID
    public var url: String
    public var patterns: [EventPattern]
    public var createdAt: Instant
    /// When deliveries stopped: a 410 answer, or a whole retry period of failures.
    public var disabledAt: Instant?
    public var disabledReason: String?

    public init(id: WebhookID, url: String, patterns: [EventPattern], createdAt: Instant, disabledAt: Instant?,
                disabledReason: String?) {
        self.id = id
        self.url = url
        self.patterns = patterns
        self.createdAt = createdAt
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
    }
}

/// A signing secret: `whsec_` and 32 random bytes (base64url). Its description hides it,
/// so interpolating it into a log line cannot leak it; `text` is for the one response that
/// shows it and for signing.
public struct WebhookSecret: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(text: String) { self.text = text }

    public static func generate() throws -> WebhookSecret {
        WebhookSecret(text: "whsec_" + Base64URL.encode(try SecureRandom.bytes(count: 32)))
    }

    public var description: String { "whsec_…" }
}

/// Where a delivery stands.
public enum DeliveryStatus: String, Hashable, Sendable {
    /// Not yet acknowledged; tried again at `nextAttemptAt`.
    case pending
    /// A 2xx answered it.
    case delivered
    /// Given up: the retry period passed, or the endpoint answered 410.
    case failed
}

/// One event's delivery to one endpoint, as the host's delivery log shows it.
public struct WebhookDelivery: Hashable, Sendable {
    public var id: DeliveryID
    public var eventID: Int64
    public var eventType: EventType?
    public var status: DeliveryStatus
    public var attempts: Int
    public var createdAt: Instant
    public var nextAttemptAt: Instant?
    public var lastAttemptAt: Instant?
    /// The last answer's HTTP status; nil when there was none (timeout, refused address...).
    public var lastStatusCode: Int?
    public var lastLatencyMilliseconds: Int?
    public var lastError: String?
    public var deliveredAt: Instant?

    public init(id: DeliveryID, eventID: Int64, eventType: EventType?, status: DeliveryStatus, attempts: Int,
                createdAt: Instant, nextAttemptAt: Instant?, lastAttemptAt: Instant?, lastStatusCode: Int?,
                lastLatencyMilliseconds: Int?, lastError: String?, deliveredAt: Instant?) {
        self.id = id
        self.eventID = eventID
        self.eventType = eventType
        self.status = status
        self.attempts = attempts
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatusCode = lastStatusCode
        self.lastLatencyMilliseconds = lastLatencyMilliseconds
        self.lastError = lastError
        self.deliveredAt = deliveredAt
    }
}
