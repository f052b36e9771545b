import Domain
import HTTP1
import HTTPServer

/// The route middleware of guest routes: the request goes on only with the guest its
/// `Authorization: Bearer <token>` names, in `context.guest`; anything else is answered 401
/// with `WWW-Authenticate: Bearer` (RFC 6750 §3) before the handler runs.
///
/// The header is read here, in the API: the domain is handed a parsed `GuestToken`.
struct GuestAuthentication: Middleware {
    let guests: GuestService
    /// Accounts, whose access tokens are accepted as guests' tokens are; nil: none.
    let accounts: AccountService?

    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        var request = request
        let (guest, account) = try authenticate(request)
        request.context[AuthenticatedGuest.self] = guest
        request.context[SignedInAccount.self] = account
        return try next(request)
    }

    /// The guest the request's `Authorization` names, and the signed-in account when the
    /// token is an account's access token rather than an anonymous guest's; 401 otherwise.
    func authenticate(_ request: Request) throws -> (GuestID, Principal?) {
        do {
            let token = try Self.bearerToken(request.header("Authorization"))
            do {
                return (try guests.authenticate(token), nil)
            } catch StaysError.unauthenticated(let reason) {
                // Not an anonymous guest's token: perhaps an account's access token. A token
                // neither kind knows is answered as before accounts existed.
                guard let accounts, let session = try accounts.session(ofAccessToken: token) else {
                    throw StaysError.unauthenticated(reason)
                }
                let principal = Principal(session)
                return (principal.account.guestID, principal)
            }
        } catch let error as StaysError {
            var problem = error.problem(in: request.problemLanguage)
            problem.headers.append(name: "WWW-Authenticate", value: #"Bearer realm="stays""#)
            throw problem
        }
    }

    /// The token of an `Authorization` header value (`Bearer <token>`); `.unauthenticated`
    /// when it is missing or malformed.
    static func bearerToken(_ authorization: String?) throws(StaysError) -> GuestToken {
        guard let authorization else { throw .unauthenticated("A bearer token is required.") }
        // RFC 9110 §11.1: the scheme is case-insensitive; RFC 6750 §2.1: one space, then the token.
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].lowercased() == "bearer", let token = GuestToken(parsing: String(parts[1])) else {
            throw .unauthenticated("The Authorization header must be `Bearer <token>`.")
        }
        return token
    }
}

/// The route middleware of `POST /reservations`: the request goes on only with a usable
/// `Idempotency-Key`, in `context.idempotencyKey`; a missing or malformed one is a 400
/// before the body is read.
struct IdempotencyKeys: Middleware {
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        guard let text = request.header("Idempotency-Key"), let key = IdempotencyKey(text) else {
            throw StaysError.invalidIdempotencyKey
        }
        var request = request
        request.context[IdempotencyKeyOfRequest.self] = key
        return try next(request)
    }
}

/// The guest that `GuestAuthentication` established.
enum AuthenticatedGuest: RequestContextKey {
    typealias Value = GuestID
}

/// The key that `IdempotencyKeys` read.
enum IdempotencyKeyOfRequest: RequestContextKey {
    typealias Value = IdempotencyKey
}

extension RequestContext {
    /// The authenticated guest; nil on a route without `GuestAuthentication`.
    var guest: GuestID? { self[AuthenticatedGuest.self] }
    /// The request's idempotency key; nil on a route without `IdempotencyKeys`.
    var idempotencyKey: IdempotencyKey? { self[IdempotencyKeyOfRequest.self] }
}

extension Request {
    /// The authenticated guest. A route registered without `GuestAuthentication` has none:
    /// it answers 401 rather than act for nobody.
    func authenticatedGuest() throws -> GuestID {
        guard let guest = context.guest else { throw StaysError.unauthenticated("A bearer token is required.") }
        return guest
    }
}
