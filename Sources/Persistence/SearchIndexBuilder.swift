import Domain
import Storage

/// Reads the catalog into the growing arrays a `SearchIndex` is made from. Used once, on
/// one thread, inside one read transaction.
struct SearchIndexBuilder {
    var ids: [Int64] = []
    var locationIDs: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var maxGuests: [Int64] = []
    var roomTypes: [UInt8] = []
    var basePrices: [Int64] = []
    var weekendPrices: [Int64] = []
    var extraGuestFees: [Int64] = []
    var guestsIncluded: [Int64] = []
    var minNights: [Int64] = []
    var maxNights: [Int64] = []
    var availableUntil: [Int64] = []
    var scores: [Int64] = []
    var ratings: [Double] = []

    var blockedStart: [Int] = [0]
    var blockedDays: [Int32] = []
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

    static func read(_ db: Database) throws -> SearchIndexBuilder {
        var builder = SearchIndexBuilder()
        try builder.readListings(db)
        try builder.readCalendar(db)
        try builder.readLocations(db)
        return builder
    }

    private mutating func readListings(_ db: Database) throws {
        let statement = try db.prepare("""
            SELECT id, location_id, latitude, longitude, max_guests, room_type, base_price, \
            COALESCE(weekend_price, base_price), extra_guest_fee, guests_included, min_nights, max_nights, \
            available_until, recommendation_score, COALESCE(rating, -1) FROM listings ORDER BY id
            """)
        let roomTypeNames = RoomType.allCases.map { Array($0.rawValue.utf8) }
        try statement.forEachRow { row in
            ids.append(row.int64(0))
            locationIDs.append(row.int64(1))
            latitudes.append(row.double(2))
            longitudes.append(row.double(3))
            maxGuests.append(row.int64(4))
            let roomType = row.withUTF8(5) { text in
                roomTypeNames.firstIndex { $0.elementsEqual(text) }.map(UInt8.init) ?? SearchIndex.unknownRoomType
            }
            roomTypes.append(roomType)
            basePrices.append(row.int64(6))
            weekendPrices.append(row.int64(7))
            extraGuestFees.append(row.int64(8))
            guestsIncluded.append(row.int64(9))
            minNights.append(row.int64(10))
            maxNights.append(row.int64(11))
            availableUntil.append(row.optionalInt64(12) ?? .max)
            scores.append(row.int64(13))
            ratings.append(row.double(14))
        }
    }

    /// One pass over `calendar_days` in primary-key order, merged with the listings (also
    /// in id order) to find each row's slot.
    private mutating func readCalendar(_ db: Database) throws {
        let statement = try db.prepare("""
            SELECT listing_id, day, status <> 'available', price, min_nights, max_nights, \
            closed_to_arrival <> 0, closed_to_departure <> 0 FROM calendar_days ORDER BY listing_id, day
            """)
        var slot = 0
        let count = ids.count
        try statement.forEachRow { row in
            calendarRowCount += 1
            let listingID = row.int64(0)
            while slot < count && ids[slot] < listingID {
                closeSlot()
                slot += 1
            }
            // A row of a listing that does not exist (foreign keys off when written).
            guard slot < count && ids[slot] == listingID else { return }
            let wideDay = row.int64(1)
            // No stay the index answers can touch a day outside Int32 (see SearchIndex).
            guard let day = Int32(exactly: wideDay) else { return }
            let unavailable = row.bool(2)
            if unavailable {
                blockedDays.append(day)
            } else if let price = row.optionalInt64(3) {
                let normal = SearchIndex.isWeekendNight(Int(day)) ? weekendPrices[slot] : basePrices[slot]
                // Both positive (CHECK constraints): the difference cannot overflow.
                priceDays.append(day)
                priceDeltas.append(price &- normal)
            }
            let minOverride = row.optionalInt64(4)
            let maxOverride = row.optionalInt64(5)
            let closedToArrival = row.bool(6)
            let closedToDeparture = row.bool(7)
            if minOverride != nil || maxOverride != nil || closedToArrival || closedToDeparture {
                ruleDays.append(day)
                ruleFlags.append((closedToArrival ? SearchIndex.closedToArrival : 0)
                                 | (closedToDeparture ? SearchIndex.closedToDeparture : 0))
                ruleMinNights.append(minOverride.map(Self.clampedNights) ?? 0)
                ruleMaxNights.append(maxOverride.map(Self.clampedNights) ?? 0)
            }
        }
        while slot < count {
            closeSlot()
            slot += 1
        }
    }

    private mutating func closeSlot() {
        blockedStart.append(blockedDays.count)
        priceStart.append(priceDays.count)
        ruleStart.append(ruleDays.count)
    }

    /// A nights override as Int32. Exact for every stay the index answers (those have fewer
    /// than 2^31 nights, see `SearchIndexQuery`), since values >= 1 only compare against
    /// such a count: clamping a larger value to Int32.max changes no comparison.
    private static func clampedNights(_ value: Int64) -> Int32 {
        Int32(clamping: value)
    }

    /// For every location, the slots of the listings in it or below it, from
    /// `location_ancestors` (the same rows the SQL joins).
    private mutating func readLocations(_ db: Database) throws {
        var ancestors: [Int64: [Int64]] = [:]
        let statement = try db.prepare("SELECT location_id, ancestor_id FROM location_ancestors")
        try statement.forEachRow { row in
            ancestors[row.int64(0), default: []].append(row.int64(1))
        }
        var slotsByLocation: [Int64: [Int32]] = [:]
        for (slot, location) in locationIDs.enumerated() {
            for ancestor in ancestors[location] ?? [] {
                slotsByLocation[ancestor, default: []].append(Int32(slot))
            }
        }
        locationSlots.reserveCapacity(slotsByLocation.values.reduce(0) { $0 + $1.count })
        for (location, slots) in slotsByLocation {
            let start = locationSlots.count
            locationSlots.append(contentsOf: slots)
            locationRanges[location] = start..<locationSlots.count
        }
        locationIDs = []
    }
}
