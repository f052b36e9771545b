import Domain
import HTTP1
import HTTPServer

/// Guest routes' authentication: a handler wrapped by `authenticated` runs only with the
/// guest its `Authorization: Bearer <token>` names; anything else is answered 401 with
/// `WWW-Authenticate: Bearer` (RFC 6750 §3) before the handler runs.
struct GuestAuthentication {
    let guests: GuestService

    func authenticated(_ handler: @escaping @Sendable (Request, GuestID) throws -> HTTPResponse) -> Handler {
        { [guests] request in
            let guest: GuestID
            do {
                guest = try guests.authenticate(authorization: request.header("Authorization"))
            } catch let error as StaysError {
                var problem = error.problem
                problem.headers.append(name: "WWW-Authenticate", value: #"Bearer realm="stays""#)
                throw problem
            }
            return try handler(request, guest)
        }
    }
}
