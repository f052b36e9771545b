-- Stays schema, version 5: accounts, their sessions, emailed links, sign-in failures and the
-- mail outbox (docs/security.md, "Accounts"). A shipped migration is never edited.
--
-- Conventions as in 0001 and 0002: instants are INTEGER milliseconds since the epoch;
-- tokens are stored as SHA-256 digests only (32 bytes), never in clear.

-- An account is a guest with an email, a password and a name: guest_id is the guest
-- whose trips and wishlist are the account's. Erasing an account (DELETE /me) sets its
-- email, password hash and name to NULL/'' and keeps the row, so its reservations keep
-- their guest. UNIQUE allows any number of NULLs, so an erased address can sign up again.
CREATE TABLE accounts (
    id                INTEGER PRIMARY KEY,
    guest_id          INTEGER NOT NULL UNIQUE REFERENCES guests(id),
    email             TEXT,                     -- as typed (trimmed)
    email_normalized  TEXT UNIQUE,              -- lowercased: what sign-in and uniqueness compare
    password_hash     TEXT,                     -- PHC string: $argon2id$v=19$m=...,t=...,p=1$salt$hash
    name              TEXT    NOT NULL,
    roles             TEXT    NOT NULL CHECK (roles IN ('guest', 'host', 'guest,host')),
    locale            TEXT    NOT NULL CHECK (locale IN ('ko', 'en')),
    email_verified_at INTEGER,
    created_at        INTEGER NOT NULL,
    erased_at         INTEGER
);

-- One row per signed-in device or browser. Each refresh replaces both digests; the spent
-- refresh digest goes to spent_refresh_tokens, so presenting it again is recognised as
-- token theft and revokes the session.
CREATE TABLE sessions (
    id                 INTEGER PRIMARY KEY,
    account_id         INTEGER NOT NULL REFERENCES accounts(id),
    access_hash        BLOB    NOT NULL UNIQUE CHECK (length(access_hash) = 32),
    refresh_hash       BLOB    NOT NULL UNIQUE CHECK (length(refresh_hash) = 32),
    access_expires_at  INTEGER NOT NULL,
    refresh_expires_at INTEGER NOT NULL,
    created_at         INTEGER NOT NULL,
    last_used_at       INTEGER NOT NULL,
    user_agent         TEXT,
    revoked_at         INTEGER
);
CREATE INDEX sessions_account ON sessions(account_id, created_at);

CREATE TABLE spent_refresh_tokens (
    token_hash BLOB    NOT NULL PRIMARY KEY CHECK (length(token_hash) = 32),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    spent_at   INTEGER NOT NULL
) WITHOUT ROWID;

-- Single-use tokens of emailed links: verify-email (24 h) and reset-password (1 h).
CREATE TABLE account_tokens (
    token_hash BLOB    NOT NULL PRIMARY KEY CHECK (length(token_hash) = 32),
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    purpose    TEXT    NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
) WITHOUT ROWID;

-- Failed sign-ins, keyed by the SHA-256 of "email:<normalized>" or "address:<client>", so
-- the table holds no address in clear. Counted over a sliding window; old rows are trimmed.
CREATE TABLE sign_in_failures (
    key_hash  BLOB    NOT NULL CHECK (length(key_hash) = 32),
    failed_at INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures(key_hash, failed_at);

-- The mail outbox: written in the transaction that causes the mail, sent after the commit
-- by whichever server claims it (claimed_until is a lease: a server that dies mid-send
-- leaves the row to another once the lease ends). A sent mail's bodies are erased (they
-- may hold a link's token); the row stays as a record.
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY,
    recipient       TEXT    NOT NULL,
    subject         TEXT    NOT NULL,
    text_body       TEXT    NOT NULL,
    html_body       TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    claimed_until   INTEGER,
    sent_at         INTEGER,
    last_error      TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL;
