-- Stays schema, version 9: reviews and ratings (docs/storage.md, "Reviews"). A shipped
-- migration is never edited; Migrations/postgres/0007_reviews.sql is the same schema on
-- PostgreSQL (SchemaParityTests).

-- Reviews written in Stays (one per side of a stay: the guest about the listing, the host
-- about the guest) and review texts imported with a listing (reservation_id NULL, no rating).
-- Double-blind: a review is visible to others once published_at is set (both sides wrote,
-- or the publishing job ran) or once publish_on (the review window's first closed day, in
-- the listing's time zone) has come, whichever is first; readers evaluate that themselves.
CREATE TABLE reviews (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id           INTEGER NOT NULL REFERENCES listings(id),
    reservation_id       INTEGER REFERENCES reservations(id),
    author               TEXT    NOT NULL CHECK (author IN ('guest', 'host')),
    source               TEXT    NOT NULL CHECK (source IN ('stays', 'imported')),
    rating               INTEGER CHECK (rating BETWEEN 1 AND 5),
    -- A guest's category scores (all six, or none: host reviews and imported texts).
    rating_cleanliness   INTEGER CHECK (rating_cleanliness BETWEEN 1 AND 5),
    rating_accuracy      INTEGER CHECK (rating_accuracy BETWEEN 1 AND 5),
    rating_checkin       INTEGER CHECK (rating_checkin BETWEEN 1 AND 5),
    rating_communication INTEGER CHECK (rating_communication BETWEEN 1 AND 5),
    rating_location      INTEGER CHECK (rating_location BETWEEN 1 AND 5),
    rating_value         INTEGER CHECK (rating_value BETWEEN 1 AND 5),
    text                 TEXT    NOT NULL,
    language             TEXT,                  -- ko, en; NULL when not known
    guest_name           TEXT    NOT NULL,      -- the guest's first name ('' when unknown)
    stay_month           TEXT    NOT NULL,      -- YYYY-MM
    created_at           INTEGER NOT NULL,
    publish_on           INTEGER NOT NULL,      -- epoch day in the listing's time zone
    published_at         INTEGER,
    reply_text           TEXT,
    replied_at           INTEGER,
    UNIQUE (reservation_id, author)
);
-- A listing's reviews, newest first (the cursor is (created_at, id)).
CREATE INDEX reviews_listing ON reviews(listing_id, created_at, id);
-- The publishing job's due reviews.
CREATE INDEX reviews_unpublished ON reviews(published_at, publish_on);

-- Ratings imported with a listing (Inside Airbnb's number_of_reviews and review_scores_*,
-- on a 0-5 scale), kept apart from Stays reviews and combined with them by one rule
-- (ListingRating.combine) into listings.rating, review_count and rating_categories.
CREATE TABLE listing_imported_ratings (
    listing_id           INTEGER PRIMARY KEY REFERENCES listings(id),
    review_count         INTEGER NOT NULL CHECK (review_count >= 0),
    rating               REAL,
    rating_cleanliness   REAL,
    rating_accuracy      REAL,
    rating_checkin       REAL,
    rating_communication REAL,
    rating_location      REAL,
    rating_value         REAL
);

-- The category means shown with a listing: six hundredths ("485,490,,...", empty where
-- fewer than 3 ratings), NULL when none.
ALTER TABLE listings ADD COLUMN rating_categories TEXT;
