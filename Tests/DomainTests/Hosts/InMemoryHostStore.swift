import Domain
import Synchronization

/// `HostStore` in memory: the specification the SQL store is written against. A `write`
/// works on a copy of the state and keeps it only when the closure returns, so a thrown
/// error rolls everything back, as a transaction does. `changeLog` records each listing a
/// committed change touched, as the SQL store's change-log rows would.
final class InMemoryHostStore: HostStore {
    struct State {
        var nextID: Int64 = 100
        var accounts: [AccountID: Account] = [:]
        var regions: [LocationID: String] = [:]
        var listings: [ListingID: HostListing] = [:]
        var entries: [ListingID: [CalendarDate: CalendarEntry]] = [:]
        var reservations: [ReservationID: HostReservation] = [:]
        var imported: [ListingID: [NightHold]] = [:]
        /// Imported nights whose block is the imports' alone (not also the host's).
        var importOnly: [ListingID: Set<CalendarDate>] = [:]
        var changeLog: [ListingID] = []
    }

    let state = Mutex(State())

    func write<T>(_ body: (any HostTransaction) throws -> T) throws -> T {
        try state.withLock { state in
            let transaction = Transaction(state: state)
            let result = try body(transaction)
            state = transaction.state
            return result
        }
    }

    func read<T>(_ body: (any HostReads) throws -> T) throws -> T {
        try state.withLock { try body(Transaction(state: $0)) }
    }

    var changeLog: [ListingID] { state.withLock { $0.changeLog } }

    final class Transaction: HostTransaction {
        var state: State
        init(state: State) { self.state = state }

        func account(_ id: AccountID) throws -> Account? { state.accounts[id] }
        func regionTimeZone(of location: LocationID) throws -> String? { state.regions[location] }
        func listing(_ id: ListingID) throws -> HostListing? { state.listings[id] }
        func listings(of host: AccountID, after cursor: ListingID?, limit: Int) throws -> [HostListing] {
            let mine = state.listings.values.filter { listing in
                listing.host == host && (cursor == nil || listing.id < cursor!)
            }
            return Array(mine.sorted { $0.id > $1.id }.prefix(limit))
        }
        func calendarEntries(of listing: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
            (state.entries[listing] ?? [:]).values.filter { range.contains($0.date) }.sorted { $0.date < $1.date }
        }
        func holds(of listing: ListingID, in range: Range<CalendarDate>, at instant: Instant) throws -> [NightHold] {
            var holds: [NightHold] = []
            for reservation in state.reservations.values where reservation.listingID == listing {
                let status = reservation.status(at: instant)
                guard status.holdsNights else { continue }
                for night in reservation.stay.nightDates where range.contains(night) {
                    holds.append(NightHold(date: night, holder: status == .confirmed ? .reservation(reservation.id)
                                                                                       : .request(reservation.id)))
                }
            }
            return holds + (state.imported[listing] ?? []).filter { range.contains($0.date) }
        }
        func reservation(_ id: ReservationID) throws -> HostReservation? { state.reservations[id] }
        func reservations(of host: AccountID, status: HostReservationStatus?, listing: ListingID?, at instant: Instant,
                          after cursor: HostReservationCursor?, limit: Int) throws -> [HostReservation] {
            let matching = state.reservations.values.filter { reservation in
                reservation.host == host && (status == nil || reservation.status(at: instant) == status)
                    && (listing == nil || reservation.listingID == listing)
                    && (cursor?.precedes(reservation) ?? true)
            }
            return Array(matching.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.prefix(limit))
        }
        func reservations(of host: AccountID, checkingInFrom from: CalendarDate, through to: CalendarDate) throws
            -> [HostReservation] {
            state.reservations.values.filter {
                $0.host == host && $0.stay.checkin >= from && $0.stay.checkin <= to
                    && ($0.status == .confirmed || $0.status == .cancelled)
            }.sorted { $0.id < $1.id }
        }
        func requestsDue(at instant: Instant, limit: Int) throws -> [HostReservation] {
            let due = state.reservations.values.filter { reservation in
                guard reservation.status == .requested, let expiresAt = reservation.expiresAt else { return false }
                return expiresAt <= instant
            }
            return Array(due.sorted { ($0.expiresAt!, $0.id) < ($1.expiresAt!, $1.id) }.prefix(limit))
        }

        func insertListing(_ new: NewHostListing) throws -> ListingID {
            let id = ListingID(state.nextID)
            state.nextID += 1
            state.listings[id] = HostListing(id: id, host: new.host, status: .draft, content: new.content, version: 1,
                                             createdAt: new.createdAt, updatedAt: new.createdAt)
            return id
        }
        func updateListing(_ id: ListingID, content: HostListingContent, status: HostListingStatus,
                           expectedVersion: Int64, at instant: Instant, today: CalendarDate) throws -> HostListing {
            guard var listing = state.listings[id] else { throw StaysError.listingNotFound(id) }
            guard listing.version == expectedVersion else { throw HostError.listingChanged(currentETag: listing.etag) }
            let visible = listing.status == .published || status == .published
            listing.content = content
            listing.status = status
            listing.version += 1
            listing.updatedAt = instant
            state.listings[id] = listing
            if visible { state.changeLog.append(id) }
            return listing
        }
        func writeCalendar(of listing: ListingID, upserts: [CalendarEntry], deletions: [CalendarDate],
                           at instant: Instant) throws {
            precondition(!upserts.isEmpty || !deletions.isEmpty, "the service writes only non-empty edits")
            for date in deletions { state.entries[listing]?[date] = nil }
            for entry in upserts { state.entries[listing, default: [:]][entry.date] = entry }
            state.changeLog.append(listing)
        }
        func setOwnBlocks(of listing: ListingID, closed: [CalendarDate], opened: [CalendarDate]) throws -> [CalendarDate] {
            // The SQL store's calendar_import_closures: blocked nights only imports closed.
            var changed = Set<CalendarDate>()
            for date in closed where state.importOnly[listing, default: []].remove(date) != nil { changed.insert(date) }
            let importHeld = Set((state.imported[listing] ?? []).map(\.date))
            for date in opened where importHeld.contains(date) && state.entries[listing]?[date]?.status == .blocked {
                if state.importOnly[listing, default: []].insert(date).inserted { changed.insert(date) }
            }
            return changed.sorted()
        }
        func setReservationStatus(_ id: ReservationID, to status: HostReservationStatus, cancelledBy: CancelledBy?,
                                  refund: Refund?, on date: CalendarDate, at instant: Instant) throws {
            guard var reservation = state.reservations[id] else { throw StaysError.reservationNotFound(id) }
            reservation.status = status
            reservation.cancelledBy = cancelledBy
            reservation.refund = refund
            reservation.decidedAt = instant
            state.reservations[id] = reservation
            state.changeLog.append(reservation.listingID)
        }
    }
}
