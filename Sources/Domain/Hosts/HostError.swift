/// Every failure of the host side a client can see, besides `StaysError`'s. Each case maps
/// to one HTTP problem in the API layer:
///
/// | case                        | status | problem type                             |
/// |-----------------------------|--------|------------------------------------------|
/// | `hostRoleRequired`          | 403    | `/problems/host-role-required`           |
/// | `listingChanged`            | 412    | `/problems/listing-changed`              |
/// | `publishRequirementsMissing`| 422    | `/problems/publish-requirements-missing` |
/// | `nightsReserved`            | 409    | `/problems/nights-reserved`              |
/// | `requestExpired`            | 409    | `/problems/request-expired`              |
/// | `reservationStateConflict`  | 409    | `/problems/reservation-state-conflict`   |
///
/// Not here, on purpose: another host's listing or reservation and an unknown id are
/// `StaysError.listingNotFound` / `.reservationNotFound` (404, indistinguishable); bad
/// fields and past nights are `StaysError.invalidParameters` (400).
public enum HostError: Error, Hashable, Sendable {
    /// The account does not have the `host` role (a guest-only account on a host route).
    case hostRoleRequired
    /// `If-Match` named another version of the listing than the stored one; carries the
    /// current ETag. Nothing was written.
    case listingChanged(currentETag: String)
    /// What the listing lacks to be published, each named; never empty.
    case publishRequirementsMissing([PublishRequirement])
    /// Nights a calendar change would close that a reservation or a pending request
    /// holds, ascending; never empty. Nothing was applied.
    case nightsReserved([CalendarDate])
    /// The request's `expiresAt` has passed: it can no longer be accepted or declined.
    case requestExpired(ReservationID)
    /// The action does not apply to the reservation's current state (accepting a declined
    /// request, declining a confirmed stay, ...).
    case reservationStateConflict(ReservationID, status: HostReservationStatus, action: ReservationAction)
}
