import Domain

/// Hosts' webhook endpoints, their delivery log and the delivery queue, on either engine.
///
/// - Endpoint reads and writes are scoped by `account_id`: another host's id matches no row.
/// - The queue is claimed with a lease (`claimed_until`): one `UPDATE … RETURNING` marks
///   the due rows, and on PostgreSQL its subquery locks them `FOR UPDATE SKIP LOCKED`, so
///   servers claiming at once take different rows; a server that dies leaves its rows to
///   whoever claims after the lease. Marks are fenced by the lease (`claimed_until = ?`):
///   a deliverer that lost its claim changes nothing.
/// - Per endpoint and listing, deliveries are claimed one at a time and in event order: a
///   row is not claimed while an earlier one of its endpoint about its listing is pending
///   (due, waiting for a retry or in flight), nor while a later one is in flight (a
///   redelivered old event). Given-up and delivered rows, and disabled or deleted endpoints'
///   rows (each endpoint orders only its own), hold nothing back.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreWebhooks<Engine: StoreEngine>: WebhookStore, WebhookQueue {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    // MARK: endpoints

    private static var selectEndpoint: String {
        "SELECT id, url, events, created_at, disabled_at, disabled_reason FROM webhook_endpoints"
    }

    private static func decodeEndpoint(_ row: Engine.Connection.Row) -> WebhookEndpoint {
        WebhookEndpoint(id: WebhookID(row.int64(0)), url: row.string(1), patterns: WebhookPatterns.decode(row.string(2)),
                        createdAt: Instant(millisecondsSinceEpoch: row.int64(3)),
                        disabledAt: row.optionalInt64(4).map { Instant(millisecondsSinceEpoch: $0) },
                        disabledReason: row.optionalString(5))
    }

    public func insertEndpoint(of account: AccountID, url: String, patterns: [EventPattern], secret: WebhookSecret,
                               at instant: Instant) throws -> WebhookEndpoint {
        try engine.write { connection in
            let id = try connection.insertReturningID("""
                INSERT INTO webhook_endpoints (account_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?)
                """, [account.rawValue, url, WebhookPatterns.encode(patterns), secret.text, instant.millisecondsSinceEpoch])
            return WebhookEndpoint(id: WebhookID(id), url: url, patterns: patterns, createdAt: instant, disabledAt: nil,
                                   disabledReason: nil)
        }
    }

    public func endpoints(of account: AccountID) throws -> [WebhookEndpoint] {
        try engine.read { connection in
            try connection.fetchAll(Self.selectEndpoint + " WHERE account_id = ? AND deleted_at IS NULL ORDER BY id",
                                    [account.rawValue], Self.decodeEndpoint)
        }
    }

    public func endpoint(_ id: WebhookID, of account: AccountID) throws -> WebhookEndpoint? {
        try engine.read { connection in
            try connection.fetchOne(Self.selectEndpoint + " WHERE id = ? AND account_id = ? AND deleted_at IS NULL",
                                    [id.rawValue, account.rawValue], Self.decodeEndpoint)
        }
    }

    public func deleteEndpoint(_ id: WebhookID, of account: AccountID, at instant: Instant) throws -> Bool {
        try engine.write { connection in
            // The row stays (its deliveries reference it); its secret goes, and what was
            // pending is abandoned.
            let deleted = try connection.run("""
                UPDATE webhook_endpoints SET deleted_at = ?, secret = '' WHERE id = ? AND account_id = ? AND deleted_at IS NULL
                """, [instant.millisecondsSinceEpoch, id.rawValue, account.rawValue]) > 0
            if deleted {
                try connection.run("""
                    UPDATE webhook_deliveries SET status = 'failed', last_error = 'endpoint deleted', claimed_until = NULL \
                    WHERE endpoint_id = ? AND status = 'pending'
                    """, [id.rawValue])
            }
            return deleted
        }
    }

    public func replaceSecret(of id: WebhookID, of account: AccountID, with secret: WebhookSecret) throws -> Bool {
        try engine.write { connection in
            try connection.run("""
                UPDATE webhook_endpoints SET secret = ? WHERE id = ? AND account_id = ? AND deleted_at IS NULL
                """, [secret.text, id.rawValue, account.rawValue]) > 0
        }
    }

    // MARK: the delivery log

    private static var selectDelivery: String { """
        SELECT d.id, d.event_id, e.type, d.status, d.attempts, d.created_at, d.next_attempt_at, d.last_attempt_at, \
        d.last_status_code, d.last_latency_ms, d.last_error, d.delivered_at \
        FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        """ }

    private static func decodeDelivery(_ row: Engine.Connection.Row) -> WebhookDelivery {
        let status = DeliveryStatus(rawValue: row.string(3)) ?? .failed
        return WebhookDelivery(
            id: DeliveryID(row.int64(0)), eventID: row.int64(1), eventType: EventType(rawValue: row.string(2)),
            status: status, attempts: row.int(4), createdAt: Instant(millisecondsSinceEpoch: row.int64(5)),
            nextAttemptAt: status == .pending ? Instant(millisecondsSinceEpoch: row.int64(6)) : nil,
            lastAttemptAt: row.optionalInt64(7).map { Instant(millisecondsSinceEpoch: $0) },
            lastStatusCode: row.optionalInt64(8).map { Int($0) }, lastLatencyMilliseconds: row.optionalInt64(9).map { Int($0) },
            lastError: row.optionalString(10), deliveredAt: row.optionalInt64(11).map { Instant(millisecondsSinceEpoch: $0) })
    }

    public func deliveries(of id: WebhookID, before cursor: DeliveryID?, limit: Int) throws -> [WebhookDelivery] {
        try engine.read { connection in
            try connection.fetchAll(Self.selectDelivery + " WHERE d.endpoint_id = ? AND d.id < ? ORDER BY d.id DESC LIMIT ?",
                                    [id.rawValue, cursor?.rawValue ?? Int64.max, limit], Self.decodeDelivery)
        }
    }

    public func redeliver(_ delivery: DeliveryID, of id: WebhookID, at instant: Instant) throws -> WebhookDelivery? {
        try engine.write { connection in
            // Counted afresh from now: the retry period starts again, as the host asked.
            guard try connection.run("""
                UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, created_at = ?, \
                claimed_until = NULL WHERE id = ? AND endpoint_id = ?
                """, [instant.millisecondsSinceEpoch, instant.millisecondsSinceEpoch, delivery.rawValue, id.rawValue]) > 0
            else { return nil }
            try connection.run("""
                UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL WHERE id = ? AND deleted_at IS NULL
                """, [id.rawValue])
            return try connection.fetchOne(Self.selectDelivery + " WHERE d.id = ?", [delivery.rawValue], Self.decodeDelivery)
        }
    }

    // MARK: the queue

    public func claimDue(limit: Int, now: Instant, leaseUntil: Instant) throws -> [ClaimedDelivery] {
        try engine.write { connection in
            let skipLocked = connection.dialect == .postgres ? " FOR UPDATE OF d SKIP LOCKED" : ""
            // The order per endpoint and listing: a row waits while another pending row of its
            // endpoint about its listing is earlier (waiting for a retry, or not yet sent) or
            // is in flight (leased). So only the earliest pending row of a listing is ever
            // claimable, and a statement that sees it pending (whether or not another server
            // holds its lock) passes over the rows behind it. Given up (`failed`) or delivered
            // rows hold nothing back; a NULL listing orders nothing.
            let claimed = try connection.fetchAll("""
                UPDATE webhook_deliveries SET claimed_until = :lease WHERE id IN (\
                SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id \
                WHERE d.status = 'pending' AND d.next_attempt_at <= :now AND (d.claimed_until IS NULL OR d.claimed_until <= :now) \
                AND w.disabled_at IS NULL AND w.deleted_at IS NULL \
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.endpoint_id = d.endpoint_id \
                AND o.listing_id = d.listing_id AND o.status = 'pending' AND o.id <> d.id \
                AND (o.event_id < d.event_id OR o.claimed_until > :now)) \
                ORDER BY d.id LIMIT :limit\(skipLocked)) \
                RETURNING id, endpoint_id, event_id, attempts, created_at
                """, [":lease": leaseUntil.millisecondsSinceEpoch, ":now": now.millisecondsSinceEpoch, ":limit": limit]) {
                (id: $0.int64(0), endpoint: $0.int64(1), event: $0.int64(2), attempts: $0.int(3), createdAt: $0.int64(4))
            }
            return try claimed.sorted { $0.id < $1.id }.compactMap { row in
                try connection.fetchOne("""
                    SELECT w.url, w.secret, e.type, e.created_at, e.data FROM webhook_endpoints w, events e \
                    WHERE w.id = ? AND e.id = ?
                    """, [row.endpoint, row.event]) {
                    ClaimedDelivery(id: DeliveryID(row.id), endpointID: WebhookID(row.endpoint), url: $0.string(0),
                                    secret: WebhookSecret(text: $0.string(1)), eventID: row.event, eventType: $0.string(2),
                                    eventCreatedAt: Instant(millisecondsSinceEpoch: $0.int64(3)), data: $0.string(4),
                                    attempts: row.attempts, createdAt: Instant(millisecondsSinceEpoch: row.createdAt),
                                    lease: leaseUntil)
                }
            }
        }
    }

    public func markDelivered(_ delivery: ClaimedDelivery, attempt: DeliveryAttempt) throws {
        _ = try engine.write { connection in
            try connection.run("""
                UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, claimed_until = NULL, \
                last_attempt_at = ?, last_status_code = ?, last_latency_ms = ?, last_error = NULL, delivered_at = ? \
                WHERE id = ? AND claimed_until = ?
                """, [attempt.at.millisecondsSinceEpoch, attempt.statusCode, attempt.latencyMilliseconds,
                      attempt.at.millisecondsSinceEpoch, delivery.id.rawValue, delivery.lease.millisecondsSinceEpoch])
        }
    }

    public func markFailed(_ delivery: ClaimedDelivery, attempt: DeliveryAttempt, nextAttemptAt: Instant?,
                           disable: String?) throws {
        _ = try engine.write { connection in
            let marked = try connection.run("""
                UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, claimed_until = NULL, next_attempt_at = ?, \
                last_attempt_at = ?, last_status_code = ?, last_latency_ms = ?, last_error = ? \
                WHERE id = ? AND claimed_until = ?
                """, [nextAttemptAt == nil ? "failed" : "pending", nextAttemptAt?.millisecondsSinceEpoch ?? Int64.max,
                      attempt.at.millisecondsSinceEpoch, attempt.statusCode, attempt.latencyMilliseconds,
                      attempt.error.map { String($0.prefix(500)) }, delivery.id.rawValue,
                      delivery.lease.millisecondsSinceEpoch])
            if marked > 0, let disable {
                let disabled = try connection.fetchOne("""
                    UPDATE webhook_endpoints SET disabled_at = ?, disabled_reason = ? WHERE id = ? AND disabled_at IS NULL \
                    RETURNING account_id, url
                    """, [attempt.at.millisecondsSinceEpoch, disable, delivery.endpointID.rawValue]) {
                    (AccountID($0.int64(0)), $0.string(1))
                }
                // The host hears of it (a notification; their other webhooks too), in the same transaction.
                if let (host, url) = disabled {
                    try EventOutbox.append(.webhookDisabled, snapshot: EventSnapshot(
                        webhookID: delivery.endpointID, webhookURL: url, reason: disable), guest: nil, host: host,
                        at: attempt.at, in: connection)
                }
            }
        }
    }

    public func endpointSucceeded(_ id: WebhookID, since instant: Instant) throws -> Bool {
        try engine.read { connection in
            try connection.exists("""
                SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'delivered' AND delivered_at >= ?
                """, [id.rawValue, instant.millisecondsSinceEpoch])
        }
    }

    /// The highest event id (0 when there is none): how many events were ever written.
    public func latestEventID() throws -> Int64 {
        try engine.readOne { connection in
            try connection.fetchOne("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0
        }
    }

    public func oldestPendingCreatedAt() throws -> Instant? {
        try engine.readOne { connection in
            try connection.fetchOne("SELECT min(created_at) FROM webhook_deliveries WHERE status = 'pending'") {
                $0.optionalInt64(0).map { Instant(millisecondsSinceEpoch: $0) }
            } ?? nil
        }
    }
}
