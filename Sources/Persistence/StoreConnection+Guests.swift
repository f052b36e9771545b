import Domain

extension StoreConnection {
    /// Inserts a guest (of a guest token or of an account) with a random id.
    func insertGuest(tokenDigest: [UInt8], at instant: Instant) throws -> GuestID {
        GuestID(try insertWithRandomID("""
            INSERT INTO guests (id, token_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING
            """, [tokenDigest, instant.millisecondsSinceEpoch]))
    }
}
