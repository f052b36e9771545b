/// How a new booking of a listing starts, for the booking path (`POST /reservations`):
/// confirmed at once when the listing books instantly, else a request that holds its
/// nights until `expiresAt`.
public struct RequestToBook: Hashable, Sendable {
    /// `--request-expiry SECONDS`'s default: 24 hours.
    public static let defaultExpirySeconds: Int64 = 86_400

    public var status: HostReservationStatus
    /// nil for an instant booking.
    public var expiresAt: Instant?

    /// - Parameter expirySeconds: how long a request holds its nights (> 0).
    public init(instantBook: Bool, createdAt: Instant, expirySeconds: Int64 = RequestToBook.defaultExpirySeconds) {
        precondition(expirySeconds > 0, "a request must hold its nights for some time")
        if instantBook {
            status = .confirmed
            expiresAt = nil
        } else {
            status = .requested
            expiresAt = Instant(millisecondsSinceEpoch: createdAt.millisecondsSinceEpoch + expirySeconds * 1000)
        }
    }
}
