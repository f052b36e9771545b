/// Every state a reservation can be in once requests to book exist. Raw values are what
/// clients receive (and the `status=` filter of `GET /host/reservations`).
///
/// ```
/// requested ─accept→ confirmed ─guest or host cancels→ cancelled
///     ├─decline→ declined
///     ├─guest cancels→ withdrawn
///     └─expiresAt passes→ expired
/// ```
/// Nights are held while `requested` (not yet expired) or `confirmed`.
public enum HostReservationStatus: String, CaseIterable, Hashable, Sendable {
    case requested, confirmed, declined, expired, withdrawn, cancelled

    /// Whether a reservation in this state keeps its nights from everyone else.
    public var holdsNights: Bool { self == .requested || self == .confirmed }

    /// The guest-side status of the same reservation, for the states it has one (a request
    /// and its endings have none yet: the trips screen learns them with this issue).
    public var reservationStatus: ReservationStatus? {
        switch self {
        case .confirmed: .confirmed
        case .cancelled: .cancelled
        case .requested, .declined, .expired, .withdrawn: nil
        }
    }
}

/// Who cancelled a confirmed stay: a host's cancellation refunds the guest in full.
public enum CancelledBy: String, CaseIterable, Hashable, Sendable {
    case guest, host
}

/// What someone asks of a reservation.
public enum ReservationAction: String, CaseIterable, Hashable, Sendable {
    /// The host accepts a request.
    case accept
    /// The host declines a request.
    case decline
    /// The guest cancels: a request is withdrawn, a confirmed stay cancelled.
    case guestCancel = "guest-cancel"
    /// The host cancels a confirmed stay.
    case hostCancel = "host-cancel"
    /// The expiry job records a request past its `expiresAt`.
    case expire
}
