-- Stays schema, version 6: a listing's owner. An account with the `host` role owns the
-- listings it creates (POST /host/listings); listings that came from the demo generator or
-- a CSV import have no Stays account behind them until one is assigned, so the column is
-- nullable. A shipped migration is never edited; Migrations/postgres/0004_listing_hosts.sql
-- is the same schema on PostgreSQL (SchemaParityTests).
ALTER TABLE listings ADD COLUMN host_account_id INTEGER REFERENCES accounts(id);

-- "My listings", newest first, and "which host hears of this listing's events".
CREATE INDEX listings_host_account ON listings(host_account_id, id);
