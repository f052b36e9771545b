-- Stays schema, version 6: a listing's owner and how it is booked. An account with the `host` role owns the
-- listings it creates (POST /host/listings); listings that came from the demo generator or
-- a CSV import have no Stays account behind them until one is assigned, so the column is
-- nullable. A shipped migration is never edited; Migrations/postgres/0004_listing_hosts.sql
-- is the same schema on PostgreSQL (SchemaParityTests).
ALTER TABLE listings ADD COLUMN host_account_id INTEGER REFERENCES accounts(id);

-- Whether a guest's POST /reservations confirms at once (1) or asks the host first (0: a
-- request that holds the nights until the host answers or it expires). Search filters on it.
ALTER TABLE listings ADD COLUMN instant_book INTEGER NOT NULL DEFAULT 1 CHECK (instant_book IN (0, 1));

-- "My listings", newest first, and "which host hears of this listing's events".
CREATE INDEX listings_host_account ON listings(host_account_id, id);
