import Domain
import Synchronization

/// `AccountStore` in memory: the specification the SQL store is tested against in
/// spirit. A `write` works on a copy of the state and keeps it only when the closure
/// returns, so a thrown error rolls everything back, as a transaction does.
final class InMemoryAccountStore: AccountStore {
    struct State {
        var guests: [[UInt8]: GuestID] = [:]
        var nextID: Int64 = 1
        var accounts: [AccountID: StoredAccount] = [:]
        var erased: Set<AccountID> = []
        var sessions: [SessionID: Session] = [:]
        var accessDigests: [[UInt8]: SessionID] = [:]
        var refreshDigests: [[UInt8]: SessionID] = [:]
        var spentRefresh: [[UInt8]: SessionID] = [:]
        var tokens: [[UInt8]: AccountToken] = [:]
        var failures: [[UInt8]: [Instant]] = [:]
        var mails: [OutgoingMail] = []
        /// Guests with a stay that has not ended (set by tests).
        var guestsWithUpcomingStays: Set<GuestID> = []
    }

    let state = Mutex(State())

    func write<T>(_ body: (any AccountTransaction) throws -> T) throws -> T {
        try state.withLock { state in
            let transaction = Transaction(state: state)
            let result = try body(transaction)
            state = transaction.state
            return result
        }
    }

    /// A snapshot: whatever the closure does to it is dropped.
    func read<T>(_ body: (any AccountTransaction) throws -> T) throws -> T {
        let snapshot = state.withLock { $0 }
        return try body(Transaction(state: snapshot))
    }

    var mails: [OutgoingMail] { state.withLock { $0.mails } }

    final class Transaction: AccountTransaction {
        var state: State
        init(state: State) { self.state = state }

        private func nextID() -> Int64 {
            defer { state.nextID += 1 }
            return state.nextID
        }

        func createGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
            let id = GuestID(nextID())
            state.guests[tokenDigest] = id
            return id
        }
        func guest(withTokenDigest digest: [UInt8]) throws -> GuestID? { state.guests[digest] }

        func account(_ id: AccountID) throws -> StoredAccount? { state.erased.contains(id) ? nil : state.accounts[id] }
        func account(email normalized: String) throws -> StoredAccount? {
            state.accounts.values.first { !state.erased.contains($0.account.id) && $0.account.email.normalized == normalized }
        }
        func account(of guest: GuestID) throws -> StoredAccount? {
            state.accounts.values.first { $0.account.guestID == guest }
        }
        func insertAccount(_ new: NewAccount) throws -> AccountID {
            if try account(email: new.email.normalized) != nil { throw AccountError.emailTaken }
            let id = AccountID(nextID())
            state.accounts[id] = StoredAccount(account: Account(
                id: id, guestID: new.guestID, email: new.email, name: new.name, roles: new.roles, emailVerified: false,
                locale: new.locale, createdAt: new.createdAt), passwordHash: new.passwordHash)
            return id
        }
        func updateProfile(of id: AccountID, name: String, locale: Language, roles: [AccountRole]) throws {
            state.accounts[id]?.account.name = name
            state.accounts[id]?.account.locale = locale
            state.accounts[id]?.account.roles = roles
        }
        func setPasswordHash(_ hash: String, of id: AccountID) throws { state.accounts[id]?.passwordHash = hash }
        func markEmailVerified(_ id: AccountID, at instant: Instant) throws { state.accounts[id]?.account.emailVerified = true }
        func eraseAccount(_ id: AccountID, at instant: Instant) throws {
            state.erased.insert(id)
            state.accounts[id]?.passwordHash = ""
            state.accounts[id]?.account.name = ""
            try revokeSessions(of: id, keeping: nil, at: instant)
        }
        func hasUpcomingStays(_ guest: GuestID, today: CalendarDate) throws -> Bool {
            state.guestsWithUpcomingStays.contains(guest)
        }

        func insertSession(_ new: NewSession) throws -> SessionID {
            let id = SessionID(nextID())
            state.sessions[id] = Session(id: id, accountID: new.accountID, createdAt: new.createdAt, lastUsedAt: new.createdAt,
                                         accessExpiresAt: new.accessExpiresAt, refreshExpiresAt: new.refreshExpiresAt,
                                         userAgent: new.userAgent, revokedAt: nil)
            state.accessDigests[new.accessDigest] = id
            state.refreshDigests[new.refreshDigest] = id
            return id
        }
        func session(accessDigest: [UInt8]) throws -> Session? { state.accessDigests[accessDigest].flatMap { state.sessions[$0] } }
        func session(refreshDigest: [UInt8]) throws -> Session? { state.refreshDigests[refreshDigest].flatMap { state.sessions[$0] } }
        func session(id: SessionID) throws -> Session? { state.sessions[id] }
        func sessionOfSpentRefresh(digest: [UInt8]) throws -> SessionID? { state.spentRefresh[digest] }
        func rotateSession(_ id: SessionID, accessDigest: [UInt8], refreshDigest: [UInt8], spentRefreshDigest: [UInt8],
                           accessExpiresAt: Instant, refreshExpiresAt: Instant, at instant: Instant) throws {
            state.accessDigests = state.accessDigests.filter { $0.value != id }
            state.refreshDigests = state.refreshDigests.filter { $0.value != id }
            state.accessDigests[accessDigest] = id
            state.refreshDigests[refreshDigest] = id
            state.spentRefresh[spentRefreshDigest] = id
            state.sessions[id]?.accessExpiresAt = accessExpiresAt
            state.sessions[id]?.refreshExpiresAt = refreshExpiresAt
            state.sessions[id]?.lastUsedAt = instant
        }
        func touchSession(_ id: SessionID, at instant: Instant) throws { state.sessions[id]?.lastUsedAt = instant }
        func activeSessions(of account: AccountID, at instant: Instant) throws -> [Session] {
            state.sessions.values.filter { $0.accountID == account && $0.acceptsRefresh(at: instant) }
                .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
        func revokeSession(_ id: SessionID, of account: AccountID, at instant: Instant) throws -> Bool {
            guard let session = state.sessions[id], session.accountID == account, session.revokedAt == nil else { return false }
            state.sessions[id]?.revokedAt = instant
            return true
        }
        func revokeSessions(of account: AccountID, keeping: SessionID?, at instant: Instant) throws {
            for (id, session) in state.sessions where session.accountID == account && id != keeping && session.revokedAt == nil {
                state.sessions[id]?.revokedAt = instant
            }
        }

        func insertAccountToken(digest: [UInt8], _ token: AccountToken) throws { state.tokens[digest] = token }
        func accountToken(digest: [UInt8]) throws -> AccountToken? { state.tokens[digest] }
        func markAccountTokenUsed(digest: [UInt8], at instant: Instant) throws { state.tokens[digest]?.usedAt = instant }

        func recordSignInFailure(key: [UInt8], at instant: Instant) throws { state.failures[key, default: []].append(instant) }
        func signInFailures(key: [UInt8], since instant: Instant) throws -> Int {
            (state.failures[key] ?? []).filter { $0 >= instant }.count
        }
        func deleteSignInFailures(before instant: Instant) throws -> Int {
            let before = state.failures.values.map(\.count).reduce(0, +)
            state.failures = state.failures.mapValues { $0.filter { $0 >= instant } }.filter { !$0.value.isEmpty }
            return before - state.failures.values.map(\.count).reduce(0, +)
        }

        func enqueueMail(_ mail: OutgoingMail, at instant: Instant) throws { state.mails.append(mail) }
    }
}
