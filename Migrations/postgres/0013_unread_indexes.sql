-- Stays schema (PostgreSQL), version 13: two indexes no query reads go.
-- Migrations/0015_unread_indexes.sql is the same schema on SQLite (SchemaParityTests), and
-- says why. A shipped migration is never edited.
DROP INDEX events_created;
DROP INDEX idempotency_keys_created;
