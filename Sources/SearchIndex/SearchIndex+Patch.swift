/// One listing as it is now in the database, read for a patch
/// (`SearchIndexBuilder.readListing`).
package struct SearchIndexListingPatch {
    let id: Int64
    /// Nil: the listing no longer exists.
    let listing: SearchIndexListingRow?
    /// Its calendar rows the index keeps, ascending by day.
    let days: [SearchIndexDay]

    package init(id: Int64, listing: SearchIndexListingRow?, days: [SearchIndexDay]) {
        self.id = id
        self.listing = listing
        self.days = days
    }
}

/// What `SearchIndex.apply` did.
struct SearchIndexPatchResult: Equatable {
    /// Listings rewritten in their slots (moved ones included).
    var patched = 0
    /// Listings deleted: their slots now match nothing.
    var cleared = 0
    /// Listings not in the index (new): not searchable until a rebuild.
    var missing = 0
    /// Listings whose location or coordinates changed: their terms and calendar are
    /// patched, but they are still found in their old place until a rebuild.
    var moved = 0
    /// Listings whose grown slices found no room: their slots match nothing until a
    /// rebuild (never a booked night offered; at worst a free one hidden for a while).
    var overflowed = 0
    /// The slice columns have used more than half their room.
    var runningLow = false

    /// True when only a full rebuild makes the index exact again.
    var needsRebuild: Bool { missing > 0 || moved > 0 || overflowed > 0 || runningLow }
}

extension SearchIndex {
    /// Rewrites each listing's slot from `patches` (what the database holds now), then
    /// records `sequence` as applied. Holds the write lock: waits for the searches inside
    /// to finish, and searches that arrive meanwhile wait for it. Idempotent: patching a
    /// listing again with the same rows changes nothing.
    @discardableResult
    func apply(_ patches: [SearchIndexListingPatch], through sequence: Int64) -> SearchIndexPatchResult {
        lock.withWriting {
            var result = SearchIndexPatchResult()
            for patch in patches { apply(patch, &result) }
            appliedSequence = max(appliedSequence, sequence)
            result.runningLow = [outsideBlockedDays.isRunningLow, hostBlockedDays.isRunningLow, priceDays.isRunningLow,
                                 ruleDays.isRunningLow]
                .contains(true)
            return result
        }
    }

    /// The slot of listing `id`, if the index has it.
    func slot(of id: Int64) -> Int? {
        var low = 0, count = slotsByID.count
        while count > 0 {
            let half = count >> 1
            if ids[Int(slotsByID[low + half])] < id {
                low += half + 1
                count -= half + 1
            } else {
                count = half
            }
        }
        guard low < slotsByID.count, ids[Int(slotsByID[low])] == id else { return nil }
        return Int(slotsByID[low])
    }

    private func apply(_ patch: SearchIndexListingPatch, _ result: inout SearchIndexPatchResult) {
        guard let slot = slot(of: patch.id) else {
            if patch.listing != nil { result.missing += 1 }  // deleted before we ever saw it: nothing to do
            return
        }
        guard let listing = patch.listing else {
            matchNothing(slot)
            result.cleared += 1
            return
        }
        // NaN coordinates are stored as loaded; `==` would call them moved forever.
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        if listing.locationID != locationIDs[slot] || !same(listing.latitude, latitudes[slot])
            || !same(listing.longitude, longitudes[slot]) {
            result.moved += 1
        }

        // The new slices, and whether each fits: in place when no longer than the old one,
        // else at the end of its column.
        var outside: [Int32] = []
        var hostBlocked: [Int32] = []
        var rules: [(day: Int32, rule: SearchIndexDay.Rule)] = []
        var prices: [(day: Int32, delta: Int64)] = []
        for entry in patch.days {
            if entry.isUnavailable {
                if !isInWindow(entry.day) { outside.append(entry.day) }
                if entry.isHostBlocked { hostBlocked.append(entry.day) }
            }
            if let delta = entry.priceDelta { prices.append((entry.day, delta)) }
            if let rule = entry.rule { rules.append((entry.day, rule)) }
        }
        func fits(_ needed: Int, _ slice: SearchIndexSlice, free: Int) -> Bool { needed <= slice.count || needed <= free }
        guard fits(outside.count, outsideBlockedSlices[slot], free: outsideBlockedDays.free),
              fits(hostBlocked.count, hostBlockedSlices[slot], free: hostBlockedDays.free),
              fits(rules.count, ruleSlices[slot], free: ruleDays.free),
              fits(prices.count, priceSlices[slot], free: priceDays.free) else {
            matchNothing(slot)
            result.overflowed += 1
            return
        }

        // Terms, capacity and room type, sort keys.
        if let compact = SearchIndexCompactTerms(listing.terms) {
            compactTerms[slot] = compact
            exceptionalTerms[slot] = nil
        } else {
            compactTerms[slot] = .exception
            exceptionalTerms[slot] = listing.terms
        }
        Self.setSlotBits(slotBits, blockCount: blockCount, slot: slot, maxGuests: listing.terms.maxGuests,
                         roomType: listing.roomType)
        scores[slot] = listing.score
        attributes[slot] = listing.attributes
        ratings[slot] = listing.rating
        stayRecords[slot] = patch.days.allSatisfy(\.isExact)
            ? SearchIndexStayRecord(listing.stay, currencies: &currencies, timeZones: &timeZones) : .inexact

        // Calendar bits: clear the old ones, then set the new. Unavailable days inside the
        // window are kept only as bits, so every window day's word is cleared; rule and
        // price bits are exactly the old slices' days inside the window.
        let word = slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        for day in 0..<windowDays {
            calendarBits[bitRow(kind: 0, day: day) + word] &= ~bit
        }
        let oldRules = ruleSlices[slot], oldPrices = priceSlices[slot]
        for position in Int(oldRules.start)..<Int(oldRules.end) where isInWindow(ruleDays[position]) {
            calendarBits[bitRow(kind: 1, day: Int(ruleDays[position]) - Int(windowStart)) + word] &= ~bit
        }
        for position in Int(oldPrices.start)..<Int(oldPrices.end) where isInWindow(priceDays[position]) {
            calendarBits[bitRow(kind: 2, day: Int(priceDays[position]) - Int(windowStart)) + word] &= ~bit
        }
        for entry in patch.days where isInWindow(entry.day) {
            let day = Int(entry.day) - Int(windowStart)
            if entry.isUnavailable { calendarBits[bitRow(kind: 0, day: day) + word] |= bit }
            if entry.rule != nil { calendarBits[bitRow(kind: 1, day: day) + word] |= bit }
            if entry.priceDelta != nil { calendarBits[bitRow(kind: 2, day: day) + word] |= bit }
        }

        // Slices.
        outsideBlockedSlices[slot] = Self.place(outside.count, outsideBlockedSlices[slot], outsideBlockedDays) { position, index in
            if let position { outsideBlockedDays[position] = outside[index] } else { outsideBlockedDays.append(outside[index]) }
        }
        hostBlockedSlices[slot] = Self.place(hostBlocked.count, hostBlockedSlices[slot], hostBlockedDays) { position, index in
            if let position { hostBlockedDays[position] = hostBlocked[index] } else { hostBlockedDays.append(hostBlocked[index]) }
        }
        ruleSlices[slot] = Self.place(rules.count, ruleSlices[slot], ruleDays) { position, index in
            let (day, rule) = rules[index]
            if let position {
                ruleDays[position] = day
                ruleFlags[position] = rule.flags
                ruleMinNights[position] = rule.minNights
                ruleMaxNights[position] = rule.maxNights
            } else {
                ruleDays.append(day)
                ruleFlags.append(rule.flags)
                ruleMinNights.append(rule.minNights)
                ruleMaxNights.append(rule.maxNights)
            }
        }
        priceSlices[slot] = Self.place(prices.count, priceSlices[slot], priceDays) { position, index in
            if let position {
                priceDays[position] = prices[index].day
                priceDeltas[position] = prices[index].delta
            } else {
                priceDays.append(prices[index].day)
                priceDeltas.append(prices[index].delta)
            }
        }
        result.patched += 1
    }

    /// Where `count` new entries of a slot go: over the old slice when they fit in it, else
    /// appended to the columns (`key` is the first of them; the caller checked the room).
    /// `write(position, index)` stores entry `index` at `position`, or appends it when nil.
    private static func place<Key>(_ count: Int, _ old: SearchIndexSlice, _ key: SearchIndexColumn<Key>,
                                   _ write: (Int?, Int) -> Void) -> SearchIndexSlice {
        if count <= old.count {
            for index in 0..<count { write(Int(old.start) + index, index) }
            return SearchIndexSlice(start: old.start, end: old.start + UInt32(count))
        }
        let start = UInt32(key.count)
        for index in 0..<count { write(nil, index) }
        return SearchIndexSlice(start: start, end: UInt32(key.count))
    }

    /// Makes `slot` match no search: without a room-type bit no filter lets it through
    /// (`forEachCandidate` always ANDs the matching room types' rows).
    private func matchNothing(_ slot: Int) {
        Self.setSlotBits(slotBits, blockCount: blockCount, slot: slot, maxGuests: 0, roomType: Self.unknownRoomType)
    }

    private func isInWindow(_ day: Int32) -> Bool {
        Int(day) >= Int(windowStart) && Int(day) < Int(windowStart) + windowDays
    }

    private func bitRow(kind: Int, day: Int) -> Int {
        Self.row(kind: kind, day: day, windowDays: windowDays, blockCount: blockCount)
    }
}
