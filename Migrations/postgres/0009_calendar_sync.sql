-- Stays schema (PostgreSQL), version 9: calendar sync with other channels (iCalendar export and import).
-- Migrations/0011_calendar_sync.sql is the same schema on SQLite
-- (SchemaParityTests). A shipped migration is never edited.

-- A listing's secret export feed (GET /ical/{token}.ics). Only the SHA-256 of the token is
-- kept: the URL is shown when it is made (first asked for, or rotated), never again.
CREATE TABLE calendar_exports (
    listing_id BIGINT  PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE,
    token_hash BYTEA   NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
    token_hint TEXT    NOT NULL,            -- the token's last 4 characters, to tell URLs apart
    created_at BIGINT  NOT NULL             -- unix ms
);

-- Another channel's feed a listing imports. Each import also has an export feed of its own
-- that leaves out the nights it brought in, so the channel never re-imports its own events.
-- The poller claims due rows with a lease (claimed_until; FOR UPDATE SKIP LOCKED on
-- PostgreSQL), so each import is fetched by one server at a time.
CREATE TABLE calendar_imports (
    id                   BIGINT  PRIMARY KEY,
    listing_id           BIGINT  NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    name                 TEXT    NOT NULL,
    url                  TEXT    NOT NULL,
    export_token_hash    BYTEA   NOT NULL UNIQUE CHECK (octet_length(export_token_hash) = 32),
    export_token_hint    TEXT    NOT NULL,
    created_at           BIGINT  NOT NULL,  -- unix ms
    last_synced_at       BIGINT,           -- unix ms of the last sync, successful or not
    last_status          TEXT    CHECK (last_status IN ('ok', 'failed')),
    last_error           TEXT,
    event_count          INTEGER NOT NULL DEFAULT 0,
    night_count          INTEGER NOT NULL DEFAULT 0,
    warnings             TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings, of the last good sync
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    next_sync_at         BIGINT  NOT NULL,  -- unix ms
    claimed_until        BIGINT             -- unix ms; a server is syncing it until then
);
CREATE INDEX calendar_imports_listing ON calendar_imports(listing_id, id);
CREATE INDEX calendar_imports_due ON calendar_imports(next_sync_at);

-- The nights each import's last good sync read from its feed (from that sync's today on).
CREATE TABLE calendar_import_nights (
    import_id  BIGINT  NOT NULL REFERENCES calendar_imports(id) ON DELETE CASCADE,
    listing_id BIGINT  NOT NULL,
    night      BIGINT  NOT NULL,            -- epoch day in the listing's time zone
    PRIMARY KEY (import_id, night)
);
CREATE INDEX calendar_import_nights_listing ON calendar_import_nights(listing_id, night);

-- The nights imports closed in calendar_days (status 'blocked'): a night is listed here when
-- it was open and an import closed it, and opened again only by the sync that finds no
-- import holding it any more. A night the host had closed, or a reservation holds, is never
-- listed, so imports never open what they did not close.
CREATE TABLE calendar_import_closures (
    listing_id BIGINT  NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    night      BIGINT  NOT NULL,
    PRIMARY KEY (listing_id, night)
);
