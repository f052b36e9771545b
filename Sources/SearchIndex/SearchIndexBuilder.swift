import Domain

/// Lays the catalog out as a `SearchIndex` (see its layout notes), fed by its source
/// (`SearchIndexReader` in Persistence) on one thread from one snapshot: first the listing
/// rows in id order (`add`), then the calendar rows in (listing, day) order
/// (`addCalendarRow`), then, in memory, the slots reordered by location and the calendar
/// bitsets (`parts`).
package struct SearchIndexBuilder {
    /// The finished arrays.
    package struct Parts {
        var terms: [SearchIndexTerms] = []
        /// Index in `RoomType.allCases`; `SearchIndex.unknownRoomType` matches no filter.
        var roomTypes: [UInt8] = []
        var ids: [Int64] = []
        var locationIDs: [Int64] = []
        /// Slots in ascending id order, to find a listing's slot by binary search.
        var slotsByID: [Int32] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var scores: [Int64] = []
        var ratings: [Double] = []
        var attributes: [SearchIndexAttributes] = []
        var stayRecords: [SearchIndexStayRecord] = []
        var currencies = SearchIndexNames()
        var timeZones = SearchIndexNames()
        var windowStart: Int32 = 0
        var windowDays = 0
        var blockCount = 0
        var calendarBits = SearchIndexColumn<UInt64>(repeating: 0, count: 0)
        var outsideBlockedStart: [Int] = [0]
        var outsideBlockedDays: [Int32] = []
        var hostBlockedStart: [Int] = [0]
        var hostBlockedDays: [Int32] = []
        var priceStart: [Int] = [0]
        var priceDays: [Int32] = []
        var priceDeltas: [Int64] = []
        var ruleStart: [Int] = [0]
        var ruleDays: [Int32] = []
        var ruleFlags: [UInt8] = []
        var ruleMinNights: [Int32] = []
        var ruleMaxNights: [Int32] = []
        var locationSlots: [Int32] = []
        var locationRanges: [Int64: Range<Int>] = [:]
        var calendarRowCount = 0
        /// The change log's latest sequence in the snapshot the parts were read from.
        var sequence: Int64 = 0
    }

    // Rows as read, in id order ("row" below; "slot" is the final position).
    private var terms: [SearchIndexTerms] = []
    private var roomTypes: [UInt8] = []
    private var ids: [Int64] = []
    private var locationIDs: [Int64] = []
    private var latitudes: [Double] = []
    private var longitudes: [Double] = []
    private var scores: [Int64] = []
    private var ratings: [Double] = []
    private var attributes: [SearchIndexAttributes] = []
    private var stays: [SearchIndexStayValues?] = []
    /// Rows with a calendar day the index holds only clamped (`SearchIndexDay.isExact`).
    private var inexactCalendars = Set<Int>()
    private var blockedStart: [Int] = [0]
    private var blockedDays: [Int32] = []
    private var hostBlockedStart: [Int] = [0]
    private var hostBlockedDays: [Int32] = []
    private var priceStart: [Int] = [0]
    private var priceDays: [Int32] = []
    private var priceDeltas: [Int64] = []
    private var ruleStart: [Int] = [0]
    private var ruleDays: [Int32] = []
    private var ruleFlags: [UInt8] = []
    private var ruleMinNights: [Int32] = []
    private var ruleMaxNights: [Int32] = []
    private var firstDay = Int32.max
    private var lastDay = Int32.min
    private var calendarRowCount = 0
    /// The listing row the calendar rows have reached (`addCalendarRow`).
    private var calendarRow = 0

    package init() {}

    /// The next listing row (ascending id order).
    package mutating func add(_ listing: SearchIndexListingRow) {
        ids.append(listing.id)
        locationIDs.append(listing.locationID)
        latitudes.append(listing.latitude)
        longitudes.append(listing.longitude)
        roomTypes.append(listing.roomType)
        terms.append(listing.terms)
        scores.append(listing.score)
        ratings.append(listing.rating)
        attributes.append(listing.attributes)
        stays.append(listing.stay)
    }

    /// The next row of `calendar_days` (in (listing, day) order, after every listing row),
    /// merged with the listings (also in id order) to find its listing; `decode` reads it
    /// with that listing's terms (`SearchIndexDay`).
    package mutating func addCalendarRow(listingID: Int64, _ decode: (SearchIndexTerms) -> SearchIndexDay?) {
        calendarRowCount += 1
        let count = ids.count
        while calendarRow < count && ids[calendarRow] < listingID {
            closeRow()
            calendarRow += 1
        }
        let row = calendarRow
        // A row of a listing that does not exist (foreign keys off when written).
        guard row < count && ids[row] == listingID else { return }
        guard let entry = decode(terms[row]) else { return }
        if !entry.isExact { inexactCalendars.insert(row) }
        if entry.isUnavailable {
            blockedDays.append(entry.day)
            if entry.isHostBlocked { hostBlockedDays.append(entry.day) }
        }
        if let delta = entry.priceDelta {
            priceDays.append(entry.day)
            priceDeltas.append(delta)
        }
        if let rule = entry.rule {
            ruleDays.append(entry.day)
            ruleFlags.append(rule.flags)
            ruleMinNights.append(rule.minNights)
            ruleMaxNights.append(rule.maxNights)
        }
        firstDay = min(firstDay, entry.day)
        lastDay = max(lastDay, entry.day)
    }

    /// The finished arrays, once every row is in. `ancestors`: (location, ancestor-or-self)
    /// pairs with the ancestor's depth above the location (`location_ancestors`);
    /// `sequence`: the change log's latest sequence in the snapshot the rows were read from.
    package mutating func parts(ancestors: [Int64: [(ancestor: Int64, depth: Int)]], sequence: Int64) -> Parts {
        while calendarRow < ids.count {
            closeRow()
            calendarRow += 1
        }
        var parts = parts(order: locationOrder(ancestors), locations: ancestors)
        parts.sequence = sequence
        return parts
    }

    private mutating func closeRow() {
        blockedStart.append(blockedDays.count)
        hostBlockedStart.append(hostBlockedDays.count)
        priceStart.append(priceDays.count)
        ruleStart.append(ruleDays.count)
    }

    /// Rows in slot order: by location in depth-first order of the location tree (each
    /// location's path from its root, compared element by element), then along a Z-order
    /// curve over the coordinates, then by id. Only a layout choice for locality (a map
    /// viewport's listings lie in a few runs of nearby slots); no answer depends on it.
    private func locationOrder(_ ancestors: [Int64: [(ancestor: Int64, depth: Int)]]) -> [Int] {
        let paths = ancestors.mapValues { pairs in pairs.sorted { $0.depth > $1.depth }.map(\.ancestor) }
        let ranked = paths.keys.sorted { paths[$0]!.lexicographicallyPrecedes(paths[$1]!) }
        var rank: [Int64: Int] = [:]
        for (position, location) in ranked.enumerated() { rank[location] = position }
        let rowRanks = locationIDs.map { rank[$0] ?? Int.max }
        let cells = ids.indices.map { Self.zOrder(latitude: latitudes[$0], longitude: longitudes[$0]) }
        return ids.indices.sorted {
            if rowRanks[$0] != rowRanks[$1] { return rowRanks[$0] < rowRanks[$1] }
            if cells[$0] != cells[$1] { return cells[$0] < cells[$1] }
            return $0 < $1
        }
    }

    /// The position of a coordinate on a Z-order (Morton) curve over a 2^21 × 2^21 grid
    /// (cells of about 10 × 20 m): nearby places mostly get nearby codes.
    static func zOrder(latitude: Double, longitude: Double) -> UInt64 {
        func cell(_ value: Double, _ low: Double, _ high: Double) -> UInt64 {
            guard value.isFinite else { return 0 }
            let fraction = (min(max(value, low), high) - low) / (high - low)
            return UInt64(fraction * Double((1 << 21) - 1))
        }
        func spread(_ value: UInt64) -> UInt64 {
            var x = value & 0x1f_ffff
            x = (x | x << 32) & 0x1f_0000_0000_ffff
            x = (x | x << 16) & 0x1f_0000_ff00_00ff
            x = (x | x << 8) & 0x100f_00f0_0f00_f00f
            x = (x | x << 4) & 0x10c3_0c30_c30c_30c3
            x = (x | x << 2) & 0x1249_2492_4924_9249
            return x
        }
        return spread(cell(latitude, -90, 90)) << 1 | spread(cell(longitude, -180, 180))
    }

    // MARK: layout

    /// The day window of the bitsets: the rows' whole span when it fits in
    /// `maximumWindowDays`, else the run of that many days holding the most rows.
    private func window() -> (start: Int32, words: Int) {
        guard firstDay <= lastDay else { return (0, 0) }
        let maximumWords = SearchIndex.maximumWindowDays / 64
        let firstWord = Int(firstDay) >> 6, lastWord = Int(lastDay) >> 6  // floor division
        if lastWord - firstWord < maximumWords {
            return (Int32(firstWord << 6), lastWord - firstWord + 1)
        }
        var perWord: [Int: Int] = [:]
        for days in [blockedDays, priceDays, ruleDays] {
            for day in days { perWord[Int(day) >> 6, default: 0] += 1 }
        }
        let words = perWord.keys.sorted()
        var best = (word: words[0], rows: 0)
        var low = 0, rows = 0
        for high in words.indices {
            rows += perWord[words[high]]!
            while words[high] - words[low] >= maximumWords {
                rows -= perWord[words[low]]!
                low += 1
            }
            if rows > best.rows { best = (words[low], rows) }
        }
        // Keep the window's end inside Int32, where every stay the index answers lies.
        let start = min(best.word, (Int(Int32.max) >> 6) - maximumWords + 1)
        return (Int32(start << 6), maximumWords)
    }

    private func parts(order: [Int], locations: [Int64: [(ancestor: Int64, depth: Int)]]) -> Parts {
        var parts = Parts()
        parts.calendarRowCount = calendarRowCount
        let (windowStart, windowWords) = window()
        let count = order.count
        let windowDays = 64 * windowWords
        let blockCount = SearchIndex.blockCount(listingCount: count)
        parts.windowStart = windowStart
        parts.windowDays = windowDays
        parts.blockCount = blockCount
        let windowEnd = Int(windowStart) + windowDays
        parts.terms.reserveCapacity(count)
        parts.roomTypes.reserveCapacity(count)
        parts.ids.reserveCapacity(count)
        parts.latitudes.reserveCapacity(count)
        parts.longitudes.reserveCapacity(count)
        parts.scores.reserveCapacity(count)
        parts.ratings.reserveCapacity(count)
        parts.attributes.reserveCapacity(count)
        parts.stayRecords.reserveCapacity(count)
        parts.hostBlockedDays.reserveCapacity(hostBlockedDays.count)
        parts.priceDays.reserveCapacity(priceDays.count)
        parts.priceDeltas.reserveCapacity(priceDeltas.count)
        parts.ruleDays.reserveCapacity(ruleDays.count)
        parts.ruleFlags.reserveCapacity(ruleDays.count)
        parts.ruleMinNights.reserveCapacity(ruleDays.count)
        parts.ruleMaxNights.reserveCapacity(ruleDays.count)
        parts.locationIDs.reserveCapacity(count)
        parts.slotsByID = Array(repeating: 0, count: count)
        parts.calendarBits = SearchIndexColumn(repeating: 0, count: 3 * windowDays * blockCount)
        var slotsByLocation: [Int64: [Int32]] = [:]
        var currencies = SearchIndexNames(), timeZones = SearchIndexNames()

        func setBit(_ slot: Int, _ day: Int32, kind: Int) {
            let row = SearchIndex.row(kind: kind, day: Int(day) - Int(windowStart), windowDays: windowDays,
                                      blockCount: blockCount)
            parts.calendarBits[row + slot >> 6] |= 1 << UInt64(slot & 63)
        }
        func inWindow(_ day: Int32) -> Bool { Int(day) >= Int(windowStart) && Int(day) < windowEnd }

        for (slot, row) in order.enumerated() {
            parts.terms.append(terms[row])
            parts.roomTypes.append(roomTypes[row])
            parts.ids.append(ids[row])
            parts.locationIDs.append(locationIDs[row])
            parts.slotsByID[row] = Int32(slot)  // rows are in id order
            parts.latitudes.append(latitudes[row])
            parts.longitudes.append(longitudes[row])
            parts.scores.append(scores[row])
            parts.ratings.append(ratings[row])
            parts.attributes.append(attributes[row])
            parts.stayRecords.append(inexactCalendars.contains(row) ? .inexact
                                     : SearchIndexStayRecord(stays[row], currencies: &currencies, timeZones: &timeZones))
            for day in blockedDays[blockedStart[row]..<blockedStart[row + 1]] {
                if inWindow(day) { setBit(slot, day, kind: 0) } else { parts.outsideBlockedDays.append(day) }
            }
            parts.outsideBlockedStart.append(parts.outsideBlockedDays.count)
            parts.hostBlockedDays.append(contentsOf: hostBlockedDays[hostBlockedStart[row]..<hostBlockedStart[row + 1]])
            parts.hostBlockedStart.append(parts.hostBlockedDays.count)
            for position in ruleStart[row]..<ruleStart[row + 1] {
                let day = ruleDays[position]
                if inWindow(day) { setBit(slot, day, kind: 1) }
                parts.ruleDays.append(day)
                parts.ruleFlags.append(ruleFlags[position])
                parts.ruleMinNights.append(ruleMinNights[position])
                parts.ruleMaxNights.append(ruleMaxNights[position])
            }
            parts.ruleStart.append(parts.ruleDays.count)
            for position in priceStart[row]..<priceStart[row + 1] {
                let day = priceDays[position]
                if inWindow(day) { setBit(slot, day, kind: 2) }
                parts.priceDays.append(day)
                parts.priceDeltas.append(priceDeltas[position])
            }
            parts.priceStart.append(parts.priceDays.count)
            for (ancestor, _) in locations[locationIDs[row]] ?? [] {
                slotsByLocation[ancestor, default: []].append(Int32(slot))
            }
        }
        parts.currencies = currencies
        parts.timeZones = timeZones
        parts.outsideBlockedDays = parts.outsideBlockedDays.withUnsafeBufferPointer { Array($0) }
        parts.locationSlots.reserveCapacity(slotsByLocation.values.reduce(0) { $0 + $1.count })
        for (location, slots) in slotsByLocation {
            let start = parts.locationSlots.count
            parts.locationSlots.append(contentsOf: slots)
            parts.locationRanges[location] = start..<parts.locationSlots.count
        }
        return parts
    }
}

/// One row of `listings` as the index reads it (decoded by `SearchIndexReader` in
/// Persistence, the one place that does so: the full build and a patch both use it).
package struct SearchIndexListingRow {
    let id: Int64
    let locationID: Int64
    let latitude: Double
    let longitude: Double
    /// Index in `RoomType.allCases`; `SearchIndex.unknownRoomType` matches no filter.
    let roomType: UInt8
    package let terms: SearchIndexTerms
    let score: Int64
    let rating: Double
    let attributes: SearchIndexAttributes
    /// The rest of its stay terms, for quotes; nil when a value does not fit the index
    /// exactly (`terms` clamps, a policy that does not decode): its quotes read the database.
    let stay: SearchIndexStayValues?

    package init(id: Int64, locationID: Int64, latitude: Double, longitude: Double, roomType: UInt8,
                 terms: SearchIndexTerms, score: Int64, rating: Double, attributes: SearchIndexAttributes,
                 stay: SearchIndexStayValues?) {
        self.id = id
        self.locationID = locationID
        self.latitude = latitude
        self.longitude = longitude
        self.roomType = roomType
        self.terms = terms
        self.score = score
        self.rating = rating
        self.attributes = attributes
        self.stay = stay
    }
}

/// One row of `calendar_days` reduced to what the index keeps of it. The one place that
/// decodes a calendar row for the index (its columns read by `SearchIndexReader`): the full
/// build and a patch both use it.
package struct SearchIndexDay {
    struct Rule {
        /// `SearchIndex.closedToArrival` | `SearchIndex.closedToDeparture`.
        let flags: UInt8
        /// 0 when the day does not override the listing's value (stored values are >= 1).
        let minNights: Int32
        let maxNights: Int32
    }

    let day: Int32
    /// Booked or blocked.
    let isUnavailable: Bool
    /// Blocked by the host (not booked): the calendar tells the two apart, searches do not.
    let isHostBlocked: Bool
    /// `override − default price of that day`, for a day with a price override (one on an
    /// unavailable day is never part of a match, but the calendar shows it).
    let priceDelta: Int64?
    let rule: Rule?
    /// False when a rule's value was clamped to fit: searches stay exact (see `Rule`), but a
    /// quote's error would name the clamped value, so the listing's quotes read the database.
    let isExact: Bool

    /// Nil when the index keeps nothing of the row: its day lies outside `Int32` (no stay
    /// the index answers can touch it, see `SearchIndex`), or it is an available day with
    /// no override and no rule. `terms` are the listing's (for the price's default).
    package init?(day epochDay: Int64, isUnavailable: Bool, isHostBlocked: Bool, price: Int64?, minNights minOverride: Int64?,
                  maxNights maxOverride: Int64?, closedToArrival: Bool, closedToDeparture: Bool, terms: SearchIndexTerms) {
        guard let day = Int32(exactly: epochDay) else { return nil }
        self.day = day
        self.isUnavailable = isUnavailable
        self.isHostBlocked = isHostBlocked
        if let price {
            // Both positive (CHECK constraints): the difference cannot overflow.
            priceDelta = price &- terms.priceWithoutOverride(onEpochDay: day)
        } else {
            priceDelta = nil
        }
        isExact = (minOverride.map { Int32(exactly: $0) != nil } ?? true) && (maxOverride.map { Int32(exactly: $0) != nil } ?? true)
        if minOverride != nil || maxOverride != nil || closedToArrival || closedToDeparture {
            // Exact: the stays the index answers have fewer than 2^31 nights.
            rule = Rule(flags: (closedToArrival ? SearchIndex.closedToArrival : 0)
                            | (closedToDeparture ? SearchIndex.closedToDeparture : 0),
                        minNights: minOverride.map { Int32(clamping: $0) } ?? 0,
                        maxNights: maxOverride.map { Int32(clamping: $0) } ?? 0)
        } else {
            rule = nil
        }
        guard isUnavailable || priceDelta != nil || rule != nil else { return nil }
    }
}
