-- Stays schema, version 2: bookings, and the change log the search index follows.
-- A shipped migration is never edited: add a new file instead.
--
-- Conventions as in 0001; instants are INTEGER milliseconds since 1970-01-01T00:00:00Z.

-- Each listing's cancellation policy (docs/API.md, "Cancellation policies").
ALTER TABLE listings ADD COLUMN cancellation_policy TEXT NOT NULL DEFAULT 'moderate'
    CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict'));

-- Every write that changes what search, calendar or quote answer appends rows here, in
-- the same transaction: one row per changed listing, or one row with listing_id NULL for
-- a catalog-wide change (locations, a bulk import), after which readers rebuild whole.
-- AUTOINCREMENT: sequence numbers strictly increase and are never reused, even after the
-- newest rows are trimmed.
CREATE TABLE change_log (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id INTEGER,                 -- NULL: catalog-wide
    reason     TEXT    NOT NULL,        -- reservation, cancellation, listing, calendar, catalog
    created_at INTEGER NOT NULL
);

-- The highest sequence number trimmed from change_log: a reader that applied less than
-- this has missed entries and must rebuild.
CREATE TABLE change_log_trim (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    trimmed_through INTEGER NOT NULL
);
INSERT INTO change_log_trim (id, trimmed_through) VALUES (1, 0);

-- Anonymous guest accounts. The bearer token is shown once; only its SHA-256 is kept.
CREATE TABLE guests (
    id         INTEGER PRIMARY KEY,
    token_hash BLOB    NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    created_at INTEGER NOT NULL
);

CREATE TABLE reservations (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    guest_id            INTEGER NOT NULL REFERENCES guests(id),
    listing_id          INTEGER NOT NULL REFERENCES listings(id),
    checkin             INTEGER NOT NULL,       -- epoch day in the listing's time zone
    checkout            INTEGER NOT NULL CHECK (checkout > checkin),
    adults              INTEGER NOT NULL CHECK (adults >= 1),
    children            INTEGER NOT NULL CHECK (children >= 0),
    infants             INTEGER NOT NULL CHECK (infants >= 0),
    currency            TEXT    NOT NULL,
    nightly_prices      TEXT    NOT NULL,       -- "123,456": minor units, one per night
    line_items          TEXT    NOT NULL,       -- "accommodation:300000,service_fee:42000"
    total               INTEGER NOT NULL,
    cancellation_policy TEXT    NOT NULL CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
    status              TEXT    NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
    created_at          INTEGER NOT NULL,
    cancelled_at        INTEGER,
    cancelled_on        INTEGER,                -- epoch day in the listing's time zone
    refund_lines        TEXT                    -- as line_items, once cancelled
);
CREATE INDEX reservations_guest ON reservations(guest_id, checkin, id);

-- One row per booked night of every confirmed reservation. The primary key is what makes
-- double booking impossible: two reservations cannot hold the same night of a listing,
-- whatever any process checked before. Cancelling deletes the rows.
CREATE TABLE reservation_nights (
    listing_id     INTEGER NOT NULL,
    night          INTEGER NOT NULL,            -- epoch day
    reservation_id INTEGER NOT NULL REFERENCES reservations(id),
    PRIMARY KEY (listing_id, night)
) WITHOUT ROWID;
CREATE INDEX reservation_nights_reservation ON reservation_nights(reservation_id);

-- Idempotency keys of POST /reservations, per guest: the request's fingerprint and the
-- exact 201 body sent, replayed for a retry with the same key and body.
CREATE TABLE idempotency_keys (
    guest_id       INTEGER NOT NULL REFERENCES guests(id),
    key            TEXT    NOT NULL,
    request_hash   BLOB    NOT NULL,
    reservation_id INTEGER NOT NULL REFERENCES reservations(id),
    response_body  BLOB    NOT NULL,
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (guest_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

CREATE TABLE wishlist (
    guest_id   INTEGER NOT NULL REFERENCES guests(id),
    listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    saved_at   INTEGER NOT NULL,
    PRIMARY KEY (guest_id, listing_id)
) WITHOUT ROWID;
CREATE INDEX wishlist_recent ON wishlist(guest_id, saved_at DESC, listing_id DESC);
