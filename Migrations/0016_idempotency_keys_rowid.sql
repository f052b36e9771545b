-- Stays schema, version 16: a booking's idempotency key costs fewer pages to commit.
-- PostgreSQL needs no counterpart: its tables are heaps already, and the columns, key and
-- constraints are unchanged (SchemaParityTests). A shipped migration is never edited.
--
-- idempotency_keys was a WITHOUT ROWID table keyed by (guest, random key), so each booking
-- put its ~700-byte row (the receipt) into a random leaf, and leaves of five rows split
-- often: 3.6 of a booking's 14.6 pages per commit (Benchmarks/booking_pages.py). As a rowid
-- table the rows go one after another at the end, and only the key's small index entry
-- lands at random: 2.5 pages. A replay looks the key up in that index, then the row.
CREATE TABLE idempotency_keys_appended (
    guest_id       INTEGER NOT NULL REFERENCES guests(id),
    key            TEXT    NOT NULL,
    request_hash   BLOB    NOT NULL,
    reservation_id INTEGER NOT NULL REFERENCES reservations(id),
    response_body  BLOB    NOT NULL,
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (guest_id, key)
);
INSERT INTO idempotency_keys_appended (guest_id, key, request_hash, reservation_id, response_body, created_at)
    SELECT guest_id, key, request_hash, reservation_id, response_body, created_at FROM idempotency_keys
    ORDER BY created_at, guest_id, key;
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_appended RENAME TO idempotency_keys;
