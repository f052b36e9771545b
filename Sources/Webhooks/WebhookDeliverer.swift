import Domain
import OutboundHTTP
import Synchronization

/// Sends what the webhook outbox holds, after the commits that wrote it: `deliverDue`
/// claims due deliveries (a lease, so servers share the queue and a delivery is sent by one
/// server at a time; on PostgreSQL `FOR UPDATE SKIP LOCKED`), posts each event to its
/// endpoint, signed, and records the outcome.
///
/// - A 2xx within `timeoutSeconds` acknowledges. Anything else (another status, a timeout,
///   a refused address, a transport error) is tried again after an exponentially growing
///   delay with up to 25% jitter (`nextDelayMilliseconds`), until `retryForSeconds` after
///   the delivery was created; then it is given up, and when the endpoint had no success in
///   that whole period it is disabled.
/// - A 410 gives up at once and disables the endpoint.
/// - Redirects are not followed (a 3xx is a failure); the answer's body is read up to
///   64 KiB; the outbound client's address policy refuses private addresses unless allowed.
/// - The queue hands out an endpoint's deliveries about one listing one at a time, in event
///   order (`WebhookQueue.claimDue`): a delivery waiting for its retry holds back the later
///   ones about its listing until it succeeds or is given up here.
///
/// It runs on background workers (`Application`), never on a request's thread, so a slow
/// or dead receiver delays its own deliveries, never a booking. Thread safety: `Sendable`;
/// any number of `deliverDue` at once (each claims different rows).
public final class WebhookDeliverer: Sendable {
    public let queue: any WebhookQueue
    public let client: OutboundHTTPClient
    public let retryForSeconds: Int64
    public let timeoutSeconds: Int
    public let counters = WebhookCounters()
    private let dateProvider: any DateProvider
    private let log: @Sendable (String) -> Void

    public init(queue: any WebhookQueue, client: OutboundHTTPClient, retryForSeconds: Int64, timeoutSeconds: Int = 10,
                dateProvider: any DateProvider, log: @escaping @Sendable (String) -> Void) {
        self.queue = queue
        self.client = client
        self.retryForSeconds = retryForSeconds
        self.timeoutSeconds = timeoutSeconds
        self.dateProvider = dateProvider
        self.log = log
    }

    /// Claims and attempts up to `limit` due deliveries, one after another; returns how many
    /// were claimed.
    @discardableResult
    public func deliverDue(limit: Int = 1) throws -> Int {
        let now = dateProvider.now()
        // The lease outlasts the longest attempt (the timeout) with room to record it; a server
        // killed mid-delivery leaves the row to another this long after its claim.
        let lease = Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + Int64(timeoutSeconds + 5) * 1000)
        let claimed = try queue.claimDue(limit: limit, now: now, leaseUntil: lease)
        for delivery in claimed { try attempt(delivery) }
        return claimed.count
    }

    func attempt(_ delivery: ClaimedDelivery) throws {
        let body = WebhookSignature.body(of: delivery)
        let started = dateProvider.now()
        let timestamp = started.millisecondsSinceEpoch / 1000
        let request = OutboundRequest(method: "POST", url: delivery.url, headers: [
            ("Content-Type", "application/json"),
            ("Stays-Event-Id", String(delivery.eventID)),
            ("Stays-Event-Type", delivery.eventType),
            ("Stays-Signature", WebhookSignature.header(secret: delivery.secret, timestamp: timestamp, body: body)),
        ], body: body, maximumRedirects: 0, timeoutSeconds: timeoutSeconds, maximumResponseBytes: 65_536)
        var status: Int?
        var latency = 0
        var failure: String?
        do {
            let response = try client.send(request)
            status = response.status
            latency = response.milliseconds
            if !(200..<300).contains(response.status) { failure = "HTTP \(response.status)" }
        } catch {
            // The error names no secret (OutboundError repeats no URL); the URL is the host's own.
            failure = String(describing: error)
            latency = Int(dateProvider.now().millisecondsSinceEpoch - started.millisecondsSinceEpoch)
        }
        let outcome = DeliveryAttempt(at: dateProvider.now(), statusCode: status, latencyMilliseconds: latency, error: failure)
        guard let failure else {
            try queue.markDelivered(delivery, attempt: outcome)
            counters.record(.delivered)
            return
        }
        if status == 410 {
            try queue.markFailed(delivery, attempt: outcome, nextAttemptAt: nil, disable: "the endpoint answered 410 Gone")
            counters.record(.gone)
            log("webhook \(delivery.endpointID): 410 Gone, endpoint disabled")
            return
        }
        let delay = Self.nextDelayMilliseconds(afterAttempt: delivery.attempts + 1, retryForSeconds: retryForSeconds,
                                               jitter: Double.random(in: 0..<0.25))
        let next = outcome.at.millisecondsSinceEpoch + delay
        if next - delivery.createdAt.millisecondsSinceEpoch <= retryForSeconds * 1000 {
            try queue.markFailed(delivery, attempt: outcome, nextAttemptAt: Instant(millisecondsSinceEpoch: next), disable: nil)
            counters.record(.retrying)
            return
        }
        let since = Instant(millisecondsSinceEpoch: outcome.at.millisecondsSinceEpoch - retryForSeconds * 1000)
        let disable = try queue.endpointSucceeded(delivery.endpointID, since: since)
            ? nil : "no delivery succeeded for \(retryForSeconds) seconds"
        try queue.markFailed(delivery, attempt: outcome, nextAttemptAt: nil, disable: disable)
        counters.record(.gaveUp)
        log("webhook \(delivery.endpointID): delivery \(delivery.id) given up after \(delivery.attempts + 1) attempts: \(failure)"
            + (disable != nil ? "; endpoint disabled" : ""))
    }

    /// The wait after the `attempt`th failure: `base × 2^(attempt−1)` plus `jitter` of it,
    /// where `base` is the retry period / 4,096 (21 s for a day), so about twelve attempts
    /// fit in the period whatever its length.
    public static func nextDelayMilliseconds(afterAttempt attempt: Int, retryForSeconds: Int64, jitter: Double) -> Int64 {
        let base = max(1.0, Double(retryForSeconds) * 1000 / 4096)
        let delay = base * Double(1 << min(max(attempt - 1, 0), 20)) * (1 + jitter)
        return Int64(delay.rounded(.up))
    }
}

/// Delivery attempts by outcome, in this process (for metrics). Lock-free.
public final class WebhookCounters: Sendable {
    public enum Outcome: String, CaseIterable, Sendable {
        /// Acknowledged with a 2xx.
        case delivered
        /// Failed, to be tried again.
        case retrying
        /// Failed for the last time: the retry period is over.
        case gaveUp = "gave_up"
        /// Answered 410: given up, endpoint disabled.
        case gone
    }

    private let delivered = Atomic<UInt64>(0)
    private let retrying = Atomic<UInt64>(0)
    private let gaveUp = Atomic<UInt64>(0)
    private let gone = Atomic<UInt64>(0)

    public init() {}

    func record(_ outcome: Outcome) {
        switch outcome {
        case .delivered: delivered.wrappingAdd(1, ordering: .relaxed)
        case .retrying: retrying.wrappingAdd(1, ordering: .relaxed)
        case .gaveUp: gaveUp.wrappingAdd(1, ordering: .relaxed)
        case .gone: gone.wrappingAdd(1, ordering: .relaxed)
        }
    }

    public func count(_ outcome: Outcome) -> UInt64 {
        switch outcome {
        case .delivered: delivered.load(ordering: .relaxed)
        case .retrying: retrying.load(ordering: .relaxed)
        case .gaveUp: gaveUp.load(ordering: .relaxed)
        case .gone: gone.load(ordering: .relaxed)
        }
    }
}
