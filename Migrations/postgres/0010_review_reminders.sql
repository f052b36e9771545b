-- Stays schema (PostgreSQL), version 10: reminders to review a stay (docs/storage.md, "Reviews"). A
-- shipped migration is never edited; Migrations/0012_review_reminders.sql is the
-- same schema on SQLite (SchemaParityTests).

-- Each side of a stay reminded to review it (`review.reminder`), written in the same
-- transaction as the reminder's event: the primary key lets one server's insert win and
-- every other server's, or a later run's, do nothing, so each side is reminded once.
CREATE TABLE review_reminders (
    reservation_id BIGINT  NOT NULL REFERENCES reservations(id),
    audience       TEXT    NOT NULL CHECK (audience IN ('guest', 'host')),
    reminded_at    BIGINT  NOT NULL,   -- unix ms
    PRIMARY KEY (reservation_id, audience)
);
-- The reminder job's scan: stays by checkout day.
CREATE INDEX reservations_checkout ON reservations(checkout);
