import Domain

/// A `ListingFilter` turned into the plain values the index's scan compares against,
/// including which bits of the calendar window the stay covers (the same for every
/// listing, so worked out once per search).
///
/// `init` returns nil for the filters the index does not answer itself — a stay whose
/// checkin or checkout lies outside the `Int32` day range, or a guest count outside
/// `Int32` — and `IndexedCatalog` then asks SQL. No client request comes near those
/// limits (dates are years 1...9999, guests are capped); this keeps the index exact for
/// odd programmatic input.
struct SearchIndexQuery {
    enum Candidates {
        /// Every slot (everywhere).
        case all
        /// The range of `SearchIndex.locationSlots` for one location.
        case location(Range<Int>)
        /// The range of `SearchIndex.latitudeSlots` between a box's south and north edges,
        /// and the box (its longitudes are still checked per slot).
        case latitudeBand(Range<Int>, Box)
    }

    /// One word of the calendar bitsets and the bits of interest in it: the listing in
    /// slot s has it at `calendarBits[unavailable + s]` (and `rule + s`, `price + s`).
    struct WordMask {
        let unavailable: Int
        let rule: Int
        let price: Int
        let mask: UInt64

        init(word: Int, mask: UInt64, windowWords: Int, listingCount: Int) {
            unavailable = SearchIndex.column(kind: 0, word: word, windowWords: windowWords, listingCount: listingCount)
            rule = SearchIndex.column(kind: 1, word: word, windowWords: windowWords, listingCount: listingCount)
            price = SearchIndex.column(kind: 2, word: word, windowWords: windowWords, listingCount: listingCount)
            self.mask = mask
        }
    }

    /// A stay's numbers, as `ListingSearchSQL.bindFilter` binds them, and where it falls
    /// in the index's day window.
    struct StayTerms {
        let checkin: Int32
        let checkout: Int32
        let nights: Int64
        let weekendNights: Int64
        let weekdayNights: Int64
        /// Some night lies outside the window: consult the sorted slices too.
        let nightsLeaveWindow: Bool
        /// The checkin / checkout day's bit, when inside the window.
        let checkinBit: WordMask?
        let checkoutBit: WordMask?
    }

    /// A bounding box; `acrossAntimeridian` when its west edge is east of its east edge.
    struct Box {
        let south: Double
        let north: Double
        let west: Double
        let east: Double
        let acrossAntimeridian: Bool

        @inline(__always)
        func contains(latitude: Double, longitude: Double) -> Bool {
            // BETWEEN is inclusive; a NaN edge matches nothing (SQLite binds NaN as NULL).
            guard latitude >= south && latitude <= north else { return false }
            return acrossAntimeridian
                ? (longitude >= west || longitude <= east)
                : (longitude >= west && longitude <= east)
        }
    }

    let candidates: Candidates

    /// How many slots the scan visits, for sizing its output.
    func candidateCount(_ listingCount: Int) -> Int {
        switch candidates {
        case .all: return listingCount
        case .location(let range), .latitudeBand(let range, _): return range.count
        }
    }
    let guests: Int64
    /// `guests` as Int32, to compare with the packed `maxGuests`.
    let guests32: Int32
    /// What `SearchIndex.capacityAndRoomType`'s capacity byte must reach: the guests when
    /// 1...255 (where the clamped byte compares exactly), else 0 and only `terms` decides.
    let capacityFloor: Int32
    /// Bit `i` set: room type `RoomType.allCases[i]` matches.
    let roomTypeMask: UInt8
    /// Plain values only, so that the scan copies it for free.
    let stay: StayTerms?
    /// The stay's nights `[checkin, checkout)` inside the window, word by word.
    let nightWords: [WordMask]
    let minPrice: Int64
    let maxPrice: Int64

    init?(filter: ListingFilter, index: SearchIndex) {
        switch filter.area {
        case .everywhere:
            candidates = .all
        case .location(let id):
            candidates = .location(index.locationRanges[id.rawValue] ?? 0..<0)
        case .boundingBox(let area):
            let box = Box(south: area.southWest.latitude, north: area.northEast.latitude,
                          west: area.southWest.longitude, east: area.northEast.longitude,
                          acrossAntimeridian: area.southWest.longitude > area.northEast.longitude)
            candidates = .latitudeBand(index.latitudeBand(area.southWest.latitude...area.northEast.latitude), box)
        }
        // Int32.min is excluded: a clamped maxGuests of Int32.min would compare wrongly.
        guard let guests32 = Int32(exactly: filter.guests.occupying), guests32 > .min else { return nil }
        self.guests32 = guests32
        capacityFloor = (1...255).contains(guests32) ? guests32 : 0
        guests = Int64(guests32)
        var mask: UInt8 = 0
        for (bit, roomType) in RoomType.allCases.enumerated()
        where filter.roomTypes.isEmpty || filter.roomTypes.contains(roomType) {
            mask |= 1 << UInt8(bit)
        }
        roomTypeMask = mask
        if let stay = filter.stay {
            guard let (terms, words) = Self.stayTerms(stay, windowStart: Int(index.windowStart), windowWords: index.windowWords,
                                            listingCount: index.listingCount) else {
                return nil
            }
            self.stay = terms
            nightWords = words
        } else {
            stay = nil
            nightWords = []
        }
        minPrice = filter.minPrice ?? .min
        maxPrice = filter.maxPrice ?? .max
    }

    private static func stayTerms(_ stay: Stay, windowStart: Int, windowWords: Int, listingCount: Int) -> (StayTerms, [WordMask])? {
        let checkin = stay.checkin.daysSinceEpoch
        let checkout = stay.checkout.daysSinceEpoch
        guard let first = Int32(exactly: checkin), let end = Int32(exactly: checkout) else { return nil }
        let nights = checkout - checkin
        // Friday and Saturday nights: two in every full week, then the remainder.
        var weekendNights = nights / 7 * 2
        var day = checkin + nights / 7 * 7
        while day < checkout {
            if SearchIndex.isWeekendNight(day) { weekendNights += 1 }
            day += 1
        }
        let windowEnd = windowStart + 64 * windowWords
        func bit(_ day: Int) -> WordMask? {
            guard day >= windowStart && day < windowEnd else { return nil }
            let offset = day - windowStart
            return WordMask(word: offset >> 6, mask: 1 << UInt64(offset & 63), windowWords: windowWords,
                            listingCount: listingCount)
        }
        // Nights in the window: [low, high) as offsets from the window start.
        var nightWords: [WordMask] = []
        let low = max(checkin, windowStart) - windowStart
        let high = min(checkout, windowEnd) - windowStart
        if low < high {
            for word in (low >> 6)...((high - 1) >> 6) {
                let from = max(low, word << 6) - (word << 6)       // first bit, 0...63
                let to = min(high, (word + 1) << 6) - (word << 6)  // end bit, 1...64
                let upper: UInt64 = to == 64 ? ~0 : (1 << UInt64(to)) - 1
                nightWords.append(WordMask(word: word, mask: upper & ~((1 << UInt64(from)) - 1),
                                           windowWords: windowWords, listingCount: listingCount))
            }
        }
        let terms = StayTerms(checkin: first, checkout: end, nights: Int64(nights), weekendNights: Int64(weekendNights),
                              weekdayNights: Int64(nights - weekendNights),
                              nightsLeaveWindow: checkin < windowStart || checkout > windowEnd,
                              checkinBit: bit(checkin), checkoutBit: bit(checkout))
        return (terms, nightWords)
    }
}
