/// A person's account, as they and the API see it (never the password hash).
///
/// Every account is also a guest: `guestID` is the guest whose trips and wishlist are the
/// account's (an anonymous guest who signs up keeps theirs this way). A value type.
public struct Account: Hashable, Sendable {
    public var id: AccountID
    public var guestID: GuestID
    public var email: EmailAddress
    public var name: String
    public var roles: [AccountRole]
    public var emailVerified: Bool
    public var locale: Language
    public var createdAt: Instant

    public init(id: AccountID, guestID: GuestID, email: EmailAddress, name: String, roles: [AccountRole],
                emailVerified: Bool, locale: Language, createdAt: Instant) {
        self.id = id
        self.guestID = guestID
        self.email = email
        self.name = name
        self.roles = roles
        self.emailVerified = emailVerified
        self.locale = locale
        self.createdAt = createdAt
    }

    public func has(_ role: AccountRole) -> Bool { roles.contains(role) }
}

/// An account as stored: the account and its password hash. Only `AccountService` reads
/// the hash.
public struct StoredAccount: Hashable, Sendable {
    public var account: Account
    public var passwordHash: String

    public init(account: Account, passwordHash: String) {
        self.account = account
        self.passwordHash = passwordHash
    }
}

/// What sign-up stores.
public struct NewAccount: Hashable, Sendable {
    public var guestID: GuestID
    public var email: EmailAddress
    public var passwordHash: String
    public var name: String
    public var roles: [AccountRole]
    public var locale: Language
    public var createdAt: Instant

    public init(guestID: GuestID, email: EmailAddress, passwordHash: String, name: String, roles: [AccountRole],
                locale: Language, createdAt: Instant) {
        self.guestID = guestID
        self.email = email
        self.passwordHash = passwordHash
        self.name = name
        self.roles = roles
        self.locale = locale
        self.createdAt = createdAt
    }
}
