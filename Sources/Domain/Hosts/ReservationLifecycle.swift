/// The one place that says which transition of a reservation is allowed at an instant.
///
/// Expiry is evaluated on read: a `requested` reservation at or past its `expiresAt` IS
/// `expired`, whatever the stored status says and whether or not a job has run.
///
/// | effective status | accept          | decline         | guestCancel     | hostCancel  | expire    |
/// |------------------|-----------------|-----------------|-----------------|-------------|-----------|
/// | requested        | → confirmed     | → declined      | → withdrawn     | conflict    | unchanged |
/// | expired          | requestExpired  | requestExpired  | unchanged       | conflict    | → expired when stored `requested`, else unchanged |
/// | confirmed        | unchanged       | conflict        | → cancelled     | → cancelled | unchanged |
/// | declined         | conflict        | unchanged       | unchanged       | conflict    | unchanged |
/// | withdrawn        | conflict        | conflict        | unchanged       | conflict    | unchanged |
/// | cancelled        | conflict        | conflict        | unchanged       | unchanged   | unchanged |
///
/// "unchanged" answers the reservation as it is (a repeated request is not an error); a
/// conflict is `HostError.reservationStateConflict`. Whether a stay that has ended may be
/// cancelled is the caller's (dates, not states).
public enum ReservationLifecycle {
    /// What an allowed action does.
    public enum Transition: Hashable, Sendable {
        /// Store this status (and, for `cancelled`, who cancelled).
        case to(HostReservationStatus)
        /// Nothing to write.
        case unchanged
    }

    /// The status as of `instant`: `expired` for a stored `requested` whose `expiresAt` has
    /// come; the stored status otherwise.
    public static func status(stored: HostReservationStatus, expiresAt: Instant?, at instant: Instant)
        -> HostReservationStatus {
        if stored == .requested, let expiresAt, instant >= expiresAt { return .expired }
        return stored
    }

    /// The transition `action` makes on reservation `id` at `instant`, or the error the
    /// table above names.
    public static func transition(_ action: ReservationAction, of id: ReservationID, stored: HostReservationStatus,
                                  expiresAt: Instant?, at instant: Instant) throws(HostError) -> Transition {
        let current = status(stored: stored, expiresAt: expiresAt, at: instant)
        let conflict = HostError.reservationStateConflict(id, status: current, action: action)
        switch (action, current) {
        case (.accept, .requested): return .to(.confirmed)
        case (.accept, .confirmed), (.decline, .declined): return .unchanged
        case (.accept, .expired), (.decline, .expired): throw .requestExpired(id)
        case (.decline, .requested): return .to(.declined)
        case (.guestCancel, .requested): return .to(.withdrawn)
        case (.guestCancel, .confirmed), (.hostCancel, .confirmed): return .to(.cancelled)
        case (.guestCancel, _): return .unchanged
        case (.hostCancel, .cancelled): return .unchanged
        case (.expire, .expired): return stored == .requested ? .to(.expired) : .unchanged
        case (.expire, _): return .unchanged
        case (.accept, _), (.decline, _), (.hostCancel, _): throw conflict
        }
    }
}
