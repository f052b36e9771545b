/// What a single-use emailed token is for, and how long it lives.
public enum AccountTokenPurpose: String, Hashable, Sendable, CaseIterable {
    /// `/verify-email?token=…`: 24 hours.
    case verifyEmail = "verify-email"
    /// `/reset-password?token=…`: 1 hour.
    case resetPassword = "reset-password"

    public var lifetimeSeconds: Int64 {
        switch self {
        case .verifyEmail: 24 * 3600
        case .resetPassword: 3600
        }
    }
}

/// An emailed token as stored (its digest only), for one account and one purpose.
public struct AccountToken: Hashable, Sendable {
    public var accountID: AccountID
    public var purpose: AccountTokenPurpose
    public var expiresAt: Instant
    public var usedAt: Instant?

    public init(accountID: AccountID, purpose: AccountTokenPurpose, expiresAt: Instant, usedAt: Instant?) {
        self.accountID = accountID
        self.purpose = purpose
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}
