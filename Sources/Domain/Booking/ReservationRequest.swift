/// Where a reservation that began as a request to book stands (nil on a `Reservation` for
/// an instant booking): `requested` until the host accepts (`confirmed`), declines, the
/// guest withdraws, or `expiresAt` passes (`expired`). While a request, the reservation's
/// own `status` is `confirmed` (the nights are held) and becomes `cancelled` when the
/// request ends without a stay.
public struct ReservationRequest: Hashable, Sendable {
    /// As stored; `status(at:)` is the one to show and act on.
    public var status: HostReservationStatus
    public var expiresAt: Instant

    public init(status: HostReservationStatus, expiresAt: Instant) {
        self.status = status
        self.expiresAt = expiresAt
    }

    /// The status as of `instant` (a stored `requested` past `expiresAt` is `expired`).
    public func status(at instant: Instant) -> HostReservationStatus {
        ReservationLifecycle.status(stored: status, expiresAt: expiresAt, at: instant)
    }
}
