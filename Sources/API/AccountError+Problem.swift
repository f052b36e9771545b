import Domain
import HTTP1
import HTTPServer

/// Account failures as HTTP problems: the table on `AccountError`, in one place.
extension AccountError: ProblemConvertible {
    public var problem: Problem {
        switch self {
        case .emailTaken:
            return Problem(type: .emailTaken, status: .conflict, title: "Email taken",
                           detail: "An account with this email already exists. Sign in, or reset its password.")
        case .invalidCredentials:
            return Problem(type: .invalidCredentials, status: .unauthorized, title: "Invalid credentials",
                           detail: "The email or the password is not right.")
        case .invalidToken:
            var problem = Problem(type: .invalidToken, status: .unauthorized, title: "Invalid token",
                                  detail: "The token is unknown, expired or revoked: sign in again.")
            problem.headers.append(name: "WWW-Authenticate", value: #"Bearer realm="stays", error="invalid_token""#)
            return problem
        case .signInLimited(let seconds):
            var problem = Problem(type: .tooManySignIns, status: .tooManyRequests, title: "Too many sign-in attempts",
                                  detail: "Too many failed sign-ins. Try again later, or reset the password.")
            problem.headers.append(name: "Retry-After", value: String(seconds))
            return problem
        case .upcomingStays:
            return Problem(type: .accountHasUpcomingStays, status: .conflict, title: "Stays ahead",
                           detail: "The account has a confirmed stay that has not ended; cancel it first.")
        case .linkInvalid:
            return Problem(type: .invalidLink, status: .badRequest, title: "Link not valid",
                           detail: "The link is unknown, already used or expired. Ask for a new one.")
        case .guestAlreadyAccount:
            return Problem(type: .guestHasAccount, status: .conflict, title: "Guest already has an account",
                           detail: "This guest token already belongs to an account: sign in instead.")
        case .sessionNotFound:
            return Problem(type: .sessionNotFound, status: .notFound, title: "Session not found",
                           detail: "You have no active session with this id.")
        }
    }
}

extension PasswordHasherBusy: ProblemConvertible {
    public var problem: Problem {
        var problem = Problem(type: .serviceUnavailable, status: .serviceUnavailable, title: "Busy",
                              detail: "Too many sign-ins at once; try again in a moment.")
        problem.headers.append(name: "Retry-After", value: String(retryAfterSeconds))
        return problem
    }
}

extension ProblemType {
    static let emailTaken = ProblemType(kind: "email-taken")
    static let invalidCredentials = ProblemType(kind: "invalid-credentials")
    static let invalidToken = ProblemType(kind: "invalid-token")
    static let tooManySignIns = ProblemType(kind: "too-many-sign-ins")
    static let accountHasUpcomingStays = ProblemType(kind: "account-has-upcoming-stays")
    static let invalidLink = ProblemType(kind: "invalid-link")
    static let guestHasAccount = ProblemType(kind: "guest-has-account")
    static let sessionNotFound = ProblemType(kind: "session-not-found")
}
