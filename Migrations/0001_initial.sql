-- Stays schema, version 1. A shipped migration is never edited: add a new file instead.
--
-- Conventions:
--   * Money is INTEGER minor units of the listing's ISO 4217 currency.
--   * Percentages are INTEGER basis points (1% = 100).
--   * Calendar dates are INTEGER days since 1970-01-01 ("epoch days"), meaning the
--     calendar date in the listing's own time zone, never an instant.

-- Cities, districts and neighbourhoods, as a tree (parent_id).
CREATE TABLE locations (
    id            INTEGER PRIMARY KEY,
    parent_id     INTEGER REFERENCES locations(id),
    kind          TEXT    NOT NULL CHECK (kind IN ('city', 'district', 'neighbourhood')),
    name          TEXT    NOT NULL,             -- local name, e.g. 강남구
    name_en       TEXT    NOT NULL,             -- English name, e.g. Gangnam-gu
    full_name     TEXT    NOT NULL,             -- e.g. 서울특별시 강남구
    full_name_en  TEXT    NOT NULL,             -- e.g. Gangnam-gu, Seoul
    initials      TEXT    NOT NULL,             -- 초성 of name, e.g. ㄱㄴㄱ
    latitude      REAL    NOT NULL,
    longitude     REAL    NOT NULL,
    image_url     TEXT,
    listing_count INTEGER NOT NULL DEFAULT 0,   -- listings in this location and below
    external_key  TEXT    UNIQUE                -- stable key for idempotent imports
);
CREATE INDEX locations_parent ON locations(parent_id);
CREATE INDEX locations_listing_count ON locations(listing_count DESC);

-- Every (location, ancestor-or-self) pair, so "listings in Seoul" is one indexed join.
CREATE TABLE location_ancestors (
    location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    ancestor_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
    depth       INTEGER NOT NULL,               -- 0 for the location itself
    PRIMARY KEY (ancestor_id, location_id)
) WITHOUT ROWID;

CREATE TABLE listings (
    id                    INTEGER PRIMARY KEY,  -- may exceed 2^53; served as a string
    location_id           INTEGER NOT NULL REFERENCES locations(id),
    title                 TEXT    NOT NULL,
    description           TEXT    NOT NULL DEFAULT '',
    room_type             TEXT    NOT NULL CHECK (room_type IN ('entire_home', 'private_room', 'shared_room', 'hotel_room')),
    latitude              REAL    NOT NULL,
    longitude             REAL    NOT NULL,
    time_zone             TEXT    NOT NULL,     -- IANA name, e.g. Asia/Seoul
    currency              TEXT    NOT NULL,     -- ISO 4217, e.g. KRW
    photo_urls            TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
    amenities             TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
    host_name             TEXT    NOT NULL,
    host_is_superhost     INTEGER NOT NULL DEFAULT 0,
    host_since            INTEGER,              -- epoch day
    max_guests            INTEGER NOT NULL CHECK (max_guests >= 1),
    bedrooms              INTEGER,
    beds                  INTEGER,
    bathrooms             REAL,
    rating                REAL,                 -- 0..5, NULL when no reviews
    review_count          INTEGER NOT NULL DEFAULT 0,
    base_price            INTEGER NOT NULL CHECK (base_price > 0),
    weekend_price         INTEGER CHECK (weekend_price > 0),  -- Friday and Saturday nights
    extra_guest_fee       INTEGER NOT NULL DEFAULT 0 CHECK (extra_guest_fee >= 0),
    guests_included       INTEGER NOT NULL DEFAULT 1 CHECK (guests_included >= 1),
    cleaning_fee          INTEGER NOT NULL DEFAULT 0 CHECK (cleaning_fee >= 0),
    weekly_discount_bp    INTEGER NOT NULL DEFAULT 0 CHECK (weekly_discount_bp BETWEEN 0 AND 10000),
    monthly_discount_bp   INTEGER NOT NULL DEFAULT 0 CHECK (monthly_discount_bp BETWEEN 0 AND 10000),
    min_nights            INTEGER NOT NULL DEFAULT 1 CHECK (min_nights >= 1),
    max_nights            INTEGER NOT NULL DEFAULT 365 CHECK (max_nights >= min_nights),
    checkin_time          TEXT    NOT NULL DEFAULT '15:00',
    checkout_time         TEXT    NOT NULL DEFAULT '11:00',
    house_rules           TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
    available_until       INTEGER,              -- epoch day; nights on or after it are not bookable
    recommendation_score  INTEGER NOT NULL DEFAULT 0,    -- higher first in `recommended`
    external_key          TEXT    UNIQUE        -- stable key for idempotent imports
);
CREATE INDEX listings_location ON listings(location_id);
CREATE INDEX listings_recommended ON listings(recommendation_score DESC, id);
CREATE INDEX listings_price ON listings(base_price, id);
CREATE INDEX listings_rating ON listings(rating DESC, id);
CREATE INDEX listings_coordinate ON listings(latitude, longitude);

-- Days that differ from the listing's defaults. A day with no row is available at the
-- listing's own price and min/max nights (until `listings.available_until`).
CREATE TABLE calendar_days (
    listing_id          INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    day                 INTEGER NOT NULL,       -- epoch day
    status              TEXT    NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'booked', 'blocked')),
    price               INTEGER CHECK (price > 0),   -- per-date override of the nightly price
    min_nights          INTEGER CHECK (min_nights >= 1),
    max_nights          INTEGER CHECK (max_nights >= 1),
    closed_to_arrival   INTEGER NOT NULL DEFAULT 0,
    closed_to_departure INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (listing_id, day)
) WITHOUT ROWID;
