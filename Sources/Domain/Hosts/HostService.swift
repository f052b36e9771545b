/// The host's side: listings, their calendars, requests to book, payouts and earnings.
/// Immutable and `Sendable`; every change is one `HostStore.write` transaction, so a
/// rejected request writes nothing.
///
/// Promises, for every method taking `by account`:
/// - an unknown account is `AccountError.invalidToken`; an account without the `host`
///   role is `HostError.hostRoleRequired` (403), checked before anything else;
/// - another host's listing and an unknown id are the same `StaysError.listingNotFound`
///   (404); the same for reservations (`reservationNotFound`);
/// - requests are judged as of `dateProvider.now()`: a request past `expiresAt` is
///   expired whatever the stored status says.
public final class HostService: Sendable {
    public struct Configuration: Sendable {
        /// The host service fee (`--host-fee-bp`), basis points. Default 300 (3%).
        public var hostFeeBasisPoints = HostPayout.defaultHostFeeBasisPoints
        /// The zone of a new listing that names neither a zone nor a region.
        public var defaultTimeZone = "Asia/Seoul"
        /// The largest page of listings or reservations. Default 100.
        public var maximumPageSize = 100
        public init() {}
    }

    let store: any HostStore
    let dateProvider: any DateProvider
    public let configuration: Configuration
    /// Runs after a listing write commits and before its answer: brings this server's search
    /// in step with it. Patched changes are seen by every search anyway; a first publish or a
    /// move needs the index rebuilt, which this waits for, so the host who publishes and
    /// then searches finds the listing where it now is. It cannot fail the write, which has
    /// committed: a rebuild that fails is retried by the next search. The default does
    /// nothing (no index).
    let searchCatchUp: @Sendable () -> Void

    public init(store: any HostStore, dateProvider: any DateProvider, configuration: Configuration = Configuration(),
                searchCatchUp: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.dateProvider = dateProvider
        self.configuration = configuration
        self.searchCatchUp = searchCatchUp
    }

    // MARK: listings

    /// `POST /host/listings`: a `draft` owned by the caller. Every bad field in one 400.
    public func createListing(_ draft: HostListingDraft, by account: AccountID) throws -> HostListing {
        let now = dateProvider.now()
        return try store.write { transaction in
            try requireHost(account, in: transaction)
            let content = try draft.applied(to: HostListingContent(timeZone: configuration.defaultTimeZone),
                                            regionTimeZone: try regionTimeZone(of: draft, in: transaction), isNew: true)
            let id = try transaction.insertListing(NewHostListing(host: account, content: content, createdAt: now))
            return try ownedListing(id, by: account, in: transaction)
        }
    }

    public func listing(_ id: ListingID, by account: AccountID) throws -> HostListing {
        try store.read { reads in
            try requireHost(account, in: reads)
            return try ownedListing(id, by: account, in: reads)
        }
    }

    /// The caller's listings, newest first; `limit` is clamped to 1...maximumPageSize.
    public func listings(by account: AccountID, after cursor: ListingID?, limit: Int) throws
        -> HostPage<HostListing, ListingID> {
        let limit = min(max(limit, 1), configuration.maximumPageSize)
        return try store.read { reads in
            try requireHost(account, in: reads)
            let rows = try reads.listings(of: account, after: cursor, limit: limit + 1)
            let items = Array(rows.prefix(limit))
            return HostPage(items: items, nextCursor: rows.count > limit ? items.last?.id : nil)
        }
    }

    /// `PATCH /host/listings/{id}`: applies the fields sent. `ifMatch` (the `If-Match`
    /// header's ETag, when sent) must be the listing's current `etag`, else
    /// `HostError.listingChanged` (412). A published listing must keep what publishing
    /// needs (422 naming what the edit removes). An edit that changes nothing writes
    /// nothing and answers the listing as it is.
    public func updateListing(_ id: ListingID, _ draft: HostListingDraft, ifMatch: String?,
                              by account: AccountID) throws -> HostListing {
        let now = dateProvider.now()
        let updated = try store.write { transaction in
            try requireHost(account, in: transaction)
            let listing = try ownedListing(id, by: account, in: transaction)
            if let ifMatch, ifMatch != listing.etag { throw HostError.listingChanged(currentETag: listing.etag) }
            let content = try draft.applied(to: listing.content,
                                            regionTimeZone: try regionTimeZone(of: draft, in: transaction))
            if listing.status == .published {
                let missing = PublishRequirements.missing(content, emailVerified: true)
                guard missing.isEmpty else { throw HostError.publishRequirementsMissing(missing) }
            }
            guard content != listing.content else { return listing }
            return try transaction.updateListing(id, content: content, status: listing.status,
                                                 expectedVersion: listing.version, at: now,
                                                 today: dateProvider.today(in: content.timeZone))
        }
        if updated.status == .published { searchCatchUp() }
        return updated
    }

    /// `POST /host/listings/{id}/publish`: 422 naming each missing requirement; publishing
    /// a published listing answers it unchanged.
    public func publish(_ id: ListingID, by account: AccountID) throws -> HostListing {
        try setStatus(.published, of: id, by: account)
    }

    /// `POST /host/listings/{id}/unpublish`: out of search at once; its reservations stay.
    /// A draft stays a draft.
    public func unpublish(_ id: ListingID, by account: AccountID) throws -> HostListing {
        try setStatus(.unpublished, of: id, by: account)
    }

    private func setStatus(_ status: HostListingStatus, of id: ListingID, by account: AccountID) throws -> HostListing {
        let now = dateProvider.now()
        let changed = try store.write { transaction in
            let owner = try requireHost(account, in: transaction)
            let listing = try ownedListing(id, by: account, in: transaction)
            guard listing.status != status, !(status == .unpublished && listing.status == .draft) else { return listing }
            if status == .published {
                let missing = PublishRequirements.missing(listing.content, emailVerified: owner.emailVerified)
                guard missing.isEmpty else { throw HostError.publishRequirementsMissing(missing) }
            }
            return try transaction.updateListing(id, content: listing.content, status: status,
                                                 expectedVersion: listing.version, at: now,
                                                 today: dateProvider.today(in: listing.content.timeZone))
        }
        if changed.status != .draft { searchCatchUp() }
        return changed
    }

    // MARK: calendar

    /// `GET /host/listings/{id}/calendar?start=&months=`: the host's view of each day.
    /// `months` 1...`CalendarGrid.maxMonths`, within `CalendarGrid.supportedMonths` (400).
    public func calendar(_ id: ListingID, start: YearMonth, months: Int, by account: AccountID) throws
        -> [HostCalendarDay] {
        guard (1...CalendarGrid.maxMonths).contains(months) else {
            throw StaysError.invalidParameter("months", "must be 1 to \(CalendarGrid.maxMonths)")
        }
        if let (name, reason) = CalendarGrid.rangeProblem(start: start, months: months) {
            throw StaysError.invalidParameter(name, reason)
        }
        let range = CalendarGrid.window(start: start, count: months)
        let now = dateProvider.now()
        return try store.read { reads in
            try requireHost(account, in: reads)
            let listing = try ownedListing(id, by: account, in: reads)
            return HostCalendar.days(in: range, content: listing.content,
                                     entries: try reads.calendarEntries(of: id, in: range),
                                     holds: try reads.holds(of: id, in: range, at: now),
                                     today: dateProvider.today(in: listing.content.timeZone))
        }
    }

    /// `PATCH /host/listings/{id}/calendar`: all or nothing. 400 for bad or past changes
    /// (`CalendarChange.validate`); `HostError.nightsReserved` (409) naming the nights a
    /// reservation or a pending request holds that a change would close. Returns the
    /// edit; an empty one (the same request again) wrote nothing.
    ///
    /// A night an imported calendar holds is closed by the import and, separately, by the
    /// host: `available: false` adds the host's own block (it outlives the import's event),
    /// `available: true` removes only that (the night stays closed while a feed has it).
    public func changeCalendar(_ id: ListingID, _ changes: [CalendarChange], by account: AccountID) throws
        -> CalendarEdit {
        let now = dateProvider.now()
        return try store.write { transaction in
            try requireHost(account, in: transaction)
            let listing = try ownedListing(id, by: account, in: transaction)
            let today = dateProvider.today(in: listing.content.timeZone)
            try CalendarChange.validate(changes, today: today, lastOpenNight: listing.content.lastOpenNight(today: today))
            guard let range = CalendarEdit.affectedRange(of: changes) else {
                throw StaysError.invalidParameter("changes", "must name at least one night")
            }
            var held = Set<CalendarDate>(), imported = Set<CalendarDate>()
            for hold in try transaction.holds(of: id, in: range, at: now) {
                switch hold.holder {
                case .reservation, .request: held.insert(hold.date)
                case .imported: imported.insert(hold.date)  // closing it here takes nothing from a guest
                }
            }
            var edit = CalendarEdit(applying: changes, to: try transaction.calendarEntries(of: id, in: range),
                                    importHeld: imported)
            let conflicts = CalendarEdit.conflicts(closing: edit.closedNights, held: held)
            guard conflicts.isEmpty else { throw HostError.nightsReserved(conflicts) }
            if !edit.isEmpty {
                try transaction.writeCalendar(of: id, upserts: edit.upserts, deletions: edit.deletions, at: now)
            }
            // The host's own flag on imported nights, kept apart from the imports' blocks.
            let closed = edit.closedNights.filter(imported.contains), opened = edit.openedNights.filter(imported.contains)
            if !closed.isEmpty || !opened.isEmpty {
                edit.ownBlockChanges = try transaction.setOwnBlocks(of: id, closed: closed, opened: opened)
            }
            return edit
        }
    }
}
