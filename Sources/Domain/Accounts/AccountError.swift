/// Every failure of accounts and sessions a client can see. Each case maps to one HTTP
/// problem in the API layer (next to `StaysError`'s):
///
/// | case                   | status | problem type                      |
/// |------------------------|--------|-----------------------------------|
/// | `emailTaken`           | 409    | `/problems/email-taken`           |
/// | `invalidCredentials`   | 401    | `/problems/invalid-credentials`   |
/// | `invalidToken`         | 401    | `/problems/invalid-token` (`WWW-Authenticate: Bearer error="invalid_token"`) |
/// | `signInLimited`        | 429    | `/problems/too-many-sign-ins` (`Retry-After`) |
/// | `upcomingStays`        | 409    | `/problems/account-has-upcoming-stays` |
/// | `linkInvalid`          | 400    | `/problems/invalid-link`          |
/// | `guestAlreadyAccount`  | 409    | `/problems/guest-has-account`     |
/// | `sessionNotFound`      | 404    | `/problems/session-not-found`     |
///
/// Nothing in a case names an email, a password or a token.
public enum AccountError: Error, Hashable, Sendable {
    /// Another account has this email (compared ignoring case).
    case emailTaken
    /// Unknown email or wrong password: the same answer for both, on purpose.
    case invalidCredentials
    /// An access or refresh token that is unknown, expired, revoked or spent.
    case invalidToken
    /// Too many failed sign-ins for this email or from this address; try after the delay.
    case signInLimited(retryAfterSeconds: Int)
    /// The account cannot be deleted while it has a confirmed stay that has not ended.
    case upcomingStays
    /// An emailed link's token is unknown, used or expired.
    case linkInvalid
    /// The anonymous guest token presented at sign-up already belongs to an account.
    case guestAlreadyAccount
    /// No active session of the account has this id.
    case sessionNotFound
}
