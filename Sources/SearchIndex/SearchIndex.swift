import Domain
import Foundation

/// An in-memory copy of exactly what listing searches read — per listing the filter,
/// price and sort columns, and the calendar exceptions that decide availability and price
/// — so that `IndexedCatalog` answers `searchListings` and `nightlyPrices` without a
/// correlated B-tree probe per candidate. The rules it applies are those of
/// `ListingSearchSQL` (see docs/storage.md, "Search index"); the equivalence is tested
/// against the SQL on randomized catalogs.
///
/// Layout, chosen so that checking one candidate touches a few cache lines:
/// - One slot per listing, ordered by location (depth-first over the location tree), then
///   along a Z-order curve, then id: the listings of a city, district or neighbourhood are
///   one contiguous run of slots, and nearby listings mostly have nearby slots. Per slot, a
///   `SearchIndexCompactTerms` record (the full `SearchIndexTerms` on the side when a
///   value does not fit it), and separate id, coordinate, score and rating columns;
///   capacity and room type as bits (`slotBits`), the scan's first filter.
/// - Calendar exceptions as three bitsets over a day window shared by all listings (the
///   span of the calendar rows, at most `maximumWindowDays`): unavailable days, days with
///   a stay rule (closed to arrival/departure, min/max-nights override), days with a price
///   override. Stored by day: one bit per slot, so word b of a day holds slots 64b...64b+63.
///   A scan tests 64 candidates at once against a stay's nights (one word per night) and
///   turns most candidates of a big area away without touching anything else of theirs
///   (a long stay costs a candidate nights / 64 words). The rule and price values
///   themselves are in per-listing sorted slices (`ruleDays`..., `priceDays`/`priceDeltas`),
///   searched only when a bit says there is something. Unavailable days outside the window
///   are kept in a sorted slice (`outsideBlockedDays`), so stays outside the window stay
///   exact.
/// - Map viewports: every slot again, by latitude strip then longitude (`stripKeys`...).
/// - Price overrides are stored as `override − default price of that day` (on unavailable
///   days too: never part of a match, but the calendar shows them). Which unavailable days
///   the host blocked rather than a guest booked is a slice of its own (`hostBlockedDays`),
///   read only by the calendar.
/// - Days are `Int32` epoch days; rows whose day does not fit are dropped, and a search
///   whose dates do not fit is answered by SQL instead (`SearchIndexQuery`), so dropping
///   them changes no answer.
///
/// Patching (`apply`, SearchIndex+Patch.swift): a changed listing's columns, bits and
/// slices are rewritten in its own slot, in place; a slice that grows is written at the end
/// of its column, into room reserved at load (`SearchIndexColumn`), and its old entries
/// become garbage until the next full load. Slot order, locations, coordinates and map
/// strips never change after loading: a listing that is new or moved is not patched into
/// them (`apply` says a rebuild is needed); a deleted one loses its capacity and room-type
/// bits and so matches nothing.
///
/// Promises:
/// - Thread safety: `@unchecked Sendable`, made safe by `lock`: `search` and
///   `nightlyPrices` hold its read side, so any number run in parallel; `apply` holds its
///   write side, so a patch waits for the searches inside to finish and runs alone (new
///   searches wait behind it). Every other member is immutable after `init`.
/// - A search sees the index either wholly before or wholly after each `apply`.
/// - `appliedSequence`: the change-log sequence whose effects (per-listing ones, see
///   `apply`) the index reflects. It does not follow writes by itself: `IndexedCatalog`
///   reads the change log and calls `apply`.
public final class SearchIndex: @unchecked Sendable {
    /// The widest day window kept as bitsets; rows outside it cost a binary search.
    static let maximumWindowDays = 1024

    // MARK: per listing (slot)
    /// Each slot's `SearchIndexTerms`, compact; `.exception` for the slots in
    /// `exceptionalTerms`.
    let compactTerms: SearchIndexColumn<SearchIndexCompactTerms>
    /// Changed only by `apply`, under the write lock; read only for `.exception` slots.
    var exceptionalTerms: [Int: SearchIndexTerms]
    /// Capacity and room type as bits, one per slot and `blockCount` words per row, so that
    /// a scan tests 64 candidates at once: row k - 1 (k in 1...`capacityRows`) has the
    /// slots with room for at least k guests, row `capacityRows + t` those of room type
    /// `RoomType.allCases[t]`.
    let slotBits: SearchIndexColumn<UInt64>
    static let capacityRows = 16
    let ids: [Int64]
    /// Each slot's `location_id` as loaded (slot order and `locationRanges` depend on it).
    let locationIDs: [Int64]
    /// Slots in ascending id order: `slot(of:)` finds a listing by binary search.
    let slotsByID: [Int32]
    let latitudes: [Double]
    let longitudes: [Double]
    let scores: SearchIndexColumn<Int64>
    /// `COALESCE(rating, -1)`, the rating sort's key.
    let ratings: SearchIndexColumn<Double>
    /// What amenity, room, instant-booking, superhost and free-cancellation filters compare.
    let attributes: SearchIndexColumn<SearchIndexAttributes>
    /// The rest of each slot's stay terms, for quotes (`stayTermsAndCalendar`); its names in
    /// `currencies` and `timeZones`, which `apply` extends under the write lock.
    let stayRecords: SearchIndexColumn<SearchIndexStayRecord>
    var currencies: SearchIndexNames
    var timeZones: SearchIndexNames

    // MARK: calendar bitsets
    /// Epoch day of the window's first day.
    let windowStart: Int32
    /// Days in the window (a multiple of 64): `windowStart ..< windowStart + windowDays`.
    let windowDays: Int
    /// Words per day and bitset: `(listingCount + 63) / 64`.
    let blockCount: Int
    /// Bitset kind k (0 unavailable, 1 rule, 2 price), window day d, slots 64b...64b+63:
    /// `[SearchIndex.row(kind: k, day: d, ...) + b]`, bit `slot & 63`.
    let calendarBits: SearchIndexColumn<UInt64>

    // MARK: calendar slices: slot s owns positions `xSlices[s]` of each x column, sorted by day
    let outsideBlockedSlices: SearchIndexColumn<SearchIndexSlice>
    let outsideBlockedDays: SearchIndexColumn<Int32>
    /// Unavailable days blocked by the host rather than booked, inside the window or not:
    /// only the calendar tells the two apart.
    let hostBlockedSlices: SearchIndexColumn<SearchIndexSlice>
    let hostBlockedDays: SearchIndexColumn<Int32>
    let priceSlices: SearchIndexColumn<SearchIndexSlice>
    let priceDays: SearchIndexColumn<Int32>
    let priceDeltas: SearchIndexColumn<Int64>
    let ruleSlices: SearchIndexColumn<SearchIndexSlice>
    let ruleDays: SearchIndexColumn<Int32>
    /// `SearchIndex.closedToArrival` | `SearchIndex.closedToDeparture`.
    let ruleFlags: SearchIndexColumn<UInt8>
    /// 0 when the day does not override the listing's value (stored values are >= 1).
    let ruleMinNights: SearchIndexColumn<Int32>
    let ruleMaxNights: SearchIndexColumn<Int32>

    // MARK: following the change log
    /// Readers share, `apply` excludes (writer-preferring).
    let lock = SearchIndexLock()
    /// See the type's promises. Written under the write lock; `IndexedCatalog` reads it
    /// only from the thread that applies patches.
    var appliedSequence: Int64

    // MARK: locations
    /// Slots of every listing in a location or below it, ascending, per location id.
    let locationSlots: [Int32]
    let locationRanges: [Int64: Range<Int>]

    // MARK: map strips
    /// Every slot whose coordinates can match a box (not NaN), grouped by latitude strip
    /// (`stripHeight` degrees, `strip(of:)`), then sorted by longitude: a map viewport
    /// visits only the strips it overlaps, and in each only the listings within its
    /// longitudes. `stripKeys` are the strips that hold listings, ascending; strip i's
    /// listings are `stripStarts[i] ..< stripStarts[i + 1]` of the three columns.
    let stripKeys: [Int32]
    let stripStarts: [Int]
    let stripSlots: [Int32]
    let stripLatitudes: [Double]
    let stripLongitudes: [Double]

    /// About a kilometre: a viewport of the app's map spans a few strips to a few hundred.
    static let stripHeight = 0.01

    /// The strip of a latitude (not NaN); monotonic, so a listing between two latitudes lies
    /// in a strip between theirs. Infinite and out-of-range values share the outermost strips.
    @inline(__always)
    static func strip(of latitude: Double) -> Int32 {
        Int32((min(max(latitude, -1_000), 1_000) / stripHeight).rounded(.down))
    }

    /// Calls `body` with the slot of every listing inside `box`, in no particular order.
    func forEachSlot(in box: SearchIndexQuery.Box, _ body: (Int32) -> Void) {
        // NaN edges match nothing, as in SQL (NaN binds as NULL).
        guard box.south <= box.north, !box.west.isNaN, !box.east.isNaN else { return }
        let last = Self.strip(of: box.north)
        var strip = Self.lowerBound(stripKeys, 0, stripKeys.count, Self.strip(of: box.south))
        stripSlots.withUnsafeBufferPointer { slots in
            stripLatitudes.withUnsafeBufferPointer { latitudes in
                stripLongitudes.withUnsafeBufferPointer { longitudes in
                    /// The listings of `lower..<upper` from the first whose longitude is at
                    /// least `west` to the last whose longitude is at most `east`.
                    func visit(_ lower: Int, _ upper: Int, west: Double, east: Double) {
                        var position = Self.lowerBound(stripLongitudes, lower, upper, west)
                        while position < upper && longitudes[position] <= east {
                            if box.contains(latitude: latitudes[position], longitude: longitudes[position]) {
                                body(slots[position])
                            }
                            position += 1
                        }
                    }
                    while strip < stripKeys.count && stripKeys[strip] <= last {
                        let lower = stripStarts[strip], upper = stripStarts[strip + 1]
                        if box.acrossAntimeridian {
                            visit(lower, upper, west: box.west, east: .infinity)
                            visit(lower, upper, west: -.infinity, east: box.east)
                        } else {
                            visit(lower, upper, west: box.west, east: box.east)
                        }
                        strip += 1
                    }
                }
            }
        }
    }

    /// How long `load` took.
    public let loadDuration: Duration
    /// Calendar rows read (all of `calendar_days`).
    public let calendarRowCount: Int

    package static let unknownRoomType: UInt8 = .max
    static let closedToArrival: UInt8 = 1
    static let closedToDeparture: UInt8 = 2

    /// Listings in the index.
    public var listingCount: Int { ids.count }

    /// Bytes held by the index's arrays (not counting allocator overhead).
    public var approximateByteCount: Int {
        compactTerms.capacity * MemoryLayout<SearchIndexCompactTerms>.stride + ids.count * (8 * 6 + 4)
            + stayRecords.capacity * MemoryLayout<SearchIndexStayRecord>.stride
            + attributes.capacity * MemoryLayout<SearchIndexAttributes>.stride
            + exceptionalTerms.count * (MemoryLayout<SearchIndexTerms>.stride + 16)
            + calendarBits.capacity * 8 + slotBits.capacity * 8
            + (outsideBlockedSlices.capacity + hostBlockedSlices.capacity + priceSlices.capacity + ruleSlices.capacity) * 8
            + (outsideBlockedDays.capacity + hostBlockedDays.capacity) * 4 + priceDays.capacity * 12
            + ruleDays.capacity * 13
            + locationSlots.count * 4 + locationRanges.count * 40 + stripSlots.count * 20 + stripKeys.count * 12
    }

    /// One line for logs: listings, calendar rows, size and load time.
    public var summary: String {
        let (seconds, attoseconds) = loadDuration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(listingCount) listings, \(calendarRowCount) calendar rows, "
            + "\(approximateByteCount / 1_000_000) MB, loaded in \(milliseconds) ms"
    }

    /// Room reserved at the end of each slice column for patched slices that grow: an
    /// eighth of what the load filled, and at least 4,096 entries. Past half of it used,
    /// `apply` asks for a rebuild (which starts again with empty room).
    static func sliceHeadroom(used: Int) -> Int { used / 8 + 4_096 }

    /// `headroom` overrides `sliceHeadroom` (tests: 0 makes every growing slice overflow).
    package init(parts: SearchIndexBuilder.Parts, loadDuration: Duration, headroom: Int? = nil) {
        var exceptions: [Int: SearchIndexTerms] = [:]
        compactTerms = SearchIndexColumn(parts.terms.enumerated().map { slot, terms in
            if let compact = SearchIndexCompactTerms(terms) { return compact }
            exceptions[slot] = terms
            return .exception
        })
        exceptionalTerms = exceptions
        let words = parts.blockCount
        let slotBits = SearchIndexColumn<UInt64>(repeating: 0, count: (Self.capacityRows + RoomType.allCases.count) * words)
        for (slot, terms) in parts.terms.enumerated() {
            Self.setSlotBits(slotBits, blockCount: words, slot: slot, maxGuests: terms.maxGuests,
                             roomType: parts.roomTypes[slot])
        }
        self.slotBits = slotBits
        ids = parts.ids
        locationIDs = parts.locationIDs
        slotsByID = parts.slotsByID
        latitudes = parts.latitudes
        longitudes = parts.longitudes
        scores = SearchIndexColumn(parts.scores)
        ratings = SearchIndexColumn(parts.ratings)
        attributes = SearchIndexColumn(parts.attributes)
        stayRecords = SearchIndexColumn(parts.stayRecords)
        currencies = parts.currencies
        timeZones = parts.timeZones
        windowStart = parts.windowStart
        windowDays = parts.windowDays
        blockCount = parts.blockCount
        calendarBits = parts.calendarBits
        func room(_ used: Int) -> Int {
            let room = headroom ?? Self.sliceHeadroom(used: used)
            precondition(used + room < Int(UInt32.max), "calendar too large for the search index's 32-bit slices")
            return room
        }
        func slices(_ starts: [Int]) -> SearchIndexColumn<SearchIndexSlice> {
            SearchIndexColumn(starts.indices.dropLast().map {
                SearchIndexSlice(start: UInt32(starts[$0]), end: UInt32(starts[$0 + 1]))
            })
        }
        outsideBlockedSlices = slices(parts.outsideBlockedStart)
        outsideBlockedDays = SearchIndexColumn(parts.outsideBlockedDays, headroom: room(parts.outsideBlockedDays.count))
        hostBlockedSlices = slices(parts.hostBlockedStart)
        hostBlockedDays = SearchIndexColumn(parts.hostBlockedDays, headroom: room(parts.hostBlockedDays.count))
        priceSlices = slices(parts.priceStart)
        let priceRoom = room(parts.priceDays.count)
        priceDays = SearchIndexColumn(parts.priceDays, headroom: priceRoom)
        priceDeltas = SearchIndexColumn(parts.priceDeltas, headroom: priceRoom)
        ruleSlices = slices(parts.ruleStart)
        let ruleRoom = room(parts.ruleDays.count)
        ruleDays = SearchIndexColumn(parts.ruleDays, headroom: ruleRoom)
        ruleFlags = SearchIndexColumn(parts.ruleFlags, headroom: ruleRoom)
        ruleMinNights = SearchIndexColumn(parts.ruleMinNights, headroom: ruleRoom)
        ruleMaxNights = SearchIndexColumn(parts.ruleMaxNights, headroom: ruleRoom)
        appliedSequence = parts.sequence
        locationSlots = parts.locationSlots
        locationRanges = parts.locationRanges
        let mappable = parts.latitudes.indices.filter { !parts.latitudes[$0].isNaN && !parts.longitudes[$0].isNaN }
        let strips = parts.latitudes.map { $0.isNaN ? 0 : Self.strip(of: $0) }  // NaN ones are left out
        let byStrip = mappable.sorted {
            strips[$0] != strips[$1] ? strips[$0] < strips[$1] : parts.longitudes[$0] < parts.longitudes[$1]
        }
        var keys: [Int32] = [], starts: [Int] = []
        for (position, slot) in byStrip.enumerated() where keys.last != strips[slot] {
            keys.append(strips[slot])
            starts.append(position)
        }
        starts.append(byStrip.count)
        stripKeys = keys
        stripStarts = starts
        stripSlots = byStrip.map { Int32($0) }
        stripLatitudes = byStrip.map { parts.latitudes[$0] }
        stripLongitudes = byStrip.map { parts.longitudes[$0] }
        calendarRowCount = parts.calendarRowCount
        self.loadDuration = loadDuration
    }

    /// Sets `slot`'s bits in the capacity and room-type rows of `slotBits` to what
    /// `maxGuests` and `roomType` say, clearing the others.
    static func setSlotBits(_ slotBits: SearchIndexColumn<UInt64>, blockCount words: Int, slot: Int,
                            maxGuests: Int32, roomType: UInt8) {
        let bit: UInt64 = 1 << UInt64(slot & 63)
        let capacity = min(max(Int(maxGuests), 0), Self.capacityRows)
        for row in 0..<Self.capacityRows {
            let position = row * words + slot >> 6
            slotBits[position] = row < capacity ? slotBits[position] | bit : slotBits[position] & ~bit
        }
        for type in RoomType.allCases.indices {
            let position = (Self.capacityRows + type) * words + slot >> 6
            slotBits[position] = type == Int(roomType) ? slotBits[position] | bit : slotBits[position] & ~bit
        }
    }

    /// Where day `day` (counted from the window's start) of bitset `kind` starts in
    /// `calendarBits`.
    static func row(kind: Int, day: Int, windowDays: Int, blockCount: Int) -> Int {
        (kind * windowDays + day) * blockCount
    }

    static func blockCount(listingCount: Int) -> Int { (listingCount + 63) >> 6 }
}
