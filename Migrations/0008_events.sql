-- Stays schema, version 8: the event outbox, in-app notifications and host webhooks
-- (docs/storage.md, "The event outbox"). A shipped migration is never edited;
-- Migrations/postgres/0006_events.sql is the same schema on PostgreSQL (SchemaParityTests).
--
-- An event is written in the same transaction as the change it announces, together with
-- its notifications, its mails (mail_outbox) and one delivery per matching webhook: a
-- rolled-back change leaves none of them, a committed one has all of them.

-- What happened: `data` is a JSON snapshot (the reservation or listing as it was), not a
-- pointer that may change. The accounts it concerns: the guest's account (NULL for an
-- anonymous guest) and the listing's host (NULL when the listing has none).
CREATE TABLE events (
    id               INTEGER PRIMARY KEY,
    type             TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,
    listing_id       INTEGER,
    reservation_id   INTEGER,
    guest_account_id INTEGER REFERENCES accounts(id),
    host_account_id  INTEGER REFERENCES accounts(id),
    data             TEXT    NOT NULL
);
CREATE INDEX events_created ON events(created_at);

-- One row per account told of an event; `audience` picks the wording (the guest's side or
-- the host's). Deleting a notification deletes its row; the event stays.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    event_id   INTEGER NOT NULL REFERENCES events(id),
    audience   TEXT    NOT NULL CHECK (audience IN ('guest', 'host')),
    created_at INTEGER NOT NULL,
    read_at    INTEGER
);
CREATE INDEX notifications_account ON notifications(account_id, id);
CREATE INDEX notifications_unread ON notifications(account_id, id) WHERE read_at IS NULL;

-- A host's receiver. `events` is a comma-separated list of patterns (`reservation.*`,
-- `listing.published`, `*`). `secret` signs deliveries, so it is kept as it was issued
-- (a digest could not sign); it is shown once, at creation or rotation, and never again.
CREATE TABLE webhook_endpoints (
    id              INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL REFERENCES accounts(id),
    url             TEXT    NOT NULL,
    events          TEXT    NOT NULL,
    secret          TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    disabled_at     INTEGER,
    disabled_reason TEXT,
    deleted_at      INTEGER
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints(account_id, id);

-- One event to one endpoint. `claimed_until` is a lease: a server that dies mid-delivery
-- leaves the row to another once it ends. The last attempt's outcome is kept for the
-- host's delivery log.
CREATE TABLE webhook_deliveries (
    id               INTEGER PRIMARY KEY,
    endpoint_id      INTEGER NOT NULL REFERENCES webhook_endpoints(id),
    event_id         INTEGER NOT NULL REFERENCES events(id),
    status           TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    next_attempt_at  INTEGER NOT NULL,
    claimed_until    INTEGER,
    last_attempt_at  INTEGER,
    last_status_code INTEGER,
    last_latency_ms  INTEGER,
    last_error       TEXT,
    delivered_at     INTEGER,
    UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, id);
