import Domain

/// One of the search orders, as the index's scan needs it: the sort key of a slot, how two
/// keys compare, and how a key compares with a cursor's `Double` key. Ties are broken by
/// id ascending by the caller. Mirrors `ListingSearchSQL.sortKey`.
protocol SearchIndexOrder {
    associatedtype Key: Equatable
    static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Key
    /// True when `a` sorts strictly before `b`.
    static func precedes(_ a: Key, _ b: Key) -> Bool
    /// Negative when `key` sorts before the cursor's key, zero when equal, positive after.
    /// Compares exactly as SQLite compares an INTEGER with a REAL (not via rounding to Double).
    static func position(of key: Key, relativeTo cursorKey: Double) -> Int
    /// The key as the SQL's `row.double(3)` reads it, for the next cursor.
    static func cursorKey(_ key: Key) -> Double
}

enum SearchIndexOrders {
    /// recommended: `recommendation_score DESC`.
    enum Recommended: SearchIndexOrder {
        @inline(__always) static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Int64 { index.scores[slot] }
        @inline(__always) static func precedes(_ a: Int64, _ b: Int64) -> Bool { a > b }
        static func position(of key: Int64, relativeTo cursorKey: Double) -> Int { -compare(key, cursorKey) }
        static func cursorKey(_ key: Int64) -> Double { Double(key) }
    }

    /// price_asc: `nightly ASC`.
    enum PriceAscending: SearchIndexOrder {
        @inline(__always) static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Int64 { nightly }
        @inline(__always) static func precedes(_ a: Int64, _ b: Int64) -> Bool { a < b }
        static func position(of key: Int64, relativeTo cursorKey: Double) -> Int { compare(key, cursorKey) }
        static func cursorKey(_ key: Int64) -> Double { Double(key) }
    }

    /// price_desc: `nightly DESC`.
    enum PriceDescending: SearchIndexOrder {
        @inline(__always) static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Int64 { nightly }
        @inline(__always) static func precedes(_ a: Int64, _ b: Int64) -> Bool { a > b }
        static func position(of key: Int64, relativeTo cursorKey: Double) -> Int { -compare(key, cursorKey) }
        static func cursorKey(_ key: Int64) -> Double { Double(key) }
    }

    /// rating_desc: `COALESCE(rating, -1) DESC`.
    enum RatingDescending: SearchIndexOrder {
        @inline(__always) static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Double { index.ratings[slot] }
        @inline(__always) static func precedes(_ a: Double, _ b: Double) -> Bool { a > b }
        static func position(of key: Double, relativeTo cursorKey: Double) -> Int {
            key > cursorKey ? -1 : (key < cursorKey ? 1 : 0)
        }
        static func cursorKey(_ key: Double) -> Double { key }
    }

    /// distance: `p.distance ASC`, the Domain's `GreatCircle.distanceKm` from the circle's
    /// centre. Only for a circle's search: without a centre `SearchIndex.search` leaves the
    /// sort to SQL (and `ListingService` refuses it before it gets that far).
    enum Distance: SearchIndexOrder {
        @inline(__always) static func key(_ index: SearchIndex, _ query: SearchIndexQuery, slot: Int, nightly: Int64) -> Double {
            guard let centre = query.centre else { return .nan }
            return GreatCircle.distanceKm(from: centre.coordinate, cosineOfLatitude: centre.cosineOfLatitude,
                                          to: Coordinate(latitude: index.latitudes[slot], longitude: index.longitudes[slot]))
        }
        @inline(__always) static func precedes(_ a: Double, _ b: Double) -> Bool { a < b }
        static func position(of key: Double, relativeTo cursorKey: Double) -> Int {
            key < cursorKey ? -1 : (key > cursorKey ? 1 : 0)
        }
        static func cursorKey(_ key: Double) -> Double { key }
    }

    /// Exact numeric comparison of an integer with a (non-NaN) double: -1, 0 or 1.
    static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real >= 9_223_372_036_854_775_808.0 { return -1 }   // 2^63
        if real < -9_223_372_036_854_775_808.0 { return 1 }    // below -2^63
        let whole = real.rounded(.towardZero)
        let wholeInteger = Int64(whole)  // exact: |whole| < 2^63, or -2^63
        if integer != wholeInteger { return integer < wholeInteger ? -1 : 1 }
        if real > whole { return -1 }
        if real < whole { return 1 }
        return 0
    }
}
