-- Stays schema (PostgreSQL), version 4: a listing's owner. An account with the `host` role
-- owns the listings it creates (POST /host/listings); listings that came from the demo
-- generator or a CSV import have no Stays account behind them until one is assigned, so
-- the column is nullable. A shipped migration is never edited; Migrations/0006_listing_hosts.sql
-- is the same schema on SQLite (SchemaParityTests).
ALTER TABLE listings ADD COLUMN host_account_id BIGINT REFERENCES accounts(id);

-- "My listings", newest first, and "which host hears of this listing's events".
CREATE INDEX listings_host_account ON listings(host_account_id, id);
