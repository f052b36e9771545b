-- Stays schema (PostgreSQL), version 12: webhook deliveries go out in order per endpoint and
-- listing. Migrations/0014_webhook_order.sql is the same schema on SQLite
-- (SchemaParityTests). A shipped migration is never edited.
--
-- A delivery is claimed only when no earlier delivery of the same endpoint about the same
-- listing is still pending (docs/API.md, "Webhooks": the ordering rule). The claim asks
-- that for every due row, so the listing is kept on the delivery itself (a copy of
-- events.listing_id, which never changes; NULL for an event about no listing, which is not
-- ordered) and the pending rows are indexed by endpoint, listing and event.
ALTER TABLE webhook_deliveries ADD COLUMN listing_id BIGINT;
UPDATE webhook_deliveries d SET listing_id = e.listing_id FROM events e WHERE e.id = d.event_id;
CREATE INDEX webhook_deliveries_listing_order ON webhook_deliveries(endpoint_id, listing_id, event_id)
    WHERE status = 'pending';
