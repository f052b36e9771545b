import Domain
import HTTP1
import HTTPServer

/// Account failures as HTTP problems: the table on `AccountError`, in one place; titles and
/// details in Korean when the request prefers it.
extension AccountError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .emailTaken:
            return Problem(type: .emailTaken, status: .conflict, title: l.pick(en: "Email taken", ko: "이미 가입된 이메일"),
                           detail: l.pick(en: "An account with this email already exists. Sign in, or reset its password.",
                                          ko: "이 이메일로 가입한 계정이 있습니다. 로그인하거나 비밀번호를 재설정해 주세요."))
        case .invalidCredentials:
            return Problem(type: .invalidCredentials, status: .unauthorized, title: l.pick(en: "Invalid credentials", ko: "로그인 정보가 맞지 않습니다"),
                           detail: l.pick(en: "The email or the password is not right.", ko: "이메일 또는 비밀번호가 올바르지 않습니다."))
        case .invalidToken:
            var problem = Problem(type: .invalidToken, status: .unauthorized, title: l.pick(en: "Invalid token", ko: "유효하지 않은 토큰"),
                                  detail: l.pick(en: "The token is unknown, expired or revoked: sign in again.",
                                                 ko: "토큰이 만료되었거나 취소되었습니다. 다시 로그인해 주세요."))
            problem.headers.append(name: "WWW-Authenticate", value: #"Bearer realm="stays", error="invalid_token""#)
            return problem
        case .signInLimited(let seconds):
            var problem = Problem(type: .tooManySignIns, status: .tooManyRequests, title: l.pick(en: "Too many sign-in attempts", ko: "로그인 시도가 너무 많습니다"),
                                  detail: l.pick(en: "Too many failed sign-ins. Try again later, or reset the password.",
                                                 ko: "로그인 실패가 너무 많습니다. 나중에 다시 시도하거나 비밀번호를 재설정해 주세요."))
            problem.headers.append(name: "Retry-After", value: String(seconds))
            return problem
        case .upcomingStays:
            return Problem(type: .accountHasUpcomingStays, status: .conflict, title: l.pick(en: "Stays ahead", ko: "예정된 숙박이 있습니다"),
                           detail: l.pick(en: "The account has a confirmed stay that has not ended; cancel it first.",
                                          ko: "끝나지 않은 확정 예약이 있어 탈퇴할 수 없습니다. 먼저 예약을 취소해 주세요."))
        case .linkInvalid:
            return Problem(type: .invalidLink, status: .badRequest, title: l.pick(en: "Link not valid", ko: "유효하지 않은 링크"),
                           detail: l.pick(en: "The link is unknown, already used or expired. Ask for a new one.",
                                          ko: "링크가 이미 사용되었거나 만료되었습니다. 새 링크를 요청해 주세요."))
        case .guestAlreadyAccount:
            return Problem(type: .guestHasAccount, status: .conflict, title: l.pick(en: "Guest already has an account", ko: "이미 계정이 있는 게스트"),
                           detail: l.pick(en: "This guest token already belongs to an account: sign in instead.",
                                          ko: "이 게스트는 이미 계정에 연결되어 있습니다. 로그인해 주세요."))
        case .sessionNotFound:
            return Problem(type: .sessionNotFound, status: .notFound, title: l.pick(en: "Session not found", ko: "세션을 찾을 수 없습니다"),
                           detail: l.pick(en: "You have no active session with this id.", ko: "이 ID의 활성 세션이 없습니다."))
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
