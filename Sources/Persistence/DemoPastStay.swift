import Domain

extension StoreEngine {
    /// Books `stay`, which may lie in the past, for `guest` at the last published instant-book
    /// listing `host` owns, priced as a quote for it is (the listing's rules and calendar) and
    /// stored as any booking is (`BookingTransaction.insertReservation`: nights, event, mails).
    /// For the demo data only: a booking through the API refuses a past stay. The booking is
    /// dated two weeks before check-in. Nil when the host has no such listing.
    @discardableResult
    public func bookDemoStay(_ stay: Stay, guest: GuestID, atListingOf host: AccountID, pricing: PricingConfiguration)
        throws -> ReservationID? {
        let catalog = StoreCatalog(engine: self)
        let found = try readOne {
            try $0.fetchOne("""
                SELECT max(id) FROM listings WHERE host_account_id = ? AND instant_book = 1 AND status = 'published'
                """, [host.rawValue]) { $0.optionalInt64(0) }
        }
        guard let id = found.flatMap({ $0 }).map(ListingID.init), let listing = try catalog.listing(id) else { return nil }
        let entries = try catalog.calendarEntries(of: id, in: stay.checkin..<stay.checkout)
        let quote = Quote(listing: listing, stay: stay, guests: GuestCount(adults: 2), entries: entries, configuration: pricing)
        let bookedOn = stay.checkin.adding(days: -14)
        let new = NewReservation(guestID: guest, quote: quote, cancellationPolicy: listing.cancellationPolicy,
                                 createdAt: Instant(millisecondsSinceEpoch: Int64(bookedOn.daysSinceEpoch) * 86_400_000))
        return try bookingStore().write { try $0.insertReservation(new).id }
    }
}
