/// Anonymous guest accounts and their bearer tokens. Immutable and `Sendable`.
///
/// A token is shown once, at creation; only its SHA-256 digest is stored, so a copy of the
/// database does not let anyone act as a guest.
public final class GuestService: Sendable {
    private let store: any BookingStore
    private let dateProvider: any DateProvider

    public init(store: any BookingStore, dateProvider: any DateProvider) {
        self.store = store
        self.dateProvider = dateProvider
    }

    /// Creates a guest; returns its id and the token (the only time it is revealed).
    public func createGuest() throws -> (id: GuestID, token: GuestToken) {
        let token = GuestToken()
        let id = try store.write { try $0.createGuest(tokenDigest: token.digest, at: dateProvider.now()) }
        return (id, token)
    }

    /// The guest `token` belongs to. Throws `.unauthenticated` when it is unknown.
    public func authenticate(_ token: GuestToken) throws -> GuestID {
        guard let guest = try store.read({ try $0.guest(withTokenDigest: token.digest) }) else {
            throw StaysError.unauthenticated("The token is not valid.")
        }
        return guest
    }
}
