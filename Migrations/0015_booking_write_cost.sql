-- Stays schema, version 15: what every booking's transaction writes and checks costs less.
-- Migrations/postgres/0013_booking_write_cost.sql is the same schema on PostgreSQL
-- (SchemaParityTests). A shipped migration is never edited.
--
-- 1. A CHECK constraint `x IN (three or more values)` makes SQLite build a temporary b-tree
--    of the values for every row it checks (OpenEphemeral: ~15k instructions each, four in
--    a one-night booking: the reservation's policy, the night's calendar status on insert
--    and on update). The same constraints written `x = a OR x = b OR ...` are compared in
--    place (Benchmarks/profile_booking.sh: 724k -> 664k instructions per booking). The
--    rows already satisfy them, so the stored schema text is rewritten in place, as
--    SQLite's documentation allows for a change that leaves the stored content valid
--    (https://sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
--    Changes"); RESET reloads this connection's schema, and the DROP INDEX below changes
--    the schema cookie, so every other connection reloads it too. A database whose text
--    differs (none should) keeps its constraints as they were: `replace` finds nothing.
--    Every constraint written with an IN list of three or more values is listed here; a
--    new one is written with OR from the start (SchemaTests fails otherwise).
-- 2. Every booking inserts a row into events and into idempotency_keys, and each index on
--    a table is one more page a commit writes (Benchmarks/booking_pages.py: 1.04 and 1.22
--    of a booking's 17.6 pages). No statement filters or orders either table by created_at
--    (events are read by id, idempotency keys by guest and key), and nothing expires
--    either yet; a job that does will say what it needs.
-- 3. change_log loses AUTOINCREMENT, whose `sqlite_sequence` row was one more page in every
--    booking's commit: ChangeLog.append numbers a row one past the highest number handed
--    out, which `change_log_trim` keeps once the rows are trimmed, so no number is used
--    twice, as before. A log trimmed empty keeps its last number there first.
PRAGMA writable_schema = ON;
-- Each constraint's text is replaced wherever it appears (the cancellation policy's in three
-- tables); replace() leaves every other table's text as it is.
UPDATE sqlite_schema SET sql = replace(replace(replace(replace(replace(replace(replace(sql,
    'CHECK (roles IN (''guest'', ''host'', ''guest,host''))',
    'CHECK (roles = ''guest'' OR roles = ''host'' OR roles = ''guest,host'')'),
    'CHECK (status IN (''available'', ''booked'', ''blocked''))',
    'CHECK (status = ''available'' OR status = ''booked'' OR status = ''blocked'')'),
    'CHECK (room_type IN (''entire_home'', ''private_room'', ''shared_room'', ''hotel_room''))',
    'CHECK (room_type = ''entire_home'' OR room_type = ''private_room'' OR room_type = ''shared_room'' OR room_type = ''hotel_room'')'),
    'CHECK (cancellation_policy IN (''flexible'', ''moderate'', ''strict''))',
    'CHECK (cancellation_policy = ''flexible'' OR cancellation_policy = ''moderate'' OR cancellation_policy = ''strict'')'),
    'CHECK (kind IN (''city'', ''district'', ''neighbourhood'', ''landmark''))',
    'CHECK (kind = ''city'' OR kind = ''district'' OR kind = ''neighbourhood'' OR kind = ''landmark'')'),
    'CHECK (status IN (''requested'', ''accepted'', ''declined'', ''expired'', ''withdrawn''))',
    'CHECK (status = ''requested'' OR status = ''accepted'' OR status = ''declined'' OR status = ''expired'' OR status = ''withdrawn'')'),
    'CHECK (status IN (''pending'', ''delivered'', ''failed''))',
    'CHECK (status = ''pending'' OR status = ''delivered'' OR status = ''failed'')')
    WHERE type = 'table';
PRAGMA writable_schema = RESET;
DROP INDEX events_created;
DROP INDEX idempotency_keys_created;

UPDATE change_log_trim SET trimmed_through = (SELECT seq FROM sqlite_sequence WHERE name = 'change_log')
    WHERE NOT EXISTS (SELECT 1 FROM change_log)
    AND (SELECT seq FROM sqlite_sequence WHERE name = 'change_log') > trimmed_through;
CREATE TABLE change_log_numbered (
    seq        INTEGER PRIMARY KEY,     -- ChangeLog.append: one past the highest handed out
    listing_id INTEGER,                 -- NULL: catalog-wide
    reason     TEXT    NOT NULL,        -- reservation, cancellation, listing, calendar, catalog, review
    created_at INTEGER NOT NULL
);
INSERT INTO change_log_numbered (seq, listing_id, reason, created_at)
    SELECT seq, listing_id, reason, created_at FROM change_log;
DROP TABLE change_log;
ALTER TABLE change_log_numbered RENAME TO change_log;
