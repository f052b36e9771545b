/// One signed-in device or browser: a pair of tokens, of which only digests are stored.
///
/// The access token authenticates requests until `accessExpiresAt`; the refresh token buys
/// a new pair until `refreshExpiresAt`, once: each refresh replaces both, and the spent
/// refresh token's digest is remembered, so presenting it again reveals a stolen token and
/// revokes the whole session (OAuth 2.0 Security BCP, refresh token rotation).
public struct Session: Hashable, Sendable {
    public var id: SessionID
    public var accountID: AccountID
    public var createdAt: Instant
    public var lastUsedAt: Instant
    public var accessExpiresAt: Instant
    public var refreshExpiresAt: Instant
    /// As the client sent it at sign-in, at most 256 characters; nil when absent.
    public var userAgent: String?
    public var revokedAt: Instant?

    public init(id: SessionID, accountID: AccountID, createdAt: Instant, lastUsedAt: Instant,
                accessExpiresAt: Instant, refreshExpiresAt: Instant, userAgent: String?, revokedAt: Instant?) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
        self.userAgent = userAgent
        self.revokedAt = revokedAt
    }

    /// Whether its access token is still good at `instant`.
    public func acceptsAccess(at instant: Instant) -> Bool { revokedAt == nil && instant < accessExpiresAt }
    /// Whether its refresh token is still good at `instant`.
    public func acceptsRefresh(at instant: Instant) -> Bool { revokedAt == nil && instant < refreshExpiresAt }
}

/// A new session's stored form: the digests of its first tokens.
public struct NewSession: Hashable, Sendable {
    public var accountID: AccountID
    public var accessDigest: [UInt8]
    public var refreshDigest: [UInt8]
    public var createdAt: Instant
    public var accessExpiresAt: Instant
    public var refreshExpiresAt: Instant
    public var userAgent: String?

    public init(accountID: AccountID, accessDigest: [UInt8], refreshDigest: [UInt8], createdAt: Instant,
                accessExpiresAt: Instant, refreshExpiresAt: Instant, userAgent: String?) {
        self.accountID = accountID
        self.accessDigest = accessDigest
        self.refreshDigest = refreshDigest
        self.createdAt = createdAt
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
        self.userAgent = userAgent
    }
}

/// How long tokens live. Defaults: access 1 hour, refresh 30 days (`--access-token-ttl`,
/// `--refresh-token-ttl`, in seconds).
public struct TokenLifetimes: Hashable, Sendable {
    public var accessSeconds: Int64
    public var refreshSeconds: Int64

    public init(accessSeconds: Int64 = 3600, refreshSeconds: Int64 = 30 * 86_400) {
        self.accessSeconds = accessSeconds
        self.refreshSeconds = refreshSeconds
    }
}
