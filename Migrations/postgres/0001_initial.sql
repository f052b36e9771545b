-- Stays schema on PostgreSQL, version 1: the SQLite schema of Migrations/0001 and 0002 in
-- one step. A shipped migration is never edited: add a new file instead.
--
-- The column names, meanings and value encodings are SQLite's (docs/storage.md), so one
-- set of row decoders serves both engines:
--   * money, epoch days, instants (ms) and ids are BIGINT; flags are INTEGER 0/1;
--   * JSON arrays and amount lists are TEXT; digests and bodies are BYTEA.

CREATE TABLE locations (
    id            BIGINT PRIMARY KEY,
    parent_id     BIGINT REFERENCES locations(id),
    kind          TEXT    NOT NULL CHECK (kind IN ('city', 'district', 'neighbourhood')),
    name          TEXT    NOT NULL,
    name_en       TEXT    NOT NULL,
    full_name     TEXT    NOT NULL,
    full_name_en  TEXT    NOT NULL,
    initials      TEXT    NOT NULL,
    latitude      DOUBLE PRECISION NOT NULL,
    longitude     DOUBLE PRECISION NOT NULL,
    image_url     TEXT,
    listing_count BIGINT  NOT NULL DEFAULT 0,
    external_key  TEXT    UNIQUE
);
CREATE INDEX locations_parent ON locations(parent_id);
CREATE INDEX locations_listing_count ON locations(listing_count DESC);

CREATE TABLE location_ancestors (
    location_id BIGINT  NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    ancestor_id BIGINT  NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    depth       INTEGER NOT NULL,
    PRIMARY KEY (ancestor_id, location_id)
);

CREATE TABLE listings (
    id                    BIGINT  PRIMARY KEY,
    location_id           BIGINT  NOT NULL REFERENCES locations(id),
    title                 TEXT    NOT NULL,
    description           TEXT    NOT NULL DEFAULT '',
    room_type             TEXT    NOT NULL CHECK (room_type IN ('entire_home', 'private_room', 'shared_room', 'hotel_room')),
    latitude              DOUBLE PRECISION NOT NULL,
    longitude             DOUBLE PRECISION NOT NULL,
    time_zone             TEXT    NOT NULL,
    currency              TEXT    NOT NULL,
    photo_urls            TEXT    NOT NULL DEFAULT '[]',
    amenities             TEXT    NOT NULL DEFAULT '[]',
    host_name             TEXT    NOT NULL,
    host_is_superhost     INTEGER NOT NULL DEFAULT 0,
    host_since            BIGINT,
    max_guests            INTEGER NOT NULL CHECK (max_guests >= 1),
    bedrooms              INTEGER,
    beds                  INTEGER,
    bathrooms             DOUBLE PRECISION,
    rating                DOUBLE PRECISION,
    review_count          INTEGER NOT NULL DEFAULT 0,
    base_price            BIGINT  NOT NULL CHECK (base_price > 0),
    weekend_price         BIGINT  CHECK (weekend_price > 0),
    extra_guest_fee       BIGINT  NOT NULL DEFAULT 0 CHECK (extra_guest_fee >= 0),
    guests_included       INTEGER NOT NULL DEFAULT 1 CHECK (guests_included >= 1),
    cleaning_fee          BIGINT  NOT NULL DEFAULT 0 CHECK (cleaning_fee >= 0),
    weekly_discount_bp    INTEGER NOT NULL DEFAULT 0 CHECK (weekly_discount_bp BETWEEN 0 AND 10000),
    monthly_discount_bp   INTEGER NOT NULL DEFAULT 0 CHECK (monthly_discount_bp BETWEEN 0 AND 10000),
    min_nights            INTEGER NOT NULL DEFAULT 1 CHECK (min_nights >= 1),
    max_nights            INTEGER NOT NULL DEFAULT 365 CHECK (max_nights >= min_nights),
    checkin_time          TEXT    NOT NULL DEFAULT '15:00',
    checkout_time         TEXT    NOT NULL DEFAULT '11:00',
    house_rules           TEXT    NOT NULL DEFAULT '[]',
    available_until       BIGINT,
    recommendation_score  BIGINT  NOT NULL DEFAULT 0,
    external_key          TEXT    UNIQUE,
    cancellation_policy   TEXT    NOT NULL DEFAULT 'moderate'
        CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict'))
);
CREATE INDEX listings_location ON listings(location_id);
CREATE INDEX listings_recommended ON listings(recommendation_score DESC, id);
CREATE INDEX listings_price ON listings(base_price, id);
CREATE INDEX listings_rating ON listings(rating DESC, id);
CREATE INDEX listings_coordinate ON listings(latitude, longitude);

CREATE TABLE calendar_days (
    listing_id          BIGINT  NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    day                 BIGINT  NOT NULL,
    status              TEXT    NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'booked', 'blocked')),
    price               BIGINT  CHECK (price > 0),
    min_nights          INTEGER CHECK (min_nights >= 1),
    max_nights          INTEGER CHECK (max_nights >= 1),
    closed_to_arrival   INTEGER NOT NULL DEFAULT 0,
    closed_to_departure INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (listing_id, day)
);

-- The change log the search index of every server follows (docs/storage.md). `seq` is
-- COMMIT-ORDERED, which a plain sequence is not: with a sequence, a transaction can take
-- 11, another 12, and 12 commit first; a reader that then applies through 12 would skip 11
-- forever. Instead every writer takes the next number from the one row of
-- change_log_counter (UPDATE ... RETURNING) inside its transaction: the row lock is held
-- until COMMIT, so the next writer gets its number only after this one committed (or
-- rolled back, releasing the number unused). Numbers are assigned in commit order.
CREATE TABLE change_log (
    seq        BIGINT PRIMARY KEY,
    listing_id BIGINT,                 -- NULL: catalog-wide
    reason     TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX change_log_created ON change_log(created_at);

CREATE TABLE change_log_counter (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    seq BIGINT  NOT NULL
);
INSERT INTO change_log_counter (id, seq) VALUES (1, 0);

CREATE TABLE change_log_trim (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    trimmed_through BIGINT  NOT NULL
);
INSERT INTO change_log_trim (id, trimmed_through) VALUES (1, 0);

CREATE TABLE guests (
    id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    token_hash BYTEA  NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
    created_at BIGINT NOT NULL
);

CREATE TABLE reservations (
    id                  BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    guest_id            BIGINT  NOT NULL REFERENCES guests(id),
    listing_id          BIGINT  NOT NULL REFERENCES listings(id),
    checkin             BIGINT  NOT NULL,
    checkout            BIGINT  NOT NULL CHECK (checkout > checkin),
    adults              INTEGER NOT NULL CHECK (adults >= 1),
    children            INTEGER NOT NULL CHECK (children >= 0),
    infants             INTEGER NOT NULL CHECK (infants >= 0),
    currency            TEXT    NOT NULL,
    nightly_prices      TEXT    NOT NULL,
    line_items          TEXT    NOT NULL,
    total               BIGINT  NOT NULL,
    cancellation_policy TEXT    NOT NULL CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
    status              TEXT    NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
    created_at          BIGINT  NOT NULL,
    cancelled_at        BIGINT,
    cancelled_on        BIGINT,
    refund_lines        TEXT
);
CREATE INDEX reservations_guest ON reservations(guest_id, checkin, id);

-- One row per booked night of every confirmed reservation: the primary key makes double
-- booking impossible across every server on this database, whatever each checked before.
CREATE TABLE reservation_nights (
    listing_id     BIGINT NOT NULL,
    night          BIGINT NOT NULL,
    reservation_id BIGINT NOT NULL REFERENCES reservations(id),
    PRIMARY KEY (listing_id, night)
);
CREATE INDEX reservation_nights_reservation ON reservation_nights(reservation_id);

CREATE TABLE idempotency_keys (
    guest_id       BIGINT NOT NULL REFERENCES guests(id),
    key            TEXT   NOT NULL,
    request_hash   BYTEA  NOT NULL,
    reservation_id BIGINT NOT NULL REFERENCES reservations(id),
    response_body  BYTEA  NOT NULL,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (guest_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

CREATE TABLE wishlist (
    guest_id   BIGINT NOT NULL REFERENCES guests(id),
    listing_id BIGINT NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    saved_at   BIGINT NOT NULL,
    PRIMARY KEY (guest_id, listing_id)
);
CREATE INDEX wishlist_recent ON wishlist(guest_id, saved_at DESC, listing_id DESC);
