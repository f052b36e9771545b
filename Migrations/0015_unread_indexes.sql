-- Stays schema, version 15: two indexes no query reads go.
-- Migrations/postgres/0013_unread_indexes.sql is the same schema on PostgreSQL
-- (SchemaParityTests). A shipped migration is never edited.
--
-- Every booking inserts a row into events and into idempotency_keys, and each index on a
-- table is one more page a commit writes (Benchmarks/booking_pages.py: 1.04 and 1.22 of a
-- booking's 17.6 pages). No statement filters or orders either table by created_at (events
-- are read by id, idempotency keys by guest and key), and nothing expires either yet; a job
-- that does will say what it needs.
DROP INDEX events_created;
DROP INDEX idempotency_keys_created;
