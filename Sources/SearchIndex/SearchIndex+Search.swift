import Domain

/// What the index answers for one search: the page's ids and prices (listings themselves
/// are read from SQLite by the caller), the total and bounds of every match, the cursor.
struct SearchIndexPage {
    struct Row: Equatable {
        let id: Int64
        let accommodationTotal: Int64?
        let nightlyPrice: Int64
    }
    let rows: [Row]
    let total: Int
    let bounds: BoundingBox?
    let nextCursor: ListingCursor?
}

/// A candidate's verdict.
enum SearchIndexEvaluation {
    case rejected
    case matched(nightly: Int64, total: Int64?)
    /// The price arithmetic overflowed Int64: SQLite would have switched to REAL, so the
    /// whole query goes to SQL.
    case overflow
}

/// The calendar bits a scan reads once for 64 consecutive slots and each candidate then
/// looks up by its slot.
struct SearchIndexBlockBits {
    /// A stay rule on the checkin / checkout day (all ones when the day lies outside the
    /// window: the slices decide).
    let ruleAtCheckin: UInt64
    let ruleAtCheckout: UInt64
    /// A price override on some night of the stay (all ones when a night lies outside the
    /// window).
    let priceOverride: UInt64

    @inline(__always)
    static func isSet(_ word: UInt64, _ slot: Int) -> Bool { (word >> UInt64(slot & 63)) & 1 != 0 }
}

extension SearchIndex {
    /// The page, total and bounds of `search`, exactly as `SQLiteCatalog.searchListings`
    /// computes them; nil when the query must be answered by SQL instead (see
    /// `SearchIndexQuery` and `SearchIndexEvaluation.overflow`). Holds the read lock.
    func search(_ search: ListingSearch) -> SearchIndexPage? {
        guard let query = SearchIndexQuery(filter: search.filter, index: self) else { return nil }
        // Nearest first without a centre: every SQL key is NULL, an order only SQL defines.
        if search.sort == .distance && query.centre == nil { return nil }
        return lock.withReading {
            switch search.sort {
            case .recommended: return page(query, search, SearchIndexOrders.Recommended.self)
            case .priceAscending: return page(query, search, SearchIndexOrders.PriceAscending.self)
            case .priceDescending: return page(query, search, SearchIndexOrders.PriceDescending.self)
            case .ratingDescending: return page(query, search, SearchIndexOrders.RatingDescending.self)
            case .distance: return page(query, search, SearchIndexOrders.Distance.self)
            }
        }
    }

    /// Every match's nightly price, price bounds ignored, in no particular order; nil: ask
    /// SQL. Holds the read lock.
    func nightlyPrices(matching filter: ListingFilter) -> [Int64]? {
        SearchIndexQuery(filter: filter, index: self).flatMap(nightlyPrices)
    }

    /// Holds the read lock.
    func nightlyPrices(_ query: SearchIndexQuery) -> [Int64]? {
        lock.withReading { scanPrices(query) }
    }

    /// Every match, price bounds applied, as a map point, in no particular order; nil: ask
    /// SQL. Holds the read lock.
    func mapPoints(matching filter: ListingFilter) -> [ListingMapPoint]? {
        guard let query = SearchIndexQuery(filter: filter, index: self) else { return nil }
        return lock.withReading { () -> [ListingMapPoint]? in
            var points: [ListingMapPoint] = []
            var overflowed = false
            forEachCandidate(query) { slot, bits in
                switch evaluate(slot, query, bits) {
                case .rejected: return true
                case .matched(let nightly, let total):
                    guard nightly >= query.minPrice && nightly <= query.maxPrice else { return true }
                    points.append(ListingMapPoint(id: ListingID(ids[slot]),
                                                  coordinate: Coordinate(latitude: latitudes[slot],
                                                                         longitude: longitudes[slot]),
                                                  nightlyPrice: nightly, accommodationTotal: total))
                    return true
                case .overflow:
                    overflowed = true
                    return false
                }
            }
            return overflowed ? nil : points
        }
    }

    private func scanPrices(_ query: SearchIndexQuery) -> [Int64]? {
        var prices: [Int64] = []
        prices.reserveCapacity(query.candidateCount)
        var overflowed = false
        forEachCandidate(query) { slot, bits in
            switch evaluate(slot, query, bits) {
            case .rejected: return true
            case .matched(let nightly, _):
                prices.append(nightly)
                return true
            case .overflow:
                overflowed = true
                return false
            }
        }
        guard !overflowed else { return nil }
        return prices
    }

    // MARK: the scan

    private func page<Order: SearchIndexOrder>(_ query: SearchIndexQuery, _ search: ListingSearch,
                                               _ order: Order.Type) -> SearchIndexPage? {
        let limit = max(0, search.limit)
        // SQL: LIMIT limit + 1, to know whether a next page exists.
        var best = SearchIndexTopK<Order>(capacity: limit == .max ? limit : limit + 1)
        let after = search.after
        // A NaN cursor key binds as NULL in SQL: no row is after it.
        let pageIsEmpty = after.map { $0.sortKey.isNaN } ?? false
        var total = 0
        var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
        var overflowed = false

        forEachCandidate(query) { slot, bits in
            let nightly: Int64
            let stayTotal: Int64?
            switch evaluate(slot, query, bits) {
            case .rejected: return true
            case .overflow:
                overflowed = true
                return false
            case .matched(let price, let sum):
                nightly = price
                stayTotal = sum
            }
            guard nightly >= query.minPrice && nightly <= query.maxPrice else { return true }
            total += 1
            let latitude = latitudes[slot], longitude = longitudes[slot]
            south = min(south, latitude)
            north = max(north, latitude)
            west = min(west, longitude)
            east = max(east, longitude)
            guard !pageIsEmpty else { return true }
            let key = Order.key(self, query, slot: slot, nightly: nightly)
            if let after {
                // Strictly after (sortKey, id).
                let position = Order.position(of: key, relativeTo: after.sortKey)
                guard position > 0 || (position == 0 && ids[slot] > after.id.rawValue) else { return true }
            }
            best.offer(SearchIndexTopK<Order>.Entry(key: key, id: ids[slot], nightly: nightly, total: stayTotal))
            return true
        }
        guard !overflowed else { return nil }

        let ordered = best.sorted()
        let served = ordered.prefix(limit)
        let rows = served.map { SearchIndexPage.Row(id: $0.id, accommodationTotal: $0.total, nightlyPrice: $0.nightly) }
        let nextCursor = ordered.count > limit
            ? served.last.map { ListingCursor(sortKey: Order.cursorKey($0.key), id: ListingID($0.id)) }
            : nil
        let bounds = total > 0
            ? BoundingBox(southWest: Coordinate(latitude: south, longitude: west),
                          northEast: Coordinate(latitude: north, longitude: east))
            : nil
        return SearchIndexPage(rows: rows, total: total, bounds: bounds, nextCursor: nextCursor)
    }

    /// Calls `body` with each slot of the area (every slot, the location's or the box's)
    /// that is available on the stay's nights inside the window and whose capacity, room
    /// type and attributes (the query's `SearchIndexAttributeQuery`, if any) pass, in ascending order, until it returns false (results do not depend on the
    /// order: ties break by id); and the calendar bits of the slot's block.
    ///
    /// Slots are tested 64 at a time, as bits: a night's word turns away every listing of
    /// the block booked that night, and a capacity and a room-type word those too small or
    /// of another type, so the candidates turned away cost no branch and no read of their
    /// other columns. The attributes are checked slot by slot, in this loop rather than
    /// in a closure wrapped around `body`: `body` is called from one place only, so it is
    /// inlined into the scan (called through a second closure, it was not, and every
    /// candidate paid a call: +6% instructions per search without filters).
    @inline(__always)
    private func forEachCandidate(_ query: SearchIndexQuery, _ body: (Int, SearchIndexBlockBits) -> Bool) {
        query.unavailableRows.withUnsafeBufferPointer { unavailableRows in
            query.priceRows.withUnsafeBufferPointer { priceRows in
                query.roomTypeRows.withUnsafeBufferPointer { roomTypeRows in
                    let capacityRow = query.capacityRow
                    let checkinRule = query.stay?.checkinRuleRow, checkoutRule = query.stay?.checkoutRuleRow
                    let allPricesOverridden = query.stay?.nightsLeaveWindow ?? false
                    let wantedAttributes = query.attributes
                    /// False when `body` asked to stop.
                    @inline(__always)
                    func visit(_ block: Int, _ area: UInt64) -> Bool {
                        var open = area
                        for row in unavailableRows {
                            open &= ~calendarBits[row + block]
                            if open == 0 { return true }
                        }
                        if let capacityRow { open &= slotBits[capacityRow + block] }
                        var roomTypes: UInt64 = 0
                        for row in roomTypeRows { roomTypes |= slotBits[row + block] }
                        open &= roomTypes
                        guard open != 0 else { return true }
                        let base = block << 6
                        if let wantedAttributes {
                            var unseen = open
                            while unseen != 0 {
                                let bit = unseen & (0 &- unseen)
                                if !wantedAttributes.admits(attributes[base + bit.trailingZeroBitCount]) { open &= ~bit }
                                unseen &= unseen &- 1
                            }
                            guard open != 0 else { return true }
                        }
                        var priceOverride: UInt64 = allPricesOverridden ? ~0 : 0
                        if !allPricesOverridden {
                            for row in priceRows { priceOverride |= calendarBits[row + block] }
                        }
                        let bits = SearchIndexBlockBits(ruleAtCheckin: checkinRule.map { calendarBits[$0 + block] } ?? ~0,
                                                        ruleAtCheckout: checkoutRule.map { calendarBits[$0 + block] } ?? ~0,
                                                        priceOverride: priceOverride)
                        while open != 0 {
                            if !body(base + open.trailingZeroBitCount, bits) { return false }
                            open &= open &- 1
                        }
                        return true
                    }
                    /// Visits the blocks of a set of slots.
                    func visit(members: [Int32]) {
                        guard let lowest = members.min(), let highest = members.max() else { return }
                        let firstBlock = Int(lowest) >> 6
                        var words = [UInt64](repeating: 0, count: Int(highest) >> 6 - firstBlock + 1)
                        for slot in members {
                            words[Int(slot) >> 6 - firstBlock] |= 1 << UInt64(slot & 63)
                        }
                        for (index, word) in words.enumerated() where word != 0 {
                            if !visit(firstBlock + index, word) { return }
                        }
                    }

                    switch query.candidates {
                    case .slots(let range):
                        guard !range.isEmpty else { return }
                        let firstBlock = range.lowerBound >> 6, lastBlock = (range.upperBound - 1) >> 6
                        for block in firstBlock...lastBlock {
                            var area = ~UInt64(0)
                            if block == firstBlock { area &= ~0 << UInt64(range.lowerBound & 63) }
                            if block == lastBlock {
                                let end = range.upperBound - block << 6  // 1...64
                                if end < 64 { area &= (1 << UInt64(end)) - 1 }
                            }
                            if !visit(block, area) { return }
                        }
                    case .members(let slots):
                        visit(members: slots)
                    }
                }
            }
        }
    }

    /// The full terms of the listing in `slot`, compact or exceptional. The caller holds the
    /// read or the write lock.
    @inline(__always)
    func terms(of slot: Int) -> SearchIndexTerms {
        let compact = compactTerms[slot]
        return compact.isException ? exceptionalTerms[slot]! : compact.widened()
    }

    /// The listing in `slot` against the filter minus its price bounds: the `p` CTE of
    /// `ListingSearchSQL`, row by row, for a slot `forEachCandidate` let through (its
    /// nights inside the window, room type and attributes checked, capacity up to `capacityRows`).
    @inline(__always)
    func evaluate(_ slot: Int, _ query: SearchIndexQuery, _ bits: SearchIndexBlockBits) -> SearchIndexEvaluation {
        let listing = terms(of: slot)
        guard listing.maxGuests >= query.guests32 else { return .rejected }
        if let minRating = query.minRating, !(ratings[slot] >= minRating) { return .rejected }
        // A box was checked by `forEachCandidate`.
        guard let stay = query.stay else {
            // base_price + extra_guest_fee * MAX(0, :guests - guests_included)
            guard let fee = extraGuestCharge(listing, query.guests) else { return .overflow }
            let (nightly, overflow) = listing.basePrice.addingReportingOverflow(fee)
            return overflow ? .overflow : .matched(nightly: nightly, total: nil)
        }
        guard listing.availableUntil >= stay.checkout, isOpen(slot, listing, stay, bits) else { return .rejected }
        return price(slot, listing, stay, bits, query.guests)
    }

    /// Availability and stay rules, for a listing with no unavailable night inside the
    /// window (`forEachCandidate` checked those): none outside it either, arrival and
    /// departure allowed, nights within the checkin day's (or the listing's) limits.
    @inline(__always)
    private func isOpen(_ slot: Int, _ listing: SearchIndexTerms, _ stay: SearchIndexQuery.StayTerms,
                        _ bits: SearchIndexBlockBits) -> Bool {
        if stay.nightsLeaveWindow {
            let slice = outsideBlockedSlices[slot]
            let end = Int(slice.end)
            let first = Self.lowerBound(outsideBlockedDays, Int(slice.start), end, stay.checkin)
            if first < end && outsideBlockedDays[first] < stay.checkout { return false }
        }
        var lowest = listing.minNights, highest = listing.maxNights
        if SearchIndexBlockBits.isSet(bits.ruleAtCheckin, slot), let rule = ruleRow(slot, on: stay.checkin) {
            if ruleFlags[rule] & Self.closedToArrival != 0 { return false }
            if ruleMinNights[rule] != 0 { lowest = ruleMinNights[rule] }
            if ruleMaxNights[rule] != 0 { highest = ruleMaxNights[rule] }
        }
        guard stay.nights >= Int64(lowest) && stay.nights <= Int64(highest) else { return false }
        if SearchIndexBlockBits.isSet(bits.ruleAtCheckout, slot), let rule = ruleRow(slot, on: stay.checkout),
           ruleFlags[rule] & Self.closedToDeparture != 0 {
            return false
        }
        return true
    }

    /// The position of the listing's stay-rule row for `day`, if it has one.
    @inline(__always)
    private func ruleRow(_ slot: Int, on day: Int32) -> Int? {
        let slice = ruleSlices[slot]
        let end = Int(slice.end)
        let position = Self.lowerBound(ruleDays, Int(slice.start), end, day)
        return position < end && ruleDays[position] == day ? position : nil
    }

    /// The stay's total and average nightly price, with the SQL's integer arithmetic: the
    /// Domain rule (`NightlyPricer`) summed over the stay in one formula, from the stored
    /// override deltas; `FastPathRuleTests` compares it with `Quote`'s prices.
    @inline(__always)
    private func price(_ slot: Int, _ listing: SearchIndexTerms, _ stay: SearchIndexQuery.StayTerms,
                       _ bits: SearchIndexBlockBits, _ guests: Int64) -> SearchIndexEvaluation {
        guard let fee = extraGuestCharge(listing, guests) else { return .overflow }
        var (total, overflow) = Self.nightsTotal(basePrice: listing.basePrice, weekendPrice: listing.weekendPrice,
                                                 guestCharge: fee, weekdayNights: stay.weekdayNights,
                                                 weekendNights: stay.weekendNights, nights: stay.nights)
        // The overrides' sum is a separate SUM() in the SQL, added last.
        if SearchIndexBlockBits.isSet(bits.priceOverride, slot) {
            var overrides: Int64 = 0
            let slice = priceSlices[slot]
            let end = Int(slice.end)
            var position = Self.lowerBound(priceDays, Int(slice.start), end, stay.checkin)
            while position < end && priceDays[position] < stay.checkout {
                let sum = overrides.addingReportingOverflow(priceDeltas[position])
                overrides = sum.partialValue
                overflow = overflow || sum.overflow
                position += 1
            }
            let withOverrides = total.addingReportingOverflow(overrides)
            total = withOverrides.partialValue
            overflow = overflow || withOverrides.overflow
        }
        // (2 * total + nights) / (2 * nights)
        let doubled = total.multipliedReportingOverflow(by: 2)
        let numerator = doubled.partialValue.addingReportingOverflow(stay.nights)
        guard !overflow, !doubled.overflow, !numerator.overflow else { return .overflow }
        return .matched(nightly: stay.averageDivisor.quotient(numerator.partialValue), total: total)
    }

    /// `basePrice × weekdayNights + weekendPrice × weekendNights + guestCharge × nights`,
    /// added in that order as the SQL does; `overflow` when any product or partial sum
    /// leaves Int64. Written out rather than through a nested function adding to captured
    /// variables: Swift checked those captures for exclusive access at run time, ~75
    /// instructions on every candidate of a search with dates.
    @inline(__always)
    static func nightsTotal(basePrice: Int64, weekendPrice: Int64, guestCharge: Int64, weekdayNights: Int64,
                            weekendNights: Int64, nights: Int64) -> (total: Int64, overflow: Bool) {
        let weekdays = basePrice.multipliedReportingOverflow(by: weekdayNights)
        let weekends = weekendPrice.multipliedReportingOverflow(by: weekendNights)
        let guestCharges = guestCharge.multipliedReportingOverflow(by: nights)
        let nightsSum = weekdays.partialValue.addingReportingOverflow(weekends.partialValue)
        let chargesSum = nightsSum.partialValue.addingReportingOverflow(guestCharges.partialValue)
        return (chargesSum.partialValue, weekdays.overflow || weekends.overflow || guestCharges.overflow
                    || nightsSum.overflow || chargesSum.overflow)
    }

    /// `extra_guest_fee * MAX(0, :guests - guests_included)`; nil on overflow.
    @inline(__always)
    private func extraGuestCharge(_ listing: SearchIndexTerms, _ guests: Int64) -> Int64? {
        let (extra, subtractOverflow) = guests.subtractingReportingOverflow(listing.guestsIncluded)
        guard !subtractOverflow else { return nil }
        guard extra > 0 else { return 0 }
        let (fee, overflow) = listing.extraGuestFee.multipliedReportingOverflow(by: extra)
        return overflow ? nil : fee
    }

    /// The first position in `values[start..<end]` (ascending) whose value is >= `value`.
    @inline(__always)
    static func lowerBound<Value: Comparable>(_ values: SearchIndexColumn<Value>, _ start: Int, _ end: Int,
                                              _ value: Value) -> Int {
        // As below: halving by selects.
        var low = start, count = end - start
        while count > 0 {
            let half = count >> 1
            let isBefore = values[low + half] < value
            low = isBefore ? low + half + 1 : low
            count = isBefore ? count - half - 1 : half
        }
        return low
    }

    /// The first position in `values[start..<end]` (ascending) whose value is >= `value`.
    @inline(__always)
    static func lowerBound<Value: Comparable>(_ values: [Value], _ start: Int, _ end: Int, _ value: Value) -> Int {
        // Halving by selects instead of branches: the probes' outcomes are as random as
        // the listings', and a mispredicted branch per probe cost more than the probes.
        var low = start, count = end - start
        while count > 0 {
            let half = count >> 1
            let isBefore = values[low + half] < value
            low = isBefore ? low + half + 1 : low
            count = isBefore ? count - half - 1 : half
        }
        return low
    }
}
