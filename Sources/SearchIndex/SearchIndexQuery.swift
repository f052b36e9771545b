import Domain

/// A `ListingFilter` turned into the plain values the index's scan compares against,
/// including which rows of the calendar bitsets the stay covers (the same for every
/// listing, so worked out once per search).
///
/// `init` returns nil for the filters the index does not answer itself — a stay whose
/// checkin or checkout lies outside the `Int32` day range, or a guest count outside
/// `Int32` — and `IndexedCatalog` then asks SQL. No client request comes near those
/// limits (dates are years 1...9999, guests are capped); this keeps the index exact for
/// odd programmatic input.
struct SearchIndexQuery {
    enum Candidates {
        /// A run of consecutive slots: every slot (everywhere), or a location whose
        /// listings are one run (as the builder lays them out).
        case slots(Range<Int>)
        /// Any set of slots: a box's or a circle's listings, or a location's that are not
        /// one run.
        case members([Int32])
    }

    /// A circle's centre, for the distance order (`SearchIndexOrders.Distance`).
    struct Centre {
        let coordinate: Coordinate
        /// `GreatCircle.cosineOfLatitude` of it, worked out once per search.
        let cosineOfLatitude: Double
    }

    /// A stay's numbers, as `ListingSearchSQL.parameters` binds them, and where it falls
    /// in the index's day window.
    struct StayTerms {
        let checkin: Int32
        let checkout: Int32
        let nights: Int64
        let weekendNights: Int64
        let weekdayNights: Int64
        /// Some night lies outside the window: consult the sorted slices too.
        let nightsLeaveWindow: Bool
        /// The checkin / checkout day's row of the rule bitset, when inside the window.
        let checkinRuleRow: Int?
        let checkoutRuleRow: Int?
        /// 2 × nights: the average nightly price is `(2 × total + nights) / (2 × nights)`.
        let averageDivisor: Divisor
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

    /// A `var` so that tests can take the general path (`.members`) for any location.
    var candidates: Candidates

    /// How many slots the scan visits, for sizing its output.
    var candidateCount: Int {
        switch candidates {
        case .slots(let range): return range.count
        case .members(let slots): return slots.count
        }
    }
    let guests: Int64
    /// `guests` as Int32, to compare with the packed `maxGuests`.
    let guests32: Int32
    /// The row of `SearchIndex.slotBits` of the listings with room for the guests, or for
    /// as many as its rows go up to (a superset: `evaluate` compares exactly); nil when
    /// there are no guests to make room for and only the exact comparison decides.
    let capacityRow: Int?
    /// The rows of `SearchIndex.slotBits` of the room types that match.
    let roomTypeRows: [Int]
    /// Plain values only, so that the scan copies it for free.
    let stay: StayTerms?
    /// The rows of the unavailable and price bitsets for the stay's nights inside the
    /// window, in night order.
    let unavailableRows: [Int]
    let priceRows: [Int]
    let minPrice: Int64
    let maxPrice: Int64
    /// `COALESCE(rating, -1) >= minRating`; nil without a bound, so the scan does not read
    /// the ratings column for a search that asks nothing of it.
    let minRating: Double?
    /// Set for a circle.
    let centre: Centre?
    /// Nil when the filter asks nothing of amenities, rooms, instant booking, the host or
    /// cancellation (the scan then never reads `SearchIndex.attributes`).
    let attributes: SearchIndexAttributeQuery?

    init?(filter: ListingFilter, index: SearchIndex) {
        // Int32.min is excluded: a clamped maxGuests of Int32.min would compare wrongly.
        guard let guests32 = Int32(exactly: filter.guests.occupying), guests32 > .min else { return nil }
        if filter.attributes.isEmpty {
            attributes = nil
        } else {
            guard let attributes = SearchIndexAttributeQuery(filter.attributes, stay: filter.stay) else { return nil }
            self.attributes = attributes
        }
        switch filter.area {
        case .everywhere:
            candidates = .slots(0..<index.listingCount)
        case .location(let id):
            let range = index.locationRanges[id.rawValue] ?? 0..<0
            if let first = range.first, let last = range.last,
               Int(index.locationSlots[last]) - Int(index.locationSlots[first]) == range.count - 1 {
                // Ascending and as many slots as the span: one run.
                candidates = .slots(Int(index.locationSlots[first])..<Int(index.locationSlots[last]) + 1)
            } else {
                candidates = .members(Array(index.locationSlots[range]))
            }
        case .boundingBox(let area):
            let box = Box(south: area.southWest.latitude, north: area.northEast.latitude,
                          west: area.southWest.longitude, east: area.northEast.longitude,
                          acrossAntimeridian: area.southWest.longitude > area.northEast.longitude)
            var inside: [Int32] = []
            index.forEachSlot(in: box) { inside.append($0) }
            candidates = .members(inside)
        case .circle(let circle):
            // The circle's box, as the SQL narrows by, then the Domain rule itself.
            let area = circle.boundingBox
            let box = Box(south: area.southWest.latitude, north: area.northEast.latitude,
                          west: area.southWest.longitude, east: area.northEast.longitude,
                          acrossAntimeridian: area.southWest.longitude > area.northEast.longitude)
            var inside: [Int32] = []
            index.forEachSlot(in: box) { slot in
                let point = Coordinate(latitude: index.latitudes[Int(slot)], longitude: index.longitudes[Int(slot)])
                if circle.contains(point) { inside.append(slot) }
            }
            candidates = .members(inside)
        }
        if case .circle(let circle) = filter.area {
            centre = Centre(coordinate: circle.centre, cosineOfLatitude: GreatCircle.cosineOfLatitude(circle.centre.latitude))
        } else {
            centre = nil
        }
        self.guests32 = guests32
        guests = Int64(guests32)
        capacityRow = guests32 >= 1 ? (min(Int(guests32), SearchIndex.capacityRows) - 1) * index.blockCount : nil
        roomTypeRows = RoomType.allCases.indices.compactMap { type in
            filter.roomTypes.isEmpty || filter.roomTypes.contains(RoomType.allCases[type])
                ? (SearchIndex.capacityRows + type) * index.blockCount : nil
        }
        if let stay = filter.stay {
            guard let checkin = Int32(exactly: stay.checkin.daysSinceEpoch),
                  let checkout = Int32(exactly: stay.checkout.daysSinceEpoch) else { return nil }
            let nights = Int(checkout) - Int(checkin)
            let weekendNights = CalendarDate.weekendNightCount(epochDays: Int(checkin)..<Int(checkout))
            let windowStart = Int(index.windowStart), windowEnd = windowStart + index.windowDays
            func row(_ kind: Int, _ day: Int) -> Int {
                SearchIndex.row(kind: kind, day: day - windowStart, windowDays: index.windowDays, blockCount: index.blockCount)
            }
            func ruleRow(_ day: Int) -> Int? { day >= windowStart && day < windowEnd ? row(1, day) : nil }
            let first = max(Int(checkin), windowStart), end = min(Int(checkout), windowEnd)
            let inWindow = first < end ? first..<end : first..<first
            unavailableRows = inWindow.map { row(0, $0) }
            priceRows = inWindow.map { row(2, $0) }
            self.stay = StayTerms(checkin: checkin, checkout: checkout, nights: Int64(nights),
                                  weekendNights: Int64(weekendNights), weekdayNights: Int64(nights - weekendNights),
                                  nightsLeaveWindow: Int(checkin) < windowStart || Int(checkout) > windowEnd,
                                  checkinRuleRow: ruleRow(Int(checkin)), checkoutRuleRow: ruleRow(Int(checkout)),
                                  averageDivisor: Divisor(2 * Int64(nights)))
        } else {
            stay = nil
            unavailableRows = []
            priceRows = []
        }
        minPrice = filter.minPrice ?? .min
        maxPrice = filter.maxPrice ?? .max
        minRating = filter.minRating
    }
}
