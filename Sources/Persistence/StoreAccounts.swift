import Domain

/// Accounts, sessions, emailed tokens, sign-in failures and the mail outbox, on either
/// engine: `write` is one transaction (`StoreEngine.write`).
///
/// - Emails are unique by `email_normalized` (a UNIQUE column): a second sign-up with the
///   same address fails inside the transaction, and `insertAccount` turns exactly that
///   failure into `AccountError.emailTaken`, whichever server inserted first.
/// - The outbox is claimed with a lease (`claimed_until`): one `UPDATE … RETURNING` marks
///   the due rows, and on PostgreSQL its subquery locks them `FOR UPDATE SKIP LOCKED`, so
///   two servers claiming at once take different rows.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreAccounts<Engine: StoreEngine>: AccountStore, MailOutboxStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    public func write<T>(_ body: (any AccountTransaction) throws -> T) throws -> T {
        try engine.write { connection in try body(StoreAccountContext<Engine>(connection)) }
    }

    public func read<T>(_ body: (any AccountTransaction) throws -> T) throws -> T {
        try engine.read { connection in try body(StoreAccountContext<Engine>(connection)) }
    }

    // MARK: MailOutboxStore

    public func claimDue(limit: Int, now: Instant, leaseUntil: Instant) throws -> [QueuedMail] {
        try engine.write { connection in
            let skipLocked = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            return try connection.fetchAll("""
                UPDATE mail_outbox SET claimed_until = :lease WHERE id IN (\
                SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= :now \
                AND (claimed_until IS NULL OR claimed_until <= :now) ORDER BY id LIMIT :limit\(skipLocked)) \
                RETURNING id, recipient, subject, text_body, html_body, created_at, attempts
                """, [":lease": leaseUntil.millisecondsSinceEpoch, ":now": now.millisecondsSinceEpoch, ":limit": limit]) { row in
                QueuedMail(id: row.int64(0), mail: OutgoingMail(to: row.string(1), subject: row.string(2), text: row.string(3),
                                                                html: row.string(4)),
                           createdAt: Instant(millisecondsSinceEpoch: row.int64(5)), attempts: row.int(6))
            }.sorted { $0.id < $1.id }
        }
    }

    public func markSent(_ id: Int64, at instant: Instant) throws {
        _ = try engine.write { connection in
            try connection.run("""
                UPDATE mail_outbox SET sent_at = ?, text_body = '', html_body = '', claimed_until = NULL, \
                attempts = attempts + 1, last_error = NULL WHERE id = ?
                """, [instant.millisecondsSinceEpoch, id])
        }
    }

    public func markFailed(_ id: Int64, reason: String, nextAttemptAt: Instant?) throws {
        _ = try engine.write { connection in
            // A mail never to be tried again keeps its row but waits at the end of time.
            try connection.run("""
                UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, claimed_until = NULL, \
                next_attempt_at = ? WHERE id = ?
                """, [String(reason.prefix(500)), nextAttemptAt?.millisecondsSinceEpoch ?? Int64.max, id])
        }
    }
}

/// One accounts transaction; valid only inside the closure it was passed to.
final class StoreAccountContext<Engine: StoreEngine>: AccountTransaction {
    private let connection: Engine.Connection

    init(_ connection: Engine.Connection) {
        self.connection = connection
    }

    // MARK: guests

    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
        try connection.insertGuest(tokenDigest: tokenDigest, at: instant)
    }

    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID? {
        try connection.fetchOne("SELECT id FROM guests WHERE token_hash = ?", [digest]) { GuestID($0.int64(0)) }
    }

    // MARK: accounts

    private static var selectAccount: String { """
        SELECT id, guest_id, email, password_hash, name, roles, locale, email_verified_at, created_at FROM accounts
        """ }

    private static func decodeAccount(_ row: Engine.Connection.Row) -> StoredAccount? {
        guard let email = row.optionalString(2).flatMap(EmailAddress.init), let hash = row.optionalString(3) else { return nil }
        let roles = AccountRole.roles(named: row.string(5).split(separator: ",").map(String.init)) ?? [.guest]
        return StoredAccount(account: Account(
            id: AccountID(row.int64(0)), guestID: GuestID(row.int64(1)), email: email, name: row.string(4), roles: roles,
            emailVerified: !row.isNull(7), locale: Language(rawValue: row.string(6)) ?? .ko,
            createdAt: Instant(millisecondsSinceEpoch: row.int64(8))), passwordHash: hash)
    }

    func account(_ id: AccountID) throws -> StoredAccount? {
        try connection.fetchOne(Self.selectAccount + " WHERE id = ? AND erased_at IS NULL", [id.rawValue], Self.decodeAccount) ?? nil
    }

    func account(email normalized: String) throws -> StoredAccount? {
        try connection.fetchOne(Self.selectAccount + " WHERE email_normalized = ?", [normalized], Self.decodeAccount) ?? nil
    }

    func account(of guest: GuestID) throws -> StoredAccount? {
        // An erased account still owns its guest: the guest cannot become a second account.
        try connection.fetchOne("""
            SELECT id, guest_id, coalesce(email, 'erased@invalid.invalid'), coalesce(password_hash, ''), name, roles, locale, \
            email_verified_at, created_at FROM accounts WHERE guest_id = ?
            """, [guest.rawValue], Self.decodeAccount) ?? nil
    }

    func insertAccount(_ new: NewAccount) throws -> AccountID {
        do {
            return try connection.attempt {
                AccountID(try connection.insertReturningID("""
                    INSERT INTO accounts (guest_id, email, email_normalized, password_hash, name, roles, locale, created_at) \
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, [new.guestID.rawValue, new.email.text, new.email.normalized, new.passwordHash, new.name,
                          new.roles.map(\.rawValue).joined(separator: ","), new.locale.rawValue,
                          new.createdAt.millisecondsSinceEpoch]))
            }
        } catch where Engine.failure(of: error) == .uniqueViolation {
            // The email (or, rarely, the guest: two sign-ups with one anonymous token at once).
            if try connection.exists("SELECT 1 FROM accounts WHERE guest_id = ?", [new.guestID.rawValue]) {
                throw AccountError.guestAlreadyAccount
            }
            throw AccountError.emailTaken
        }
    }

    func updateProfile(of id: AccountID, name: String, locale: Language, roles: [AccountRole]) throws {
        try connection.run("UPDATE accounts SET name = ?, locale = ?, roles = ? WHERE id = ?",
                           [name, locale.rawValue, roles.map(\.rawValue).joined(separator: ","), id.rawValue])
    }

    func setPasswordHash(_ hash: String, of id: AccountID) throws {
        try connection.run("UPDATE accounts SET password_hash = ? WHERE id = ?", [hash, id.rawValue])
    }

    func markEmailVerified(_ id: AccountID, at instant: Instant) throws {
        try connection.run("UPDATE accounts SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?",
                           [instant.millisecondsSinceEpoch, id.rawValue])
    }

    func eraseAccount(_ id: AccountID, at instant: Instant) throws {
        try connection.run("""
            UPDATE accounts SET email = NULL, email_normalized = NULL, password_hash = NULL, name = '', erased_at = ? \
            WHERE id = ?
            """, [instant.millisecondsSinceEpoch, id.rawValue])
        try revokeSessions(of: id, keeping: nil, at: instant)
        try connection.run("DELETE FROM account_tokens WHERE account_id = ?", [id.rawValue])
    }

    func hasUpcomingStays(_ guest: GuestID, today: CalendarDate) throws -> Bool {
        // `today` is the guest's; a stay in a zone a day ahead may count a day longer, which
        // only ever refuses, never allows, a deletion.
        try connection.exists("""
            SELECT 1 FROM reservations WHERE guest_id = ? AND status = 'confirmed' AND checkout > ?
            """, [guest.rawValue, today.daysSinceEpoch - 1])
    }

    // MARK: sessions

    private static var selectSession: String { """
        SELECT id, account_id, created_at, last_used_at, access_expires_at, refresh_expires_at, user_agent, revoked_at \
        FROM sessions
        """ }

    private static func decodeSession(_ row: Engine.Connection.Row) -> Session {
        Session(id: SessionID(row.int64(0)), accountID: AccountID(row.int64(1)),
                createdAt: Instant(millisecondsSinceEpoch: row.int64(2)), lastUsedAt: Instant(millisecondsSinceEpoch: row.int64(3)),
                accessExpiresAt: Instant(millisecondsSinceEpoch: row.int64(4)),
                refreshExpiresAt: Instant(millisecondsSinceEpoch: row.int64(5)), userAgent: row.optionalString(6),
                revokedAt: row.optionalInt64(7).map { Instant(millisecondsSinceEpoch: $0) })
    }

    func insertSession(_ new: NewSession) throws -> SessionID {
        SessionID(try connection.insertReturningID("""
            INSERT INTO sessions (account_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at, created_at, \
            last_used_at, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [new.accountID.rawValue, new.accessDigest, new.refreshDigest, new.accessExpiresAt.millisecondsSinceEpoch,
                  new.refreshExpiresAt.millisecondsSinceEpoch, new.createdAt.millisecondsSinceEpoch,
                  new.createdAt.millisecondsSinceEpoch, new.userAgent]))
    }

    func session(accessDigest: [UInt8]) throws -> Session? {
        try connection.fetchOne(Self.selectSession + " WHERE access_hash = ?", [accessDigest], Self.decodeSession)
    }

    func session(refreshDigest: [UInt8]) throws -> Session? {
        try connection.fetchOne(Self.selectSession + " WHERE refresh_hash = ?", [refreshDigest], Self.decodeSession)
    }

    func session(id: SessionID) throws -> Session? {
        try connection.fetchOne(Self.selectSession + " WHERE id = ?", [id.rawValue], Self.decodeSession)
    }

    func sessionOfSpentRefresh(digest: [UInt8]) throws -> SessionID? {
        try connection.fetchOne("SELECT session_id FROM spent_refresh_tokens WHERE token_hash = ?", [digest]) {
            SessionID($0.int64(0))
        }
    }

    func rotateSession(_ id: SessionID, accessDigest: [UInt8], refreshDigest: [UInt8], spentRefreshDigest: [UInt8],
                       accessExpiresAt: Instant, refreshExpiresAt: Instant, at instant: Instant) throws {
        try connection.run("""
            UPDATE sessions SET access_hash = ?, refresh_hash = ?, access_expires_at = ?, refresh_expires_at = ?, \
            last_used_at = ? WHERE id = ?
            """, [accessDigest, refreshDigest, accessExpiresAt.millisecondsSinceEpoch, refreshExpiresAt.millisecondsSinceEpoch,
                  instant.millisecondsSinceEpoch, id.rawValue])
        try connection.run("INSERT INTO spent_refresh_tokens (token_hash, session_id, spent_at) VALUES (?, ?, ?)",
                           [spentRefreshDigest, id.rawValue, instant.millisecondsSinceEpoch])
    }

    func touchSession(_ id: SessionID, at instant: Instant) throws {
        try connection.run("UPDATE sessions SET last_used_at = ? WHERE id = ?", [instant.millisecondsSinceEpoch, id.rawValue])
    }

    func activeSessions(of account: AccountID, at instant: Instant) throws -> [Session] {
        try connection.fetchAll(Self.selectSession + """
             WHERE account_id = ? AND revoked_at IS NULL AND refresh_expires_at > ? ORDER BY created_at DESC, id DESC
            """, [account.rawValue, instant.millisecondsSinceEpoch], Self.decodeSession)
    }

    func revokeSession(_ id: SessionID, of account: AccountID, at instant: Instant) throws -> Bool {
        try connection.run("UPDATE sessions SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL",
                           [instant.millisecondsSinceEpoch, id.rawValue, account.rawValue]) > 0
    }

    func revokeSessions(of account: AccountID, keeping: SessionID?, at instant: Instant) throws {
        try connection.run("""
            UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND id <> ?
            """, [instant.millisecondsSinceEpoch, account.rawValue, keeping?.rawValue ?? 0])
    }

    // MARK: emailed tokens

    func insertAccountToken(digest: [UInt8], _ token: AccountToken) throws {
        try connection.run("""
            INSERT INTO account_tokens (token_hash, account_id, purpose, expires_at) VALUES (?, ?, ?, ?)
            """, [digest, token.accountID.rawValue, token.purpose.rawValue, token.expiresAt.millisecondsSinceEpoch])
    }

    func accountToken(digest: [UInt8]) throws -> AccountToken? {
        try connection.fetchOne("SELECT account_id, purpose, expires_at, used_at FROM account_tokens WHERE token_hash = ?",
                                [digest]) { row in
            AccountTokenPurpose(rawValue: row.string(1)).map { purpose in
                AccountToken(accountID: AccountID(row.int64(0)), purpose: purpose,
                             expiresAt: Instant(millisecondsSinceEpoch: row.int64(2)),
                             usedAt: row.optionalInt64(3).map { Instant(millisecondsSinceEpoch: $0) })
            }
        } ?? nil
    }

    func markAccountTokenUsed(digest: [UInt8], at instant: Instant) throws {
        try connection.run("UPDATE account_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
                           [instant.millisecondsSinceEpoch, digest])
    }

    // MARK: sign-in failures

    func recordSignInFailure(key: [UInt8], at instant: Instant) throws {
        try connection.run("INSERT INTO sign_in_failures (key_hash, failed_at) VALUES (?, ?)",
                           [key, instant.millisecondsSinceEpoch])
    }

    func signInFailures(key: [UInt8], since instant: Instant) throws -> Int {
        try connection.fetchOne("SELECT count(*) FROM sign_in_failures WHERE key_hash = ? AND failed_at >= ?",
                                [key, instant.millisecondsSinceEpoch]) { $0.int(0) } ?? 0
    }

    func deleteSignInFailures(before instant: Instant) throws -> Int {
        try connection.run("DELETE FROM sign_in_failures WHERE failed_at < ?", [instant.millisecondsSinceEpoch])
    }

    // MARK: mail outbox

    func enqueueMail(_ mail: OutgoingMail, at instant: Instant) throws {
        try MailOutboxSQL.enqueue(mail, at: instant, in: connection)
    }
}
