import Domain
import Synchronization
import Testing

/// A clock tests move by hand.
final class ManualClock: DateProvider {
    let instant = Mutex(Instant(millisecondsSinceEpoch: 1_800_000_000_000))
    func today(in timeZone: String) -> CalendarDate { CalendarDate(daysSinceEpoch: Int(now().millisecondsSinceEpoch / 86_400_000)) }
    func now() -> Instant { instant.withLock { $0 } }
    func advance(seconds: Int64) {
        instant.withLock { $0 = Instant(millisecondsSinceEpoch: $0.millisecondsSinceEpoch + seconds * 1000) }
    }
}

/// A transparent hasher: `v<version>:<password>`. Enough to test what the service does with
/// hashes; the real one (Argon2id) has its own tests.
final class FakePasswordHasher: PasswordHasher {
    let version: Int
    let verifications = Atomic<Int>(0)
    init(version: Int = 2) { self.version = version }
    func hash(_ password: Password) throws -> String { "v\(version):\(password.text)" }
    func verify(_ password: Password, against hash: String) throws -> Bool {
        verifications.add(1, ordering: .relaxed)
        return hash.split(separator: ":", maxSplits: 1).last.map(String.init) == password.text && hash.hasPrefix("v")
    }
    func needsRehash(_ hash: String) -> Bool { !hash.hasPrefix("v\(version):") }
}

@Suite struct AccountServiceTests {
    let store = InMemoryAccountStore()
    let clock = ManualClock()
    let hasher = FakePasswordHasher()
    let password = Password("노을 지는 바닷가 2026")

    func service(_ configure: (inout AccountService.Configuration) -> Void = { _ in }) throws -> AccountService {
        var configuration = AccountService.Configuration()
        configuration.publicURL = "https://stays.example"
        configure(&configuration)
        return try AccountService(store: store, hasher: hasher, dateProvider: clock, configuration: configuration)
    }

    func signUp(_ service: AccountService, email: String = "Min.Ji@Example.com", roles: [String]? = nil,
                guest: GuestID? = nil) throws -> SignedIn {
        try service.signUp(SignUpForm(email: email, password: password, name: " 민지 ", roles: roles), anonymousGuest: guest,
                           userAgent: "StaysApp/1.0")
    }

    @Test func signUpCreatesAnAccountASessionAndAVerificationMail() throws {
        let service = try service()
        let signedIn = try signUp(service, roles: ["host", "guest"])
        #expect(signedIn.account.email.text == "Min.Ji@Example.com")
        #expect(signedIn.account.name == "민지")
        #expect(signedIn.account.roles == [.guest, .host])
        #expect(signedIn.account.locale == .ko && !signedIn.account.emailVerified)
        #expect(signedIn.expiresIn == 3600)
        #expect(try service.authenticate(accessToken: signedIn.accessToken).account.id == signedIn.account.id)
        let mail = try #require(store.mails.last)
        #expect(mail.to == "Min.Ji@Example.com")
        #expect(mail.subject == "Stays 이메일 주소를 확인해 주세요")
        #expect(mail.text.contains("https://stays.example/verify-email?token="))
        #expect(!mail.text.contains(password.text))
    }

    @Test func everyBadFieldIsNamedInOneError() throws {
        let service = try service()
        #expect(throws: StaysError.invalidParameters([
            ParameterIssue(name: "email", reason: "must have a domain with a dot, such as example.com"),
            ParameterIssue(name: "password", reason: "must be at least 10 characters"),
            ParameterIssue(name: "name", reason: "must be 1 to 100 characters"),
            ParameterIssue(name: "roles", reason: "must be a non-empty list of guest and host"),
            ParameterIssue(name: "locale", reason: "must be ko or en"),
        ])) {
            try service.signUp(SignUpForm(email: "a@b", password: Password("short"), name: "  ", roles: ["admin"],
                                          locale: "fr"), anonymousGuest: nil, userAgent: nil)
        }
    }

    @Test func anEmailIsTakenWhateverItsCase() throws {
        let service = try service()
        _ = try signUp(service)
        #expect(throws: AccountError.emailTaken) { try signUp(service, email: "min.ji@EXAMPLE.com") }
    }

    @Test func anAnonymousGuestBecomesTheAccountOnce() throws {
        let service = try service()
        let guest = try store.write { try $0.createGuest(tokenDigest: [1], at: clock.now()) }
        let signedIn = try signUp(service, guest: guest)
        #expect(signedIn.account.guestID == guest)
        #expect(throws: AccountError.guestAlreadyAccount) { try signUp(service, email: "other@example.com", guest: guest) }
    }

    @Test func unknownEmailAndWrongPasswordAnswerAlikeAndBothHash() throws {
        let service = try service()
        _ = try signUp(service)
        let before = hasher.verifications.load(ordering: .relaxed)
        #expect(throws: AccountError.invalidCredentials) {
            try service.signIn(email: "min.ji@example.com", password: Password("wrong password!"), clientAddress: "1.2.3.4", userAgent: nil)
        }
        #expect(throws: AccountError.invalidCredentials) {
            try service.signIn(email: "nobody@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        }
        #expect(hasher.verifications.load(ordering: .relaxed) == before + 2)
        let signedIn = try service.signIn(email: " MIN.JI@example.com ", password: password, clientAddress: "1.2.3.4",
                                          userAgent: "curl/8")
        #expect(try service.sessions(of: signedIn.account.id).count == 2)
    }

    @Test func failuresLockAnEmailKnownOrNotForTheWindowOnly() throws {
        let service = try service { $0.signInLimit = 3 }
        _ = try signUp(service)
        for email in ["min.ji@example.com", "nobody@example.com"] {
            for attempt in 1...3 {
                #expect(throws: AccountError.invalidCredentials, "attempt \(attempt)") {
                    try service.signIn(email: email, password: Password("wrong password!"), clientAddress: "10.0.0.\(attempt)", userAgent: nil)
                }
            }
            #expect(throws: AccountError.signInLimited(retryAfterSeconds: 900)) {
                try service.signIn(email: email, password: password, clientAddress: "10.0.0.9", userAgent: nil)
            }
        }
        clock.advance(seconds: 15 * 60 + 1)
        #expect(try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "10.0.0.9", userAgent: nil)
            .account.email.normalized == "min.ji@example.com")
    }

    @Test func onlyFailuresOutsideTheWindowAreForgotten() throws {
        let service = try service { $0.signInLimit = 3 }
        for _ in 1...2 {
            _ = try? service.signIn(email: "a@example.com", password: password, clientAddress: "10.0.0.1", userAgent: nil)
        }
        clock.advance(seconds: 10 * 60)
        _ = try? service.signIn(email: "a@example.com", password: password, clientAddress: "10.0.0.1", userAgent: nil)
        // Two rows (email, address) per failure; none is older than the window yet.
        #expect(try service.forgetExpiredSignInFailures() == 0)
        clock.advance(seconds: 5 * 60 + 1)
        #expect(try service.forgetExpiredSignInFailures() == 4)
        // The one failure inside the window still counts: two more lock the email.
        for _ in 1...2 {
            _ = try? service.signIn(email: "a@example.com", password: password, clientAddress: "10.0.0.2", userAgent: nil)
        }
        #expect(throws: AccountError.signInLimited(retryAfterSeconds: 900)) {
            try service.signIn(email: "a@example.com", password: password, clientAddress: "10.0.0.3", userAgent: nil)
        }
    }

    @Test func oneAddressIsLimitedAtTenTimesTheEmailLimit() throws {
        let service = try service { $0.signInLimit = 2 }
        for attempt in 0..<20 {
            #expect(throws: AccountError.invalidCredentials) {
                try service.signIn(email: "user\(attempt)@example.com", password: password, clientAddress: "203.0.113.7", userAgent: nil)
            }
        }
        #expect(throws: AccountError.signInLimited(retryAfterSeconds: 900)) {
            try service.signIn(email: "fresh@example.com", password: password, clientAddress: "203.0.113.7", userAgent: nil)
        }
        #expect(throws: AccountError.invalidCredentials) {
            try service.signIn(email: "fresh@example.com", password: password, clientAddress: "203.0.113.8", userAgent: nil)
        }
    }

    @Test func aSignInRehashesAnOldHash() throws {
        let old = try AccountService(store: store, hasher: FakePasswordHasher(version: 1), dateProvider: clock)
        let id = try signUp(old).account.id
        #expect(try store.write { try $0.account(id) }?.passwordHash == "v1:\(password.text)")
        _ = try service().signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        #expect(try store.write { try $0.account(id) }?.passwordHash == "v2:\(password.text)")
    }

    @Test func accessTokensExpireAndRefreshTokensRotate() throws {
        let service = try service()
        let first = try signUp(service)
        clock.advance(seconds: 3600)
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: first.accessToken) }
        let second = try service.refresh(first.refreshToken.text)
        #expect(second.sessionID == first.sessionID)
        #expect(try service.authenticate(accessToken: second.accessToken).session == first.sessionID)
        let third = try service.refresh(second.refreshToken.text)
        #expect(try service.authenticate(accessToken: third.accessToken).session == first.sessionID)
        clock.advance(seconds: 30 * 86_400)
        #expect(throws: AccountError.invalidToken) { try service.refresh(third.refreshToken.text) }
    }

    @Test func aSpentRefreshTokenRevokesItsSession() throws {
        let service = try service()
        let first = try signUp(service)
        let other = try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        let second = try service.refresh(first.refreshToken.text)
        #expect(throws: AccountError.invalidToken) { try service.refresh(first.refreshToken.text) }
        // The thief's replay ended the session for the legitimate holder too...
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: second.accessToken) }
        #expect(throws: AccountError.invalidToken) { try service.refresh(second.refreshToken.text) }
        // ...and only that session.
        #expect(try service.authenticate(accessToken: other.accessToken).session == other.sessionID)
        #expect(throws: AccountError.invalidToken) { try service.refresh("not a token") }
    }

    @Test func signingOutOneSessionOrAll() throws {
        let service = try service()
        let first = try signUp(service)
        let second = try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        #expect(try service.signOut(first.sessionID, of: first.account.id))
        #expect(try !service.signOut(first.sessionID, of: first.account.id))
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: first.accessToken) }
        #expect(throws: AccountError.invalidToken) { try service.refresh(first.refreshToken.text) }
        #expect(try service.sessions(of: first.account.id).map(\.id) == [second.sessionID])
        try service.signOutEverywhere(first.account.id)
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: second.accessToken) }
        #expect(try service.sessions(of: first.account.id).isEmpty)
    }

    @Test func anotherAccountsSessionCannotBeSignedOut() throws {
        let service = try service()
        let mine = try signUp(service)
        let theirs = try signUp(service, email: "other@example.com")
        #expect(try !service.signOut(theirs.sessionID, of: mine.account.id))
        #expect(try service.authenticate(accessToken: theirs.accessToken).session == theirs.sessionID)
    }

    @Test func changingThePasswordKeepsThisSessionOnly() throws {
        let service = try service()
        let first = try signUp(service)
        let second = try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        #expect(throws: StaysError.invalidParameter("currentPassword", "is not your current password")) {
            try service.changePassword(first.account.id, session: first.sessionID, current: Password("not the password"),
                                       new: Password("a brand new passphrase"))
        }
        #expect(throws: StaysError.invalidParameter("newPassword", "is too common: it appears in lists of leaked passwords")) {
            try service.changePassword(first.account.id, session: first.sessionID, current: password, new: Password("qwertyuiop"))
        }
        try service.changePassword(first.account.id, session: first.sessionID, current: password,
                                   new: Password("a brand new passphrase"))
        #expect(try service.authenticate(accessToken: first.accessToken).session == first.sessionID)
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: second.accessToken) }
        #expect(throws: AccountError.invalidCredentials) {
            try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        }
    }

    @Test func theProfileChangesOnlyTheFieldsSent() throws {
        let service = try service()
        let account = try signUp(service).account
        let updated = try service.updateProfile(account.id, ProfileChange(locale: "en", roles: ["guest", "host"]))
        #expect(updated.name == "민지" && updated.locale == .en && updated.roles == [.guest, .host])
        #expect(throws: StaysError.invalidParameter("locale", "must be ko or en")) {
            try service.updateProfile(account.id, ProfileChange(name: "New", locale: "jp"))
        }
        #expect(try service.profile(account.id).name == "민지")
    }

    @Test func deletingIsRefusedWithAStayAheadThenErases() throws {
        let service = try service()
        let signedIn = try signUp(service)
        store.state.withLock { _ = $0.guestsWithUpcomingStays.insert(signedIn.account.guestID) }
        let today = clock.today(in: "Asia/Seoul")
        #expect(throws: StaysError.invalidParameter("password", "is not your current password")) {
            try service.deleteAccount(signedIn.account.id, password: Password("wrong password"), today: today)
        }
        #expect(throws: AccountError.upcomingStays) { try service.deleteAccount(signedIn.account.id, password: password, today: today) }
        store.state.withLock { $0.guestsWithUpcomingStays = [] }
        try service.deleteAccount(signedIn.account.id, password: password, today: today)
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: signedIn.accessToken) }
        #expect(throws: AccountError.invalidCredentials) {
            try service.signIn(email: "min.ji@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
        }
        // The address is free again.
        #expect(try signUp(service).account.id != signedIn.account.id)
    }

    func token(in mail: OutgoingMail?) throws -> String {
        let text = try #require(mail?.text)
        let start = try #require(text.range(of: "?token="))
        return String(text[start.upperBound...].prefix(43))
    }

    @Test func aVerificationLinkWorksOnceWithinADay() throws {
        let service = try service()
        let account = try signUp(service).account
        let link = try token(in: store.mails.last)
        try service.verifyEmail(token: link)
        #expect(try service.profile(account.id).emailVerified)
        #expect(throws: AccountError.linkInvalid) { try service.verifyEmail(token: link) }
        _ = try signUp(service, email: "late@example.com")
        clock.advance(seconds: 24 * 3600)
        #expect(throws: AccountError.linkInvalid) { try service.verifyEmail(token: try token(in: store.mails.last)) }
        #expect(throws: AccountError.linkInvalid) { try service.verifyEmail(token: "garbage") }
    }

    @Test func aPasswordResetSetsThePasswordAndSignsOutEverywhere() throws {
        let service = try service()
        let signedIn = try signUp(service)
        let mailsBefore = store.mails.count
        try service.requestPasswordReset(email: "nobody@example.com")
        #expect(store.mails.count == mailsBefore)
        try service.requestPasswordReset(email: "MIN.JI@example.com")
        let mail = try #require(store.mails.last)
        #expect(mail.subject == "Stays 비밀번호 재설정" && mail.html.contains("/reset-password?token="))
        let link = try token(in: mail)
        #expect(throws: StaysError.invalidParameter("password", "must be at least 10 characters")) {
            try service.resetPassword(token: link, password: Password("short"))
        }
        try service.resetPassword(token: link, password: Password("the new long passphrase"))
        #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: signedIn.accessToken) }
        #expect(throws: AccountError.linkInvalid) { try service.resetPassword(token: link, password: Password("another new passphrase")) }
        #expect(try service.signIn(email: "min.ji@example.com", password: Password("the new long passphrase"),
                                   clientAddress: "1.2.3.4", userAgent: nil).account.id == signedIn.account.id)
    }

    @Test func aResetLinkExpiresAfterAnHour() throws {
        let service = try service()
        _ = try signUp(service)
        try service.requestPasswordReset(email: "min.ji@example.com")
        clock.advance(seconds: 3600)
        #expect(throws: AccountError.linkInvalid) {
            try service.resetPassword(token: try token(in: store.mails.last), password: Password("the new long passphrase"))
        }
    }

    @Test func mailsAreInTheAccountsLanguage() throws {
        let service = try service()
        _ = try service.signUp(SignUpForm(email: "en@example.com", password: password, name: "Sam", locale: "en"),
                               anonymousGuest: nil, userAgent: nil)
        #expect(store.mails.last?.subject == "Confirm your email address for Stays")
        #expect(store.mails.last?.html.hasPrefix("<!doctype html><html lang=\"en\">") == true)
    }
}
