import Domain
import Testing

@Suite struct HostReservationLifecycleTests {
    let id = ReservationID(5)
    let expiresAt = Instant(millisecondsSinceEpoch: 1_000_000)
    var before: Instant { Instant(millisecondsSinceEpoch: 999_999) }
    var atExpiry: Instant { expiresAt }

    func outcome(_ action: ReservationAction, _ stored: HostReservationStatus, at instant: Instant)
        -> Result<ReservationLifecycle.Transition, HostError> {
        Result { () throws(HostError) in
            try ReservationLifecycle.transition(action, of: id, stored: stored, expiresAt: expiresAt, at: instant)
        }
    }

    @Test func aRequestIsExpiredFromItsExpiryWhateverIsStored() {
        #expect(ReservationLifecycle.status(stored: .requested, expiresAt: expiresAt, at: before) == .requested)
        #expect(ReservationLifecycle.status(stored: .requested, expiresAt: expiresAt, at: atExpiry) == .expired)
        #expect(ReservationLifecycle.status(stored: .confirmed, expiresAt: expiresAt, at: atExpiry) == .confirmed)
        #expect(ReservationLifecycle.status(stored: .requested, expiresAt: nil, at: atExpiry) == .requested)
        #expect(HostReservationStatus.allCases.filter(\.holdsNights) == [.requested, .confirmed])
    }

    @Test func theTransitionTable() {
        #expect(outcome(.accept, .requested, at: before) == .success(.to(.confirmed)))
        #expect(outcome(.decline, .requested, at: before) == .success(.to(.declined)))
        #expect(outcome(.guestCancel, .requested, at: before) == .success(.to(.withdrawn)))
        #expect(outcome(.guestCancel, .confirmed, at: before) == .success(.to(.cancelled)))
        #expect(outcome(.hostCancel, .confirmed, at: before) == .success(.to(.cancelled)))
        #expect(outcome(.expire, .requested, at: atExpiry) == .success(.to(.expired)))
        #expect(outcome(.expire, .requested, at: before) == .success(.unchanged))
        #expect(outcome(.expire, .expired, at: atExpiry) == .success(.unchanged))
        // Repeats answer unchanged.
        #expect(outcome(.accept, .confirmed, at: before) == .success(.unchanged))
        #expect(outcome(.decline, .declined, at: before) == .success(.unchanged))
        #expect(outcome(.hostCancel, .cancelled, at: before) == .success(.unchanged))
        for stored in [HostReservationStatus.declined, .withdrawn, .cancelled, .expired] {
            #expect(outcome(.guestCancel, stored, at: before) == .success(.unchanged))
        }
        #expect(outcome(.guestCancel, .requested, at: atExpiry) == .success(.unchanged))
    }

    @Test func acceptingOrDecliningAnExpiredRequestIsRequestExpired() {
        #expect(outcome(.accept, .requested, at: atExpiry) == .failure(.requestExpired(id)))
        #expect(outcome(.decline, .requested, at: atExpiry) == .failure(.requestExpired(id)))
        #expect(outcome(.accept, .expired, at: before) == .failure(.requestExpired(id)))
    }

    @Test func everythingElseIsAConflictNamingTheCurrentStatus() {
        #expect(outcome(.accept, .declined, at: before) == .failure(.reservationStateConflict(id, status: .declined, action: .accept)))
        #expect(outcome(.decline, .confirmed, at: before) == .failure(.reservationStateConflict(id, status: .confirmed, action: .decline)))
        #expect(outcome(.hostCancel, .requested, at: before) == .failure(.reservationStateConflict(id, status: .requested, action: .hostCancel)))
        #expect(outcome(.hostCancel, .requested, at: atExpiry) == .failure(.reservationStateConflict(id, status: .expired, action: .hostCancel)))
        #expect(outcome(.accept, .withdrawn, at: before) == .failure(.reservationStateConflict(id, status: .withdrawn, action: .accept)))
    }

    @Test func aTransitionAlwaysMovesToAnotherStatus() {
        // `.to` always names a new status to store, except the expiry job recording a request that expired on read.
        for action in ReservationAction.allCases {
            for stored in HostReservationStatus.allCases {
                for instant in [before, atExpiry] {
                    if case .success(.to(let next)) = outcome(action, stored, at: instant) {
                        #expect(next != stored || (action == .expire && next == .expired))
                    }
                }
            }
        }
    }
}
