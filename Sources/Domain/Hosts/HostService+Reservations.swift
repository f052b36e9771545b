extension HostService {
    /// `GET /host/reservations`: reservations on the caller's listings, newest first, with
    /// their status as of now (`status` filters on that).
    public func reservations(by account: AccountID, status: HostReservationStatus?, listing: ListingID?,
                             after cursor: HostReservationCursor?, limit: Int) throws
        -> HostPage<HostReservation, HostReservationCursor> {
        let limit = min(max(limit, 1), configuration.maximumPageSize)
        let now = dateProvider.now()
        return try store.read { reads in
            try requireHost(account, in: reads)
            let rows = try reads.reservations(of: account, status: status, listing: listing, at: now, after: cursor,
                                              limit: limit + 1)
            let items = Array(rows.prefix(limit)).map { Self.asOf(now, $0) }
            return HostPage(items: items, nextCursor: rows.count > limit ? items.last.map(HostReservationCursor.init) : nil)
        }
    }

    /// `GET /host/reservations/{id}`, its status as of now.
    public func reservation(_ id: ReservationID, by account: AccountID) throws -> HostReservation {
        let now = dateProvider.now()
        return try store.read { reads in
            try requireHost(account, in: reads)
            return Self.asOf(now, try ownedReservation(id, by: account, in: reads))
        }
    }

    /// `POST /host/reservations/{id}/accept` → confirmed. `HostError.requestExpired` past
    /// `expiresAt`; accepting a confirmed one answers it unchanged.
    public func accept(_ id: ReservationID, by account: AccountID) throws -> HostReservation {
        try act(.accept, on: id, by: account)
    }

    /// `POST /host/reservations/{id}/decline` → declined, nights free at once.
    public func decline(_ id: ReservationID, by account: AccountID) throws -> HostReservation {
        try act(.decline, on: id, by: account)
    }

    /// `POST /host/reservations/{id}/cancel` of a confirmed stay: the guest is refunded in
    /// full (`Refund.hostCancellation`), nights free. `StaysError.stayEnded` once the
    /// checkout day has come (in the listing's zone).
    public func cancel(_ id: ReservationID, by account: AccountID) throws -> HostReservation {
        try act(.hostCancel, on: id, by: account)
    }

    /// The host's payout of `reservation` now, at the configured host fee (`--host-fee-bp`);
    /// nil for one that never became a stay. What each reservation in the host's lists shows.
    public func payout(of reservation: HostReservation) -> HostPayout? {
        reservation.payout(at: dateProvider.now(), hostFeeBasisPoints: configuration.hostFeeBasisPoints)
    }

    /// `GET /host/earnings?from=&to=`: payouts of stays checking in on `from...to`.
    public func earnings(by account: AccountID, from: CalendarDate, to: CalendarDate) throws -> HostEarnings {
        guard from <= to else { throw StaysError.invalidParameter("to", "must not be before from (\(from))") }
        let now = dateProvider.now()
        let fee = configuration.hostFeeBasisPoints
        return try store.read { reads in
            try requireHost(account, in: reads)
            let items = try reads.reservations(of: account, checkingInFrom: from, through: to).compactMap { row in
                row.payout(at: now, hostFeeBasisPoints: fee).map {
                    EarningsItem(reservationID: row.id, listingID: row.listingID, checkin: row.stay.checkin,
                                 currency: row.currency, payout: $0.total)
                }
            }
            return HostEarnings(items: items, from: from, to: to)
        }
    }

    private func act(_ action: ReservationAction, on id: ReservationID, by account: AccountID) throws -> HostReservation {
        let now = dateProvider.now()
        return try store.write { transaction in
            try requireHost(account, in: transaction)
            let reservation = try ownedReservation(id, by: account, in: transaction)
            let transition = try ReservationLifecycle.transition(action, of: id, stored: reservation.status,
                                                                 expiresAt: reservation.expiresAt, at: now)
            guard case .to(let status) = transition else { return Self.asOf(now, reservation) }
            let today = dateProvider.today(in: reservation.listingTimeZone)
            var refund: Refund?
            if action == .hostCancel {
                guard today < reservation.stay.checkout else { throw StaysError.stayEnded(id) }
                refund = Refund.hostCancellation(policy: reservation.cancellationPolicy, stay: reservation.stay,
                                                 nightlyPrices: reservation.nightlyPrices,
                                                 lineItems: reservation.lineItems, cancelledOn: today)
            }
            try transaction.setReservationStatus(id, to: status, cancelledBy: action == .hostCancel ? .host : nil,
                                                 refund: refund, on: today, at: now)
            return Self.asOf(now, try ownedReservation(id, by: account, in: transaction))
        }
    }

    /// The reservation with its status as of `instant`.
    static func asOf(_ instant: Instant, _ reservation: HostReservation) -> HostReservation {
        var copy = reservation
        copy.status = reservation.status(at: instant)
        return copy
    }
}

extension HostService {
    /// The expiry job's step: records `expired` on up to `limit` requests whose
    /// `expiresAt` has passed, in one transaction, and returns their ids. Reads never wait
    /// for it (expiry is evaluated on read); it only makes the stored status catch up and
    /// frees the nights in storage. Idempotent: a request already recorded is not due.
    public func expireDueRequests(limit: Int) throws -> [ReservationID] {
        let now = dateProvider.now()
        return try store.write { transaction in
            var expired: [ReservationID] = []
            for request in try transaction.requestsDue(at: now, limit: max(limit, 0)) {
                let transition = try ReservationLifecycle.transition(.expire, of: request.id, stored: request.status,
                                                                     expiresAt: request.expiresAt, at: now)
                guard case .to(let status) = transition else { continue }
                try transaction.setReservationStatus(request.id, to: status, cancelledBy: nil, refund: nil,
                                                     on: dateProvider.today(in: request.listingTimeZone), at: now)
                expired.append(request.id)
            }
            return expired
        }
    }
}
