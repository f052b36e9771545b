/// What an engine's error means to a store, whichever engine raised it: the engines'
/// adapters classify their own codes (`StoreEngine.failure(of:)`), so a store never looks
/// at a result code or an SQLSTATE.
public enum StoreFailure: Hashable, Sendable {
    /// A UNIQUE or PRIMARY KEY constraint refused a row (a night already held, a key
    /// already used): the one error a store turns into a domain conflict.
    case uniqueViolation
    /// The transaction lost a race with another (serialization failure, deadlock) and may
    /// be run again as a whole.
    case serializationFailure
    /// The database cannot be reached or opened now; the request may be tried again.
    case unavailable
}
