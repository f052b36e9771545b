import Foundation
import Testing
import TestSupport

/// Accounts over a real socket, on both engines: sign up, the verification mail, sign in,
/// refresh and its reuse detection, sessions, profile, password change, sign-out, the
/// anonymous guest becoming the account, and account tokens on guest routes.
@Suite struct AccountsEndToEndTests {
    let password = "노을 지는 바닷가 2026"

    func signUp(_ client: BookingClient, email: String = "minji@example.com", extra: [String: Any] = [:]) throws
        -> ClientResponse {
        var body: [String: Any] = ["email": email, "password": password, "name": "민지"]
        body.merge(extra) { $1 }
        return try client.send("POST", "/accounts", body: client.json(body))
    }

    /// The newest `.eml` file's link token for `path` (`/verify-email`), waiting up to 10 s
    /// for the outbox to be sent.
    func linkToken(_ server: APITestServer, path: String) throws -> String {
        let folder = server.directory.appendingPathComponent("mail")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }.sorted()) ?? []
            for file in files.reversed() {
                let message = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                // The text part is base64: decode each part and look for the link.
                for part in message.components(separatedBy: "\r\n\r\n").dropFirst() {
                    let joined = part.components(separatedBy: "\r\n").prefix { !$0.hasPrefix("--") }.joined()
                    guard let data = Data(base64Encoded: joined), let text = String(data: data, encoding: .utf8),
                          let range = text.range(of: "\(path)?token=") else { continue }
                    return String(text[range.upperBound...].prefix(43))
                }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ClientError(description: "no mail with a \(path) link within 10 s")
    }

    @Test(arguments: APITestServer.Engine.available)
    func signUpVerifySignInRefreshAndSignOut(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: { $0.accounts.publicURL = "https://stays.example" })
        let anonymous = BookingClient(port: server.port, token: nil)
        let created = try signUp(anonymous, extra: ["roles": ["guest", "host"], "locale": "en"])
        #expect(created.status == 201, "\(created.text)")
        #expect(created.header("Cache-Control") == "no-store")
        let account = try #require(created.object["account"] as? [String: Any])
        #expect(account["email"] as? String == "minji@example.com" && account["emailVerified"] as? Bool == false)
        #expect(account["roles"] as? [String] == ["guest", "host"] && account["locale"] as? String == "en")
        #expect(!created.text.contains(password))
        let access = try #require(created.object["accessToken"] as? String)
        #expect(created.object["expiresIn"] as? Int == 3600)

        // The verification link arrives as an .eml file pointing at the public URL.
        let token = try linkToken(server, path: "/verify-email")
        let verified = try anonymous.send("POST", "/email-verifications", body: anonymous.json(["token": token]))
        #expect(verified.status == 204, "\(verified.text)")
        let me = BookingClient(port: server.port, token: access)
        #expect(try me.send("GET", "/me").object["emailVerified"] as? Bool == true)
        #expect(try anonymous.send("POST", "/email-verifications", body: anonymous.json(["token": token])).status == 400)

        // Sign in again elsewhere; both sessions are listed, each says whether it is current.
        let second = try anonymous.send("POST", "/sessions", headers: [("User-Agent", "StaysApp/2.0")],
                                        body: anonymous.json(["email": "MinJi@Example.com", "password": password]))
        #expect(second.status == 200, "\(second.text)")
        let sessions = try #require(try me.send("GET", "/sessions").object["items"] as? [[String: Any]])
        #expect(sessions.count == 2 && sessions.filter { $0["current"] as? Bool == true }.count == 1)
        #expect(sessions.contains { $0["userAgent"] as? String == "StaysApp/2.0" })

        // Refresh rotates; the spent token presented again ends that session.
        let refresh = try #require(second.object["refreshToken"] as? String)
        let rotated = try anonymous.send("POST", "/sessions/refresh", body: anonymous.json(["refreshToken": refresh]))
        #expect(rotated.status == 200)
        let reused = try anonymous.send("POST", "/sessions/refresh", body: anonymous.json(["refreshToken": refresh]))
        #expect(reused.status == 401 && reused.object["type"] as? String == "/problems/invalid-token")
        let rotatedAccess = try #require(rotated.object["accessToken"] as? String)
        let revoked = try BookingClient(port: server.port, token: rotatedAccess).send("GET", "/me")
        #expect(revoked.status == 401)
        #expect(revoked.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true)

        // Profile, then sign out this session.
        let patched = try me.send("PATCH", "/me", body: me.json(["name": "Minji Kim", "locale": "ko"]))
        #expect(patched.object["name"] as? String == "Minji Kim" && patched.object["locale"] as? String == "ko")
        #expect(try me.send("DELETE", "/sessions/current").status == 204)
        #expect(try me.send("GET", "/me").status == 401)
    }

    @Test(arguments: APITestServer.Engine.available)
    func badSignUpsAndSignInsAnswerProblems(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let client = BookingClient(port: server.port, token: nil)
        let bad = try client.send("POST", "/accounts", body: client.json(["email": "nope", "password": "qwertyuiop", "name": ""]))
        #expect(bad.status == 400)
        let names = ((bad.object["invalidParams"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["email", "password", "name"], "\(bad.text)")
        #expect(!bad.text.contains("qwertyuiop"))
        #expect(try signUp(client).status == 201)
        let taken = try signUp(client, email: "MINJI@example.com")
        #expect(taken.status == 409 && taken.object["type"] as? String == "/problems/email-taken")
        let wrong = try client.send("POST", "/sessions", body: client.json(["email": "minji@example.com", "password": "not it at all"]))
        let unknown = try client.send("POST", "/sessions", body: client.json(["email": "nobody@example.com", "password": password]))
        #expect(wrong.status == 401 && unknown.status == 401)
        // The same answer for both, but for the request id.
        for member in ["type", "title", "detail", "status"] {
            #expect("\(wrong.object[member] ?? "")" == "\(unknown.object[member] ?? "")", "\(member)")
        }
        let me = try client.send("GET", "/me")
        #expect(me.status == 401 && me.header("WWW-Authenticate") == #"Bearer realm="stays""#)
        let korean = try client.send("POST", "/sessions", headers: [("Accept-Language", "ko")],
                                     body: client.json(["email": "nobody@example.com", "password": password]))
        #expect(korean.object["type"] as? String == "/problems/invalid-credentials")
        #expect(korean.object["title"] as? String == "로그인 정보가 맞지 않습니다")
    }

    @Test(arguments: APITestServer.Engine.available)
    func signInFailuresAreLimitedAlikeForKnownAndUnknownEmails(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine, configure: { $0.accounts.signInLimit = 3 })
        let client = BookingClient(port: server.port, token: nil)
        #expect(try signUp(client).status == 201)
        for email in ["minji@example.com", "nobody@example.com"] {
            for _ in 0..<3 {
                let wrong = try client.send("POST", "/sessions", body: client.json(["email": email, "password": "wrong password!"]))
                #expect(wrong.status == 401)
            }
            let limited = try client.send("POST", "/sessions", body: client.json(["email": email, "password": password]))
            #expect(limited.status == 429 && limited.header("Retry-After") == "900", "\(email): \(limited.text)")
        }
    }

    @Test(arguments: APITestServer.Engine.available)
    func anAnonymousGuestKeepsTheirTripsAndAnAccountTokenWorksOnGuestRoutes(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")["total"]))
        let booked = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13", "adults": 2,
                                     "expectedTotal": total])
        #expect(booked.status == 201)
        #expect(try guest.send("PUT", "/wishlist/101").status == 204)
        let created = try signUp(guest)
        #expect(created.status == 201, "\(created.text)")
        let account = BookingClient(port: server.port, token: try #require(created.object["accessToken"] as? String))
        let trips = try #require(try account.send("GET", "/reservations").object["items"] as? [[String: Any]])
        #expect(trips.map { $0["id"] as? String } == [booked.object["id"] as? String])
        let saved = try #require(try account.send("GET", "/wishlist").object["items"] as? [[String: Any]])
        #expect(saved.count == 1)
        // The same anonymous token cannot become a second account.
        let again = try signUp(guest, email: "second@example.com")
        #expect(again.status == 409 && again.object["type"] as? String == "/problems/guest-has-account")
    }

    @Test(arguments: APITestServer.Engine.available)
    func aPasswordResetAnswersAlikeAndSignsOutEverywhere(engine: APITestServer.Engine) throws {
        let server = try APITestServer(engine: engine)
        let client = BookingClient(port: server.port, token: nil)
        let created = try signUp(client)
        let known = try client.send("POST", "/password-resets", body: client.json(["email": "minji@example.com"]))
        let unknown = try client.send("POST", "/password-resets", body: client.json(["email": "nobody@example.com"]))
        #expect(known.status == 202 && unknown.status == 202 && known.text == unknown.text)
        let token = try linkToken(server, path: "/reset-password")
        let reset = try client.send("POST", "/password-resets/confirm",
                                    body: client.json(["token": token, "password": "a completely new passphrase"]))
        #expect(reset.status == 204, "\(reset.text)")
        let old = BookingClient(port: server.port, token: try #require(created.object["accessToken"] as? String))
        #expect(try old.send("GET", "/me").status == 401)
        let signIn = try client.send("POST", "/sessions",
                                     body: client.json(["email": "minji@example.com", "password": "a completely new passphrase"]))
        #expect(signIn.status == 200)
    }
}
