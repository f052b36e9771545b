import Domain
import HTTP1
import HTTPServer

/// The route middleware of account routes (`/me`, `/sessions`): the request goes on only
/// with a signed-in account, from an access token in `Authorization: Bearer <token>`, in
/// `context.account`; an anonymous guest token, or an expired or revoked access token, is
/// answered 401 with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1).
struct AccountAuthentication: Middleware {
    let accounts: AccountService

    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        var request = request
        do {
            let token = try GuestAuthentication.bearerToken(request.header("Authorization"))
            request.context[SignedInAccount.self] = try Principal(accounts.authenticate(accessToken: token))
        } catch let error as StaysError {
            // No token, or not of the `Bearer <token>` form (RFC 6750 §3: the challenge).
            var problem = error.problem(in: request.problemLanguage)
            problem.headers.append(name: "WWW-Authenticate", value: #"Bearer realm="stays""#)
            throw problem
        }
        return try next(request)
    }
}

/// An account signed in through one of its sessions.
struct Principal: Sendable {
    var account: Account
    var session: SessionID

    init(_ authenticated: (account: Account, session: SessionID)) {
        account = authenticated.account
        session = authenticated.session
    }
}

/// The account that `AccountAuthentication` (or `GuestAuthentication`, for a guest route
/// called with an account's token) established.
enum SignedInAccount: RequestContextKey {
    typealias Value = Principal
}

extension RequestContext {
    /// The signed-in account; nil for an anonymous guest or a route without authentication.
    var account: Principal? { self[SignedInAccount.self] }
}

extension Request {
    func signedInAccount() throws -> Principal {
        guard let account = context.account else { throw AccountError.invalidToken }
        return account
    }
}
