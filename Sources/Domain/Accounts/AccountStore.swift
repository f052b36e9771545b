/// The accounts side of storage, as a unit of work: each `write` closure is one
/// transaction, committed when it returns and rolled back when it throws, as
/// `BookingStore`'s. Sessions, emailed tokens, sign-in failures and the mail outbox live
/// here too, so a password change and the revocation of every session land together.
///
/// Implementations promise, besides `BookingStore`'s promises:
/// - the normalized email is unique among accounts that are not erased: `insertAccount`
///   throws `StaysError.emailTaken` for a second one (the database's unique key decides,
///   not an earlier read);
/// - only digests of tokens are stored; lookups are by digest.
public protocol AccountStore: Sendable {
    func write<T>(_ body: (any AccountTransaction) throws -> T) throws -> T
    /// One consistent snapshot for lookups only (no writer lock on SQLite): the closure must
    /// not write. Authenticating a request reads through it.
    func read<T>(_ body: (any AccountTransaction) throws -> T) throws -> T
}

/// What one accounts transaction may read and write.
public protocol AccountTransaction {
    // Guests (an account is a guest with a name and a password).
    func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID
    func guest(withTokenDigest digest: [UInt8]) throws -> GuestID?

    // Accounts.
    func account(_ id: AccountID) throws -> StoredAccount?
    func account(email normalized: String) throws -> StoredAccount?
    func account(of guest: GuestID) throws -> StoredAccount?
    func insertAccount(_ account: NewAccount) throws -> AccountID
    func updateProfile(of id: AccountID, name: String, locale: Language, roles: [AccountRole]) throws
    func setPasswordHash(_ hash: String, of id: AccountID) throws
    func markEmailVerified(_ id: AccountID, at instant: Instant) throws
    /// Erases email, name and password hash (the row stays, so reservations keep their
    /// guest) and revokes every session.
    func eraseAccount(_ id: AccountID, at instant: Instant) throws
    /// Whether the guest holds a confirmed reservation whose checkout is after `today`
    /// (in the listing's time zone).
    func hasUpcomingStays(_ guest: GuestID, today: CalendarDate) throws -> Bool

    // Sessions.
    func insertSession(_ session: NewSession) throws -> SessionID
    func session(accessDigest: [UInt8]) throws -> Session?
    func session(refreshDigest: [UInt8]) throws -> Session?
    func session(id: SessionID) throws -> Session?
    /// The session a refresh token already spent belonged to.
    func sessionOfSpentRefresh(digest: [UInt8]) throws -> SessionID?
    /// Replaces both tokens of a session; remembers `spentRefreshDigest` as spent.
    func rotateSession(_ id: SessionID, accessDigest: [UInt8], refreshDigest: [UInt8], spentRefreshDigest: [UInt8],
                       accessExpiresAt: Instant, refreshExpiresAt: Instant, at instant: Instant) throws
    func touchSession(_ id: SessionID, at instant: Instant) throws
    /// Sessions neither revoked nor past their refresh expiry at `instant`, newest first.
    func activeSessions(of account: AccountID, at instant: Instant) throws -> [Session]
    /// Revokes one of the account's sessions; false when it has no such session.
    func revokeSession(_ id: SessionID, of account: AccountID, at instant: Instant) throws -> Bool
    /// Revokes every session of the account but `keeping` (nil: all of them).
    func revokeSessions(of account: AccountID, keeping: SessionID?, at instant: Instant) throws

    // Single-use emailed tokens.
    func insertAccountToken(digest: [UInt8], _ token: AccountToken) throws
    func accountToken(digest: [UInt8]) throws -> AccountToken?
    func markAccountTokenUsed(digest: [UInt8], at instant: Instant) throws

    // Sign-in failures, by key (digests of the email and of the client address).
    func recordSignInFailure(key: [UInt8], at instant: Instant) throws
    func signInFailures(key: [UInt8], since instant: Instant) throws -> Int
    /// Deletes the failures recorded before `instant`; returns how many.
    func deleteSignInFailures(before instant: Instant) throws -> Int

    // The mail outbox.
    func enqueueMail(_ mail: OutgoingMail, at instant: Instant) throws
}
