/// Decides whether a stay can be booked at a listing.
///
/// Checks, in this order, and reports the first failure:
/// 1. Unavailable nights (HTTP 409): every night of the stay that is booked or blocked in
///    the calendar, or on/after the listing's `availableUntil`. When the only unavailable
///    nights are those past `availableUntil`, the failure is `datesNotOpen` instead (the
///    host has not opened them yet: "not open yet", not "taken").
/// 2. Stay rules (HTTP 422), the check-in day's entry overriding the listing's defaults:
///    minimum nights, maximum nights, closed to arrival on check-in, closed to departure on
///    check-out, then capacity (adults + children; infants don't count).
///
/// Past dates are not judged here: callers compare the check-in with today first.
public enum StayValidator {
    /// - Parameter entries: the listing's calendar entries covering at least the stay's
    ///   nights and its check-out day; others are ignored.
    public static func validate(listing: Listing, entries: [CalendarEntry], stay: Stay,
                                guests: GuestCount) throws(StaysError) {
        try validate(terms: listing.stayTerms, entries: entries, stay: stay, guests: guests)
    }

    /// `validate(listing:...)` from the listing's stay terms alone.
    public static func validate(terms listing: StayTerms, entries: [CalendarEntry], stay: Stay,
                                guests: GuestCount) throws(StaysError) {
        var byDate: [CalendarDate: CalendarEntry] = [:]
        for entry in entries { byDate[entry.date] = entry }

        let unavailable = stay.nightDates.filter { night in
            if let until = listing.availableUntil, night >= until { return true }
            guard let entry = byDate[night] else { return false }
            return entry.status != .available
        }
        if let until = listing.availableUntil, let first = unavailable.first, first >= until {
            // Ascending: the first unavailable night is past the window, so all of them are.
            throw .datesNotOpen(availableUntil: until, dates: unavailable)
        }
        if !unavailable.isEmpty { throw .unavailableDates(unavailable) }

        let arrival = byDate[stay.checkin]
        let minNights = arrival?.minNights ?? listing.minNights
        let maxNights = arrival?.maxNights ?? listing.maxNights
        if stay.nights < minNights { throw .stayRuleViolated(.minNights(required: minNights)) }
        if stay.nights > maxNights { throw .stayRuleViolated(.maxNights(allowed: maxNights)) }
        if arrival?.closedToArrival == true { throw .stayRuleViolated(.closedToArrival(stay.checkin)) }
        if byDate[stay.checkout]?.closedToDeparture == true {
            throw .stayRuleViolated(.closedToDeparture(stay.checkout))
        }
        if guests.occupying > listing.maxGuests { throw .stayRuleViolated(.capacity(maxGuests: listing.maxGuests)) }
    }
}
