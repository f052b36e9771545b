import Foundation
import Testing
import Domain
@testable import Persistence

extension CatalogFixture {
    /// The accounts store and mail outbox of this fixture's engine.
    var accounts: StoreAccountsHandle { StoreAccountsHandle(store) }
}

/// `StoreAccounts` of an engine chosen at run time, as both of its protocols.
struct StoreAccountsHandle {
    let accounts: any AccountStore
    let outbox: any MailOutboxStore

    init(_ engine: any StoreEngine) {
        func open(_ engine: some StoreEngine) -> (any AccountStore, any MailOutboxStore) {
            let store = engine.accountStore()
            return (store, store)
        }
        (accounts, outbox) = open(engine)
    }
}

extension StoreContractTests {
    /// Accounts, sessions, emailed tokens, sign-in failures and the mail outbox
    /// (`StoreAccounts`) on either engine, and `AccountService` on top of them.
    @Suite struct AccountStoreTests {
        static let now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)

        static func digest(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

        static func newAccount(_ guest: GuestID, _ email: String) -> NewAccount {
            NewAccount(guestID: guest, email: EmailAddress(email)!, passwordHash: "$argon2id$v=19$m=64,t=1,p=1$x$y",
                       name: "민지", roles: [.guest, .host], locale: .en, createdAt: now)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func anAccountRoundTripsAndItsEmailIsUniqueIgnoringCase(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            defer { withExtendedLifetime(fixture) {} }
            let store = fixture.accounts.accounts
            let id = try store.write { transaction in
                let guest = try transaction.createGuest(tokenDigest: Self.digest(1), at: Self.now)
                return try transaction.insertAccount(Self.newAccount(guest, "Min.Ji@Example.com"))
            }
            let stored = try #require(try store.write { try $0.account(email: "min.ji@example.com") })
            #expect(stored.account.id == id && stored.account.email.text == "Min.Ji@Example.com")
            #expect(stored.account.roles == [.guest, .host] && stored.account.locale == .en && !stored.account.emailVerified)
            #expect(stored.account.name == "민지" && stored.passwordHash.hasPrefix("$argon2id$"))
            #expect(try store.write { try $0.account(of: stored.account.guestID) }?.account.id == id)
            // The second insert fails inside its transaction, which stays usable.
            let after = try store.write { transaction -> Int in
                let guest = try transaction.createGuest(tokenDigest: Self.digest(2), at: Self.now)
                #expect(throws: AccountError.emailTaken) { try transaction.insertAccount(Self.newAccount(guest, "MIN.JI@example.COM")) }
                #expect(throws: AccountError.guestAlreadyAccount) {
                    try transaction.insertAccount(Self.newAccount(stored.account.guestID, "other@example.com"))
                }
                return try transaction.insertAccount(Self.newAccount(guest, "second@example.com")).rawValue > 0 ? 1 : 0
            }
            #expect(after == 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func profilePasswordVerificationAndErasure(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            defer { withExtendedLifetime(fixture) {} }
            let store = fixture.accounts.accounts
            let id = try store.write { transaction in
                try transaction.insertAccount(Self.newAccount(try transaction.createGuest(tokenDigest: Self.digest(1), at: Self.now),
                                                              "a@example.com"))
            }
            try store.write { transaction in
                try transaction.updateProfile(of: id, name: "Sam", locale: .ko, roles: [.host])
                try transaction.setPasswordHash("new-hash", of: id)
                try transaction.markEmailVerified(id, at: Self.now)
            }
            let account = try #require(try store.write { try $0.account(id) })
            #expect(account.account.name == "Sam" && account.account.locale == .ko && account.account.roles == [.host])
            #expect(account.passwordHash == "new-hash" && account.account.emailVerified)
            let session = try store.write { try $0.insertSession(Self.session(id, 9)) }
            try store.write { try $0.eraseAccount(id, at: Self.now) }
            #expect(try store.write { try $0.account(id) } == nil)
            #expect(try store.write { try $0.account(email: "a@example.com") } == nil)
            #expect(try store.write { try $0.session(id: session) }?.revokedAt == Self.now)
            // The address is free again.
            _ = try store.write { transaction in
                try transaction.insertAccount(Self.newAccount(try transaction.createGuest(tokenDigest: Self.digest(2), at: Self.now),
                                                              "a@example.com"))
            }
        }

        static func session(_ account: AccountID, _ byte: UInt8) -> NewSession {
            NewSession(accountID: account, accessDigest: digest(byte), refreshDigest: digest(byte &+ 100), createdAt: now,
                       accessExpiresAt: Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 3_600_000),
                       refreshExpiresAt: Instant(millisecondsSinceEpoch: now.millisecondsSinceEpoch + 86_400_000),
                       userAgent: "curl/8")
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func sessionsRotateAndRevoke(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            defer { withExtendedLifetime(fixture) {} }
            let store = fixture.accounts.accounts
            let account = try store.write { transaction in
                try transaction.insertAccount(Self.newAccount(try transaction.createGuest(tokenDigest: Self.digest(1), at: Self.now),
                                                              "a@example.com"))
            }
            let first = try store.write { try $0.insertSession(Self.session(account, 1)) }
            let second = try store.write { try $0.insertSession(Self.session(account, 2)) }
            #expect(try store.write { try $0.session(accessDigest: Self.digest(1)) }?.id == first)
            #expect(try store.write { try $0.session(refreshDigest: Self.digest(101)) }?.userAgent == "curl/8")
            let later = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 5000)
            try store.write { transaction in
                try transaction.rotateSession(first, accessDigest: Self.digest(3), refreshDigest: Self.digest(103),
                                              spentRefreshDigest: Self.digest(101), accessExpiresAt: later,
                                              refreshExpiresAt: later, at: later)
            }
            #expect(try store.write { try $0.session(accessDigest: Self.digest(1)) } == nil)
            #expect(try store.write { try $0.session(refreshDigest: Self.digest(103)) }?.lastUsedAt == later)
            #expect(try store.write { try $0.sessionOfSpentRefresh(digest: Self.digest(101)) } == first)
            #expect(try store.write { try $0.activeSessions(of: account, at: Self.now) }.map(\.id) == [second, first])
            #expect(try store.write { try $0.revokeSession(first, of: AccountID(account.rawValue + 1), at: Self.now) } == false)
            #expect(try store.write { try $0.revokeSession(first, of: account, at: Self.now) })
            #expect(try store.write { try $0.revokeSession(first, of: account, at: Self.now) } == false)
            try store.write { try $0.revokeSessions(of: account, keeping: nil, at: Self.now) }
            #expect(try store.write { try $0.activeSessions(of: account, at: Self.now) }.isEmpty)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func tokensFailuresAndTheOutbox(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            defer { withExtendedLifetime(fixture) {} }
            let handle = fixture.accounts
            let store = handle.accounts
            let account = try store.write { transaction in
                try transaction.insertAccount(Self.newAccount(try transaction.createGuest(tokenDigest: Self.digest(1), at: Self.now),
                                                              "a@example.com"))
            }
            let expires = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 1000)
            try store.write { try $0.insertAccountToken(digest: Self.digest(5), AccountToken(accountID: account, purpose: .resetPassword,
                                                                                                expiresAt: expires, usedAt: nil)) }
            #expect(try store.write { try $0.accountToken(digest: Self.digest(5)) }
                    == AccountToken(accountID: account, purpose: .resetPassword, expiresAt: expires, usedAt: nil))
            try store.write { try $0.markAccountTokenUsed(digest: Self.digest(5), at: Self.now) }
            #expect(try store.write { try $0.accountToken(digest: Self.digest(5)) }?.usedAt == Self.now)

            for offset in [0, 10, 20] as [Int64] {
                try store.write { try $0.recordSignInFailure(key: Self.digest(9), at: Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + offset)) }
            }
            #expect(try store.write { try $0.signInFailures(key: Self.digest(9), since: Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 10)) } == 2)
            #expect(try store.write { try $0.signInFailures(key: Self.digest(8), since: Self.now) } == 0)
            // The trim deletes what lies before its cutoff, and only that.
            #expect(try store.write { try $0.deleteSignInFailures(before: Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 10)) } == 1)
            #expect(try store.write { try $0.signInFailures(key: Self.digest(9), since: Self.now) } == 2)

            // The outbox: claimed once per lease, sent bodies erased, failures rescheduled.
            let outbox = handle.outbox
            try store.write { transaction in
                for index in 1...3 {
                    try transaction.enqueueMail(OutgoingMail(to: "u\(index)@example.com", subject: "s\(index)", text: "t", html: "h"),
                                                at: Self.now)
                }
            }
            let lease = Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 60_000)
            let claimed = try outbox.claimDue(limit: 2, now: Self.now, leaseUntil: lease)
            #expect(claimed.map(\.mail.to) == ["u1@example.com", "u2@example.com"])
            #expect(try outbox.claimDue(limit: 5, now: Self.now, leaseUntil: lease).map(\.mail.to) == ["u3@example.com"])
            #expect(try outbox.claimDue(limit: 5, now: Self.now, leaseUntil: lease).isEmpty)
            try outbox.markSent(claimed[0].id, at: Self.now)
            try outbox.markFailed(claimed[1].id, reason: "451", nextAttemptAt: Instant(millisecondsSinceEpoch: Self.now.millisecondsSinceEpoch + 1000))
            // After the lease: the failed one (due again) and the third (lease over), never the sent one.
            let afterLease = Instant(millisecondsSinceEpoch: lease.millisecondsSinceEpoch + 1)
            let again = try outbox.claimDue(limit: 5, now: afterLease, leaseUntil: Instant(millisecondsSinceEpoch: afterLease.millisecondsSinceEpoch + 60_000))
            #expect(again.map(\.mail.to) == ["u2@example.com", "u3@example.com"])
            #expect(again.first?.attempts == 1)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func aBookingAheadBlocksDeletion(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let store = fixture.accounts.accounts
            let guest = try store.write { try $0.createGuest(tokenDigest: Self.digest(1), at: Self.now) }
            let reservation = try BookingStoreTests.reservation(fixture, listing: 3, stay("2027-05-10", "2027-05-13"), guest: guest)
            _ = try fixture.bookings.write { try $0.insertReservation(reservation) }
            #expect(try store.write { try $0.hasUpcomingStays(guest, today: date("2027-05-12")) })
            #expect(try store.write { try !$0.hasUpcomingStays(guest, today: date("2027-05-14")) })
        }

        /// The service on the real store: sign up, sign in, refresh, reuse detection.
        @Test(arguments: CatalogFixture.Engine.available)
        func theServiceWorksOnTheStore(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            defer { withExtendedLifetime(fixture) {} }
            let store = fixture.accounts.accounts
            let service = try AccountService(store: store, hasher: PlainHasher(), dateProvider: FixedDateProvider(date("2027-01-01")))
            let password = Password("a long enough passphrase")
            let signedUp = try service.signUp(SignUpForm(email: "u@example.com", password: password, name: "U"),
                                              anonymousGuest: nil, userAgent: nil)
            #expect(throws: AccountError.emailTaken) {
                try service.signUp(SignUpForm(email: "U@EXAMPLE.COM", password: password, name: "U"), anonymousGuest: nil, userAgent: nil)
            }
            #expect(throws: AccountError.invalidCredentials) {
                try service.signIn(email: "u@example.com", password: Password("wrong password"), clientAddress: "1.2.3.4", userAgent: nil)
            }
            let signedIn = try service.signIn(email: "u@example.com", password: password, clientAddress: "1.2.3.4", userAgent: nil)
            let refreshed = try service.refresh(signedIn.refreshToken.text)
            #expect(try service.authenticate(accessToken: refreshed.accessToken).account.id == signedUp.account.id)
            #expect(throws: AccountError.invalidToken) { try service.refresh(signedIn.refreshToken.text) }
            #expect(throws: AccountError.invalidToken) { try service.authenticate(accessToken: refreshed.accessToken) }
            #expect(try service.authenticate(accessToken: signedUp.accessToken).session == signedUp.sessionID)
        }
    }
}

/// `plain:<password>`: the store tests need a hasher, not a slow one.
struct PlainHasher: PasswordHasher {
    func hash(_ password: Password) throws -> String { "plain:" + password.text }
    func verify(_ password: Password, against hash: String) throws -> Bool { hash == "plain:" + password.text }
    func needsRehash(_ hash: String) -> Bool { false }
}
