import Crypto

/// Sign-up, sign-in, sessions, profile, password changes and resets, account deletion.
/// Immutable and `Sendable`; every change is one `AccountStore.write` transaction.
///
/// Promises:
/// - passwords reach only the `PasswordHasher`; tokens are 256 random bits shown once and
///   stored as SHA-256 digests;
/// - sign-in answers `invalidCredentials` alike for an unknown email and a wrong password,
///   and hashes for both (against `dummyHash` for an unknown email), so time tells nothing;
/// - sign-in failures are counted per email (known or not) and per client address over a
///   15-minute window; past `signInLimit` (per email; ten times that per address) sign-in
///   answers `signInLimited` before any password is checked. A window slides, so a lock
///   ends by itself at most 15 minutes after the last failure;
/// - a refresh token works once; presenting a spent one revokes its session.
public final class AccountService: Sendable {
    public struct Configuration: Sendable {
        /// Failed sign-ins per email per window before 429; 0 turns the limit off. Default 5.
        public var signInLimit = 5
        /// The window of `signInLimit`: 15 minutes.
        public var signInWindowSeconds: Int64 = 15 * 60
        public var lifetimes = TokenLifetimes()
        /// Where emailed links point, e.g. `http://127.0.0.1:8080` (no trailing slash).
        public var publicURL = "http://127.0.0.1:8080"
        public init() {}
    }

    private let store: any AccountStore
    private let hasher: any PasswordHasher
    private let dateProvider: any DateProvider
    private let configuration: Configuration
    /// A hash of a random password, verified against when the email is unknown.
    private let dummyHash: String

    public init(store: any AccountStore, hasher: any PasswordHasher, dateProvider: any DateProvider,
                configuration: Configuration = Configuration()) throws {
        self.store = store
        self.hasher = hasher
        self.dateProvider = dateProvider
        self.configuration = configuration
        self.dummyHash = try hasher.hash(Password(GuestToken().text))
    }

    // MARK: sign-up and sign-in

    /// Creates an account and its first session. `anonymousGuest`: the guest whose token
    /// came with the request, whose trips and wishlist become the account's.
    public func signUp(_ form: SignUpForm, anonymousGuest: GuestID?, userAgent: String?) throws -> SignedIn {
        let (email, password, name, roles, locale) = try form.validated()
        let hash = try hasher.hash(password)
        let now = dateProvider.now()
        return try store.write { transaction in
            let guest: GuestID
            if let anonymousGuest {
                guard try transaction.account(of: anonymousGuest) == nil else { throw AccountError.guestAlreadyAccount }
                guest = anonymousGuest
            } else {
                // A guest nobody holds a token for: the account's sessions authenticate it.
                guest = try transaction.createGuest(tokenDigest: GuestToken().digest, at: now)
            }
            let id = try transaction.insertAccount(NewAccount(guestID: guest, email: email, passwordHash: hash,
                                                              name: name, roles: roles, locale: locale, createdAt: now))
            try sendLink(.verifyEmail, to: id, email: email, locale: locale, in: transaction, at: now)
            guard let stored = try transaction.account(id) else { throw AccountError.invalidCredentials }
            return try startSession(for: stored.account, userAgent: userAgent, in: transaction, at: now)
        }
    }

    /// An account made by an operator (`stays accounts create`, the demo accounts): the
    /// same rules as sign-up, but no session and no mail; `verified` marks the email verified.
    public func createAccount(_ form: SignUpForm, verified: Bool) throws -> Account {
        let (email, password, name, roles, locale) = try form.validated()
        let hash = try hasher.hash(password)
        let now = dateProvider.now()
        return try store.write { transaction in
            let guest = try transaction.createGuest(tokenDigest: GuestToken().digest, at: now)
            let id = try transaction.insertAccount(NewAccount(guestID: guest, email: email, passwordHash: hash,
                                                              name: name, roles: roles, locale: locale, createdAt: now))
            if verified { try transaction.markEmailVerified(id, at: now) }
            guard let stored = try transaction.account(id) else { throw AccountError.invalidCredentials }
            return stored.account
        }
    }

    /// Signs in with an email and a password from `clientAddress`.
    public func signIn(email text: String, password: Password, clientAddress: String, userAgent: String?) throws
        -> SignedIn {
        let now = dateProvider.now()
        let normalized = text.trimmingWhitespace.lowercased()
        let keys = [SHA256.hash(Array("email:\(normalized)".utf8)), SHA256.hash(Array("address:\(clientAddress)".utf8))]
        let limits = [configuration.signInLimit, configuration.signInLimit * 10]
        let windowStart = Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch - configuration.signInWindowSeconds * 1000)
        let stored = try store.write { transaction -> StoredAccount? in
            if configuration.signInLimit > 0 {
                for (key, limit) in zip(keys, limits) where try transaction.signInFailures(key: key, since: windowStart) >= limit {
                    throw AccountError.signInLimited(retryAfterSeconds: Int(configuration.signInWindowSeconds))
                }
            }
            return try transaction.account(email: normalized)
        }
        // Hash outside the transaction: Argon2id takes tens of milliseconds.
        let matches = try hasher.verify(password, against: stored?.passwordHash ?? dummyHash)
        let outcome: Result<SignedIn, AccountError> = try store.write { transaction in
            guard let stored, matches else {
                for key in keys { try transaction.recordSignInFailure(key: key, at: now) }
                return .failure(.invalidCredentials)
            }
            if hasher.needsRehash(stored.passwordHash) {
                try transaction.setPasswordHash(try hasher.hash(password), of: stored.account.id)
            }
            return .success(try startSession(for: stored.account, userAgent: userAgent, in: transaction, at: now))
        }
        // Thrown after the commit: the failure just counted must be kept.
        return try outcome.get()
    }

    /// A new token pair for a refresh token; the presented one is spent. A spent token
    /// presented again revokes its session (someone else has a copy).
    /// Deletes the sign-in failures that no longer count (older than the window), so the
    /// table holds at most one window of them however long the server runs; returns how
    /// many went. A background task calls it; on several servers each may, harmlessly.
    @discardableResult
    public func forgetExpiredSignInFailures() throws -> Int {
        let cutoff = Instant(millisecondsSinceEpoch: dateProvider.now().millisecondsSinceEpoch
                             - configuration.signInWindowSeconds * 1000)
        return try store.write { try $0.deleteSignInFailures(before: cutoff) }
    }

    public func refresh(_ refreshText: String) throws -> SignedIn {
        guard let token = GuestToken(parsing: refreshText) else { throw AccountError.invalidToken }
        let now = dateProvider.now()
        let outcome: Result<SignedIn, AccountError> = try store.write { transaction in
            guard let session = try transaction.session(refreshDigest: token.digest) else {
                if let stolen = try transaction.sessionOfSpentRefresh(digest: token.digest),
                   let session = try transaction.session(id: stolen) {
                    _ = try transaction.revokeSession(stolen, of: session.accountID, at: now)
                }
                return .failure(.invalidToken)
            }
            guard session.acceptsRefresh(at: now), let stored = try transaction.account(session.accountID) else {
                return .failure(.invalidToken)
            }
            let access = GuestToken(), refresh = GuestToken()
            let lifetimes = configuration.lifetimes
            let accessExpiresAt = now.adding(seconds: lifetimes.accessSeconds)
            try transaction.rotateSession(session.id, accessDigest: access.digest, refreshDigest: refresh.digest,
                                          spentRefreshDigest: token.digest, accessExpiresAt: accessExpiresAt,
                                          refreshExpiresAt: now.adding(seconds: lifetimes.refreshSeconds), at: now)
            return .success(SignedIn(account: stored.account, sessionID: session.id, accessToken: access,
                                     refreshToken: refresh, expiresIn: lifetimes.accessSeconds))
        }
        // The revocation above must commit, so the failure is thrown after the transaction.
        return try outcome.get()
    }

    // MARK: authentication

    /// The account and session an access token names, or `invalidToken`.
    public func authenticate(accessToken token: GuestToken) throws -> (account: Account, session: SessionID) {
        guard let found = try session(ofAccessToken: token) else { throw AccountError.invalidToken }
        return found
    }

    /// The account and session an access token names; nil when no session ever had it (so
    /// a caller may try other kinds of token), `invalidToken` when its session expired, was
    /// revoked or its account erased.
    public func session(ofAccessToken token: GuestToken) throws -> (account: Account, session: SessionID)? {
        let now = dateProvider.now()
        // A snapshot read on every authenticated request; the writer only when `lastUsedAt`
        // is a minute old (a write per request would cost more than it tells).
        let found = try store.read { transaction -> (Session, Account)? in
            guard let session = try transaction.session(accessDigest: token.digest) else { return nil }
            guard session.acceptsAccess(at: now), let stored = try transaction.account(session.accountID) else {
                throw AccountError.invalidToken
            }
            return (session, stored.account)
        }
        guard let (session, account) = found else { return nil }
        if now.millisecondsSinceEpoch - session.lastUsedAt.millisecondsSinceEpoch >= 60_000 {
            try store.write { try $0.touchSession(session.id, at: now) }
        }
        return (account, session.id)
    }

    // MARK: sessions

    public func sessions(of account: AccountID) throws -> [Session] {
        let now = dateProvider.now()
        return try store.write { try $0.activeSessions(of: account, at: now) }
    }

    /// Signs out one session of the account; false when it has no such active session.
    public func signOut(_ session: SessionID, of account: AccountID) throws -> Bool {
        let now = dateProvider.now()
        return try store.write { try $0.revokeSession(session, of: account, at: now) }
    }

    public func signOutEverywhere(_ account: AccountID) throws {
        let now = dateProvider.now()
        try store.write { try $0.revokeSessions(of: account, keeping: nil, at: now) }
    }

    // MARK: profile

    public func profile(_ id: AccountID) throws -> Account {
        guard let stored = try store.write({ try $0.account(id) }) else { throw AccountError.invalidToken }
        return stored.account
    }

    /// Applies the fields that are set; every bad one is named in one error.
    public func updateProfile(_ id: AccountID, _ change: ProfileChange) throws -> Account {
        let (name, locale, roles) = try change.validated()
        return try store.write { transaction in
            guard let current = try transaction.account(id)?.account else { throw AccountError.invalidToken }
            try transaction.updateProfile(of: id, name: name ?? current.name, locale: locale ?? current.locale,
                                          roles: roles ?? current.roles)
            guard let updated = try transaction.account(id)?.account else { throw AccountError.invalidToken }
            return updated
        }
    }

    /// Sets a new password after checking the current one; every other session is revoked.
    public func changePassword(_ id: AccountID, session: SessionID, current: Password, new: Password) throws {
        guard let stored = try store.write({ try $0.account(id) }) else { throw AccountError.invalidToken }
        let issues = PasswordPolicy.issues(new, email: stored.account.email, field: "newPassword")
        guard issues.isEmpty else { throw StaysError.invalidParameters(issues) }
        guard try hasher.verify(current, against: stored.passwordHash) else {
            throw StaysError.invalidParameter("currentPassword", "is not your current password")
        }
        let hash = try hasher.hash(new)
        let now = dateProvider.now()
        try store.write { transaction in
            try transaction.setPasswordHash(hash, of: id)
            try transaction.revokeSessions(of: id, keeping: session, at: now)
        }
    }

    /// Erases the account's personal data and signs it out everywhere, after checking the
    /// password; refused while it has a stay that has not ended. `today` is the guest's.
    public func deleteAccount(_ id: AccountID, password: Password, today: CalendarDate) throws {
        guard let stored = try store.write({ try $0.account(id) }) else { throw AccountError.invalidToken }
        guard try hasher.verify(password, against: stored.passwordHash) else {
            throw StaysError.invalidParameter("password", "is not your current password")
        }
        let now = dateProvider.now()
        try store.write { transaction in
            guard try !transaction.hasUpcomingStays(stored.account.guestID, today: today) else { throw AccountError.upcomingStays }
            try transaction.eraseAccount(id, at: now)
        }
    }

    // MARK: emailed links

    /// Marks the email of the link's account verified. Tokens are single-use.
    public func verifyEmail(token text: String) throws {
        let now = dateProvider.now()
        try store.write { transaction in
            let token = try usableToken(text, for: .verifyEmail, in: transaction, at: now)
            try transaction.markEmailVerified(token.accountID, at: now)
        }
    }

    /// Sends a reset link when an account has this email; does the same work either way
    /// (a mail is written only for a real account), so neither the answer nor its time
    /// tells whether it exists.
    public func requestPasswordReset(email text: String) throws {
        let now = dateProvider.now()
        let normalized = text.trimmingWhitespace.lowercased()
        try store.write { transaction in
            guard let stored = try transaction.account(email: normalized) else { return }
            try sendLink(.resetPassword, to: stored.account.id, email: stored.account.email,
                         locale: stored.account.locale, in: transaction, at: now)
        }
    }

    /// Sets the password of the link's account and signs it out everywhere.
    public func resetPassword(token text: String, password: Password) throws {
        let now = dateProvider.now()
        let account = try store.write { transaction in
            try transaction.account(try usableToken(text, for: .resetPassword, in: transaction, at: now).accountID)
        }
        guard let account else { throw AccountError.linkInvalid }
        let issues = PasswordPolicy.issues(password, email: account.account.email)
        guard issues.isEmpty else { throw StaysError.invalidParameters(issues) }
        let hash = try hasher.hash(password)
        try store.write { transaction in
            // Checked again: the token may have been used meanwhile.
            let token = try usableToken(text, for: .resetPassword, in: transaction, at: now)
            try transaction.markAccountTokenUsed(digest: try digest(of: text), at: now)
            try transaction.setPasswordHash(hash, of: token.accountID)
            try transaction.revokeSessions(of: token.accountID, keeping: nil, at: now)
        }
    }

    // MARK: helpers

    private func startSession(for account: Account, userAgent: String?, in transaction: any AccountTransaction,
                              at now: Instant) throws -> SignedIn {
        let access = GuestToken(), refresh = GuestToken()
        let lifetimes = configuration.lifetimes
        let id = try transaction.insertSession(NewSession(
            accountID: account.id, accessDigest: access.digest, refreshDigest: refresh.digest, createdAt: now,
            accessExpiresAt: now.adding(seconds: lifetimes.accessSeconds),
            refreshExpiresAt: now.adding(seconds: lifetimes.refreshSeconds),
            userAgent: userAgent.map { String($0.prefix(256)) }))
        return SignedIn(account: account, sessionID: id, accessToken: access, refreshToken: refresh,
                        expiresIn: lifetimes.accessSeconds)
    }

    private func sendLink(_ purpose: AccountTokenPurpose, to account: AccountID, email: EmailAddress, locale: Language,
                          in transaction: any AccountTransaction, at now: Instant) throws {
        let token = GuestToken()
        try transaction.insertAccountToken(digest: token.digest, AccountToken(
            accountID: account, purpose: purpose, expiresAt: now.adding(seconds: purpose.lifetimeSeconds), usedAt: nil))
        try transaction.enqueueMail(AccountMail.link(purpose, token: token, to: email, locale: locale,
                                                     publicURL: configuration.publicURL), at: now)
    }

    private func digest(of text: String) throws -> [UInt8] {
        guard let token = GuestToken(parsing: text) else { throw AccountError.linkInvalid }
        return token.digest
    }

    /// The unused, unexpired token of `purpose` in `text`; marks a verification token used.
    private func usableToken(_ text: String, for purpose: AccountTokenPurpose, in transaction: any AccountTransaction,
                             at now: Instant) throws -> AccountToken {
        let digest = try digest(of: text)
        guard let token = try transaction.accountToken(digest: digest), token.purpose == purpose, token.usedAt == nil,
              now < token.expiresAt else { throw AccountError.linkInvalid }
        if purpose == .verifyEmail { try transaction.markAccountTokenUsed(digest: digest, at: now) }
        return token
    }
}

/// A successful sign-up, sign-in or refresh: the account and a fresh token pair, whose
/// texts are shown to the client this once.
public struct SignedIn: Sendable {
    public var account: Account
    public var sessionID: SessionID
    public var accessToken: GuestToken
    public var refreshToken: GuestToken
    /// Seconds until the access token expires.
    public var expiresIn: Int64
}

extension Instant {
    func adding(seconds: Int64) -> Instant {
        Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + seconds * 1000)
    }
}
