extension HostService {
    /// The account, when it has the `host` role: `AccountError.invalidToken` when unknown,
    /// `HostError.hostRoleRequired` without the role.
    @discardableResult
    func requireHost(_ id: AccountID, in reads: any HostReads) throws -> Account {
        guard let account = try reads.account(id) else { throw AccountError.invalidToken }
        guard account.has(.host) else { throw HostError.hostRoleRequired }
        return account
    }

    /// The caller's listing; another host's and an unknown one alike are not found.
    func ownedListing(_ id: ListingID, by account: AccountID, in reads: any HostReads) throws -> HostListing {
        guard let listing = try reads.listing(id), listing.host == account else { throw StaysError.listingNotFound(id) }
        return listing
    }

    /// A reservation on one of the caller's listings; anything else is not found.
    func ownedReservation(_ id: ReservationID, by account: AccountID, in reads: any HostReads) throws -> HostReservation {
        guard let reservation = try reads.reservation(id), reservation.host == account else {
            throw StaysError.reservationNotFound(id)
        }
        return reservation
    }

    /// The zone of the region a draft names; nil when it names none or an unknown one.
    func regionTimeZone(of draft: HostListingDraft, in reads: any HostReads) throws -> String? {
        guard case .set(let location) = draft.locationID else { return nil }
        return try reads.regionTimeZone(of: location)
    }
}
