import Domain

/// A `ListingFilter` turned into the plain values the index's scan compares against.
///
/// `init` returns nil for the filters the index does not answer itself — a stay whose
/// checkin or checkout lies outside the `Int32` day range the index stores — and
/// `IndexedCatalog` then asks SQL. Such dates are outside any calendar a client can send
/// (years 1...9999), so this only keeps the index exact for odd programmatic input.
struct SearchIndexQuery {
    enum Candidates {
        /// Every slot (everywhere, or a box checked per slot).
        case all
        /// The range of `SearchIndex.locationSlots` for one location.
        case location(Range<Int>)
    }

    /// A stay's numbers, as `ListingSearchSQL.bindFilter` binds them.
    struct StayTerms {
        let checkin: Int32
        let checkout: Int32
        let nights: Int64
        let weekendNights: Int64
        let weekdayNights: Int64
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
    let box: Box?
    let guests: Int64
    /// Bit `i` set: room type `RoomType.allCases[i]` matches.
    let roomTypeMask: UInt8
    let stay: StayTerms?
    let minPrice: Int64
    let maxPrice: Int64

    init?(filter: ListingFilter, index: SearchIndex) {
        switch filter.area {
        case .everywhere:
            candidates = .all
            box = nil
        case .location(let id):
            candidates = .location(index.locationRanges[id.rawValue] ?? 0..<0)
            box = nil
        case .boundingBox(let area):
            candidates = .all
            box = Box(south: area.southWest.latitude, north: area.northEast.latitude,
                      west: area.southWest.longitude, east: area.northEast.longitude,
                      acrossAntimeridian: area.southWest.longitude > area.northEast.longitude)
        }
        guests = Int64(filter.guests.occupying)
        var mask: UInt8 = 0
        for (bit, roomType) in RoomType.allCases.enumerated()
        where filter.roomTypes.isEmpty || filter.roomTypes.contains(roomType) {
            mask |= 1 << UInt8(bit)
        }
        roomTypeMask = mask
        if let stay = filter.stay {
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
            self.stay = StayTerms(checkin: first, checkout: end, nights: Int64(nights),
                                  weekendNights: Int64(weekendNights), weekdayNights: Int64(nights - weekendNights))
        } else {
            stay = nil
        }
        minPrice = filter.minPrice ?? .min
        maxPrice = filter.maxPrice ?? .max
    }
}
