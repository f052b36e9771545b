import Domain
import HTTP1
import HTTPServer
import JSON

/// Accounts and sessions: `POST /accounts` (sign up), `POST /sessions` (sign in),
/// `POST /sessions/refresh`, `GET/DELETE /sessions…`, `GET/PATCH/DELETE /me`,
/// `POST /me/password`, `POST /email-verifications`, `POST /password-resets` and
/// `/password-resets/confirm`. Answers that carry tokens are `Cache-Control: no-store`;
/// passwords and tokens are read from bodies only, never echoed, never logged.
struct AccountRoutes {
    let services: APIServices
    let accounts: AccountService
    /// Guest routes' middleware: an anonymous guest or an account's access token.
    let authentication: GuestAuthentication

    static let maximumBodyBytes = 16_384

    func register(in router: inout Router) {
        let signedIn = AccountAuthentication(accounts: accounts)
        // Sign-up counts against POST /guests' per-address limit: both create a guest.
        let creationLimit: [any Middleware] = services.guestCreationLimit.map { [AddressRateLimit($0)] } ?? []

        router.post("/accounts", using: creationLimit) { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let email = body.string("email") ?? ""
            let password = body.string("password") ?? ""
            let name = body.string("name") ?? ""
            let roles = Self.stringList(&body, "roles")
            let locale = body.optionalString("locale")
            try body.finish()
            // An anonymous guest signing up brings their trips and wishlist along.
            var guest: GuestID?
            if request.header("Authorization") != nil {
                guest = try authentication.authenticate(request).0
            }
            let form = SignUpForm(email: email, password: Password(password), name: name, roles: roles,
                                  locale: locale ?? request.language.rawValue)
            let signedIn = try accounts.signUp(form, anonymousGuest: guest, userAgent: request.header("User-Agent"))
            return Self.json(signedIn, status: .created)
        }

        router.post("/sessions") { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let email = body.string("email") ?? ""
            let password = body.string("password") ?? ""
            try body.finish()
            let signedIn = try accounts.signIn(email: email, password: Password(password),
                                               clientAddress: request.context.clientAddress,
                                               userAgent: request.header("User-Agent"))
            return Self.json(signedIn, status: .ok)
        }

        router.post("/sessions/refresh") { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let token = body.string("refreshToken") ?? ""
            try body.finish()
            return Self.json(try accounts.refresh(token), status: .ok)
        }

        router.get("/sessions", using: [signedIn]) { [accounts] request in
            let principal = try request.signedInAccount()
            let sessions = try accounts.sessions(of: principal.account.id)
            var writer = JSONWriter(capacity: 128 + sessions.count * 200)
            writer.object { w in
                w.key("items")
                w.array { a in
                    for session in sessions {
                        a.object { o in
                            o.field("id", session.id.description)
                            o.field("current", session.id == principal.session)
                            o.field("createdAt", session.createdAt.description)
                            o.field("lastUsedAt", session.lastUsedAt.description)
                            o.field("userAgent", session.userAgent)
                        }
                    }
                }
            }
            return .json(writer.bytes, cache: .never)
        }

        router.delete("/sessions/current", using: [signedIn]) { [accounts] request in
            let principal = try request.signedInAccount()
            _ = try accounts.signOut(principal.session, of: principal.account.id)
            return HTTPResponse(status: .noContent)
        }

        router.delete("/sessions/{id}", using: [signedIn]) { [accounts] request in
            let principal = try request.signedInAccount()
            guard let id = SessionID(request.pathParameters["id"] ?? ""),
                  try accounts.signOut(id, of: principal.account.id) else { throw AccountError.sessionNotFound }
            return HTTPResponse(status: .noContent)
        }

        router.delete("/sessions", using: [signedIn]) { [accounts] request in
            try accounts.signOutEverywhere(try request.signedInAccount().account.id)
            return HTTPResponse(status: .noContent)
        }

        router.get("/me", using: [signedIn]) { [accounts] request in
            Self.json(try accounts.profile(try request.signedInAccount().account.id))
        }

        router.add(.patch, "/me", using: [signedIn]) { [accounts] request in
            let principal = try request.signedInAccount()
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let change = ProfileChange(name: body.optionalString("name"), locale: body.optionalString("locale"),
                                       roles: Self.stringList(&body, "roles"))
            try body.finish()
            return Self.json(try accounts.updateProfile(principal.account.id, change))
        }

        router.post("/me/password", using: [signedIn]) { [accounts] request in
            let principal = try request.signedInAccount()
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let current = body.string("currentPassword") ?? ""
            let new = body.string("newPassword") ?? ""
            try body.finish()
            try accounts.changePassword(principal.account.id, session: principal.session, current: Password(current),
                                        new: Password(new))
            return HTTPResponse(status: .noContent)
        }

        router.delete("/me", using: [signedIn]) { [services, accounts] request in
            let principal = try request.signedInAccount()
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let password = body.string("password") ?? ""
            try body.finish()
            try accounts.deleteAccount(principal.account.id, password: Password(password),
                                       today: services.dateProvider.today(in: services.searchTimeZone))
            return HTTPResponse(status: .noContent)
        }

        router.post("/email-verifications") { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let token = body.string("token") ?? ""
            try body.finish()
            try accounts.verifyEmail(token: token)
            return HTTPResponse(status: .noContent)
        }

        router.post("/password-resets", using: creationLimit) { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let email = body.string("email") ?? ""
            try body.finish()
            try accounts.requestPasswordReset(email: email)
            // The same answer whether or not the address has an account.
            var writer = JSONWriter(capacity: 128)
            writer.object { $0.field("status", "If an account has this email, a reset link is on its way.") }
            var response = HTTPResponse.json(writer.bytes, cache: .never)
            response.status = .accepted
            return response
        }

        router.post("/password-resets/confirm") { [accounts] request in
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let token = body.string("token") ?? ""
            let password = body.string("password") ?? ""
            try body.finish()
            try accounts.resetPassword(token: token, password: Password(password))
            return HTTPResponse(status: .noContent)
        }
    }

    /// An optional list of strings; a wrong shape is an issue of that member.
    static func stringList(_ body: inout JSONObjectReader, _ name: String) -> [String]? {
        guard let value = body.value(name) else { return nil }
        guard case .array(let items) = value else {
            body.fail(name, "must be an array of strings")
            return nil
        }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                body.fail(name, "must be an array of strings")
                return nil
            }
            strings.append(text)
        }
        return strings
    }

    static func json(_ signedIn: SignedIn, status: HTTPStatus) -> HTTPResponse {
        var writer = JSONWriter(capacity: 512)
        writer.object { w in
            w.key("account")
            w.account(signedIn.account)
            w.field("accessToken", signedIn.accessToken.text)
            w.field("refreshToken", signedIn.refreshToken.text)
            w.field("tokenType", "Bearer")
            w.field("expiresIn", Int(signedIn.expiresIn))
        }
        var response = HTTPResponse.json(writer.bytes, cache: .never)
        response.status = status
        return response
    }

    static func json(_ account: Account) -> HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.account(account)
        return .json(writer.bytes, cache: .never)
    }
}

extension JSONWriter {
    mutating func account(_ account: Account) {
        object { o in
            o.field("id", account.id.description)
            o.field("email", account.email.text)
            o.field("name", account.name)
            o.key("roles")
            o.array { a in for role in account.roles { a.string(role.rawValue) } }
            o.field("emailVerified", account.emailVerified)
            o.field("locale", account.locale.rawValue)
            o.field("createdAt", account.createdAt.description)
        }
    }
}
