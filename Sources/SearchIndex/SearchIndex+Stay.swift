import Domain

/// The rest of a listing's `StayTerms` beyond `SearchIndexTerms`, as `SearchIndexListingRow`
/// decodes it.
package struct SearchIndexStayValues {
    let hasWeekendPrice: Bool
    let cleaningFee: Int64
    let weeklyDiscount: Int16
    let monthlyDiscount: Int16
    let currency: String
    let timeZone: String
    /// Index in `CancellationPolicy.allCases`.
    let policy: UInt8

    package init(hasWeekendPrice: Bool, cleaningFee: Int64, weeklyDiscount: Int16, monthlyDiscount: Int16,
                 currency: String, timeZone: String, policy: UInt8) {
        self.hasWeekendPrice = hasWeekendPrice
        self.cleaningFee = cleaningFee
        self.weeklyDiscount = weeklyDiscount
        self.monthlyDiscount = monthlyDiscount
        self.currency = currency
        self.timeZone = timeZone
        self.policy = policy
    }
}

/// `SearchIndexStayValues` per slot in 24 bytes: names as positions in the index's
/// `SearchIndexNames`. `.inexact` marks a slot whose quotes read the database.
struct SearchIndexStayRecord {
    let cleaningFee: Int64
    let weeklyDiscount: Int16
    let monthlyDiscount: Int16
    let currency: UInt32
    let timeZone: UInt32
    let policy: UInt8
    /// `exact` | `weekendPrice`.
    let flags: UInt8

    static let exact: UInt8 = 1
    static let weekendPrice: UInt8 = 2
    static let inexact = SearchIndexStayRecord(cleaningFee: 0, weeklyDiscount: 0, monthlyDiscount: 0, currency: 0,
                                               timeZone: 0, policy: 0, flags: 0)

    var isExact: Bool { flags & Self.exact != 0 }

    private init(cleaningFee: Int64, weeklyDiscount: Int16, monthlyDiscount: Int16, currency: UInt32, timeZone: UInt32,
                 policy: UInt8, flags: UInt8) {
        self.cleaningFee = cleaningFee
        self.weeklyDiscount = weeklyDiscount
        self.monthlyDiscount = monthlyDiscount
        self.currency = currency
        self.timeZone = timeZone
        self.policy = policy
        self.flags = flags
    }

    /// `.inexact` for nil; else the values, their names added to the tables as needed.
    init(_ values: SearchIndexStayValues?, currencies: inout SearchIndexNames, timeZones: inout SearchIndexNames) {
        guard let values else {
            self = .inexact
            return
        }
        self.init(cleaningFee: values.cleaningFee, weeklyDiscount: values.weeklyDiscount,
                  monthlyDiscount: values.monthlyDiscount, currency: currencies.position(of: values.currency),
                  timeZone: timeZones.position(of: values.timeZone), policy: values.policy,
                  flags: Self.exact | (values.hasWeekendPrice ? Self.weekendPrice : 0))
    }
}

/// Distinct strings (currencies, time zones), each stored once and named by its position.
/// Only grows.
struct SearchIndexNames {
    private(set) var names: [String] = []
    private var positions: [String: UInt32] = [:]

    mutating func position(of name: String) -> UInt32 {
        if let position = positions[name] { return position }
        let position = UInt32(names.count)
        names.append(name)
        positions[name] = position
        return position
    }
}

extension SearchIndex {
    /// Listing `id`'s stay terms and its calendar over `range`, as the database holds them:
    /// every row that is unavailable, overrides the price or sets a stay rule, exactly (an
    /// available row with nothing else is left out, which means the same). Nil when the
    /// index cannot answer exactly and the caller must read the database: a listing it does
    /// not hold (new since the load), one whose slot matches nothing (deleted, its calendar
    /// grown past the room left, an unknown room type), or one with a value the index holds
    /// only clamped.
    func stayTermsAndCalendar(_ id: Int64, in range: Range<CalendarDate>) -> (terms: StayTerms, entries: [CalendarEntry])? {
        stayTermsAndCalendar(id, calendarIn: { _ in range })
    }

    /// `stayTermsAndCalendar(_:in:)` for a range that depends on the terms (the calendar's
    /// depends on today in the listing's time zone); `range` runs under the read lock.
    func stayTermsAndCalendar(_ id: Int64, calendarIn range: (StayTerms) throws -> Range<CalendarDate>) rethrows
        -> (terms: StayTerms, entries: [CalendarEntry])? {
        try lock.withReading { () -> (terms: StayTerms, entries: [CalendarEntry])? in
            guard let slot = slot(of: id), hasRoomType(slot) else { return nil }
            let record = stayRecords[slot]
            guard record.isExact else { return nil }
            let listing = terms(of: slot)
            let terms = StayTerms(
                id: ListingID(id), timeZone: timeZones.names[Int(record.timeZone)],
                currency: CurrencyCode(rawValue: currencies.names[Int(record.currency)]),
                pricing: PricingRules(basePrice: listing.basePrice,
                                      weekendPrice: record.flags & SearchIndexStayRecord.weekendPrice != 0
                                          ? listing.weekendPrice : nil,
                                      extraGuestFee: listing.extraGuestFee, guestsIncluded: Int(listing.guestsIncluded),
                                      cleaningFee: record.cleaningFee,
                                      weeklyDiscountBasisPoints: Int(record.weeklyDiscount),
                                      monthlyDiscountBasisPoints: Int(record.monthlyDiscount)),
                maxGuests: Int(listing.maxGuests), minNights: Int(listing.minNights), maxNights: Int(listing.maxNights),
                availableUntil: listing.availableUntil == .max ? nil : CalendarDate(daysSinceEpoch: Int(listing.availableUntil)),
                cancellationPolicy: CancellationPolicy.allCases[Int(record.policy)])
            let days = try range(terms)
            guard let low = Int32(exactly: days.lowerBound.daysSinceEpoch),
                  let high = Int32(exactly: days.upperBound.daysSinceEpoch) else { return nil }
            return (terms, calendarEntries(slot, listing, from: low, to: high))
        }
    }

    /// The slot's kept days in `low..<high`, ascending. The caller holds the read lock.
    private func calendarEntries(_ slot: Int, _ listing: SearchIndexTerms, from low: Int32, to high: Int32) -> [CalendarEntry] {
        var entries: [Int32: CalendarEntry] = [:]
        func update(_ day: Int32, _ change: (inout CalendarEntry) -> Void) {
            var entry = entries[day] ?? CalendarEntry(date: CalendarDate(daysSinceEpoch: Int(day)))
            change(&entry)
            entries[day] = entry
        }
        // Unavailable days: bits inside the window, the sorted slice outside it; booked
        // unless the host blocked them.
        let windowEnd = Int(windowStart) + windowDays
        let word = slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        for day in stride(from: max(Int(low), Int(windowStart)), to: min(Int(high), windowEnd), by: 1) {
            let row = Self.row(kind: 0, day: day - Int(windowStart), windowDays: windowDays, blockCount: blockCount)
            if calendarBits[row + word] & bit != 0 { update(Int32(day)) { $0.status = .booked } }
        }
        let outside = outsideBlockedSlices[slot]
        for position in Int(outside.start)..<Int(outside.end) where (low..<high).contains(outsideBlockedDays[position]) {
            update(outsideBlockedDays[position]) { $0.status = .booked }
        }
        let hostBlocked = hostBlockedSlices[slot]
        for position in Int(hostBlocked.start)..<Int(hostBlocked.end) where (low..<high).contains(hostBlockedDays[position]) {
            update(hostBlockedDays[position]) { $0.status = .blocked }
        }
        let prices = priceSlices[slot]
        for position in Int(prices.start)..<Int(prices.end) where (low..<high).contains(priceDays[position]) {
            let day = priceDays[position]
            update(day) { $0.price = listing.priceWithoutOverride(onEpochDay: day) &+ priceDeltas[position] }
        }
        let rules = ruleSlices[slot]
        for position in Int(rules.start)..<Int(rules.end) where (low..<high).contains(ruleDays[position]) {
            let flags = ruleFlags[position], minimum = ruleMinNights[position], maximum = ruleMaxNights[position]
            update(ruleDays[position]) {
                $0.closedToArrival = flags & Self.closedToArrival != 0
                $0.closedToDeparture = flags & Self.closedToDeparture != 0
                $0.minNights = minimum == 0 ? nil : Int(minimum)
                $0.maxNights = maximum == 0 ? nil : Int(maximum)
            }
        }
        return entries.keys.sorted().map { entries[$0]! }
    }

    /// False for a slot that matches nothing (`matchNothing`, or a room type the index does
    /// not know).
    func hasRoomType(_ slot: Int) -> Bool {
        let word = slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        return RoomType.allCases.indices.contains { slotBits[(Self.capacityRows + $0) * blockCount + word] & bit != 0 }
    }
}
