-- Stays schema (PostgreSQL), version 5: hosts write their listings, calendars and answer requests to book.
-- Migrations/0007_hosts.sql is the same schema on SQLite (SchemaParityTests).

-- A listing a host has created and never published. It may lack what `listings` requires
-- (a location, a coordinate, a price), so it lives here until its first publish moves it
-- into `listings` under the same id (ids are taken above both tables' largest). Columns are
-- named as in `listings`, so one decoder reads a host's listing from either table.
CREATE TABLE listing_drafts (
    id                       BIGINT PRIMARY KEY,
    host_account_id          BIGINT NOT NULL REFERENCES accounts(id),
    version                  BIGINT NOT NULL CHECK (version >= 1),
    title                    TEXT    NOT NULL DEFAULT '',
    description              TEXT    NOT NULL DEFAULT '',
    location_id              BIGINT REFERENCES locations(id),
    latitude                 DOUBLE PRECISION,
    longitude                DOUBLE PRECISION,
    address                  TEXT,
    room_type                TEXT    NOT NULL CHECK (room_type IN ('entire_home', 'private_room', 'shared_room', 'hotel_room')),
    max_guests               INTEGER NOT NULL CHECK (max_guests >= 1),
    bedrooms                 INTEGER,
    beds                     INTEGER,
    bathrooms                DOUBLE PRECISION,
    amenities                TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
    photo_urls               TEXT    NOT NULL DEFAULT '[]',  -- JSON array of https URLs, in the host's order
    house_rules              TEXT    NOT NULL DEFAULT '[]',  -- JSON array of strings
    time_zone                TEXT    NOT NULL,
    currency                 TEXT    NOT NULL,
    base_price               BIGINT CHECK (base_price > 0),
    weekend_price            BIGINT CHECK (weekend_price > 0),
    cleaning_fee             BIGINT NOT NULL DEFAULT 0 CHECK (cleaning_fee >= 0),
    extra_guest_fee          BIGINT NOT NULL DEFAULT 0 CHECK (extra_guest_fee >= 0),
    guests_included          INTEGER NOT NULL DEFAULT 1 CHECK (guests_included >= 1),
    weekly_discount_bp       INTEGER NOT NULL DEFAULT 0 CHECK (weekly_discount_bp BETWEEN 0 AND 10000),
    monthly_discount_bp      INTEGER NOT NULL DEFAULT 0 CHECK (monthly_discount_bp BETWEEN 0 AND 10000),
    min_nights               INTEGER NOT NULL DEFAULT 1 CHECK (min_nights >= 1),
    max_nights               INTEGER NOT NULL DEFAULT 365 CHECK (max_nights >= min_nights),
    checkin_time             TEXT    NOT NULL DEFAULT '15:00',
    checkout_time            TEXT    NOT NULL DEFAULT '11:00',
    cancellation_policy      TEXT    NOT NULL DEFAULT 'moderate' CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
    instant_book             INTEGER NOT NULL DEFAULT 1 CHECK (instant_book IN (0, 1)),
    availability_window_days INTEGER NOT NULL DEFAULT 365 CHECK (availability_window_days >= 1),
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL
);
CREATE INDEX listing_drafts_host ON listing_drafts(host_account_id, id);

-- Only a `published` listing is searched, quoted, shown and booked; `unpublished` keeps
-- its row (its reservations stay). Demo and imported listings are published.
ALTER TABLE listings ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'unpublished'));
-- Grows by one with every change of a host's content or status: the ETag's number.
ALTER TABLE listings ADD COLUMN version BIGINT NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE listings ADD COLUMN address TEXT;
-- Nights from today that can be booked; `available_until` is written from it at each
-- host write (today + this many days).
ALTER TABLE listings ADD COLUMN availability_window_days INTEGER NOT NULL DEFAULT 365 CHECK (availability_window_days >= 1);
ALTER TABLE listings ADD COLUMN created_at BIGINT;   -- unix ms; NULL for demo and imported listings
ALTER TABLE listings ADD COLUMN updated_at BIGINT;   -- unix ms of the last host write

-- A request to book (POST /reservations on an instantBook=false listing): its reservation
-- row holds the price, and `reservations.status` stays in the guest's two states
-- ('confirmed' while requested or accepted, 'cancelled' once declined, expired or
-- withdrawn); this row says where the request stands. While `requested` and before
-- `expires_at`, its nights are held in reservation_nights like a confirmed stay's.
CREATE TABLE reservation_requests (
    reservation_id BIGINT PRIMARY KEY REFERENCES reservations(id),
    status         TEXT    NOT NULL CHECK (status IN ('requested', 'accepted', 'declined', 'expired', 'withdrawn')),
    expires_at     BIGINT NOT NULL,   -- unix ms
    decided_at     BIGINT             -- unix ms of accept, decline, withdrawal or recorded expiry
);
-- The expiry job's claim: stored requests due first.
CREATE INDEX reservation_requests_due ON reservation_requests(status, expires_at);

-- Who cancelled a confirmed stay ('guest' or 'host': a host's cancellation refunds in full).
ALTER TABLE reservations ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IN ('guest', 'host'));
-- A host's reservations by listing, newest first.
CREATE INDEX reservations_listing ON reservations(listing_id, id);
