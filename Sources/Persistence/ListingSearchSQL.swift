import Domain

/// The SQL of listing searches, built from a small fixed set of variants (area kind x stay
/// or not x what is asked) so the per-connection statement cache hits; everything else
/// is a bound parameter.
///
/// Every variant starts from the same common table expression `p(id, latitude, longitude,
/// recommendation_score, rating, total, nightly, distance)`: one row per listing matching the
/// filter except its price bounds, with the stay's accommodation total (NULL without a stay),
/// the nightly price, and the distance from a circle's centre (NULL for other areas).
///
/// A circle (`SearchCircle`) is its bounding box, which the coordinate index serves, then
/// `distanceKm(...) <= :radius`: the Domain rule `GreatCircle.distanceKm`, spelled in SQL.
///
/// Price of a stay, per listing (see docs/storage.md): the nights without a price override
/// cost `base * weekdayNights + COALESCE(weekend, base) * weekendNights`, both counts
/// computed here in Swift (`CalendarDate.weekendNightCount`); each override row in the stay
/// then adds `price - default of that day` (`defaultPrice(day:)`); the extra-guest fee adds
/// `fee * max(0, guests - included) * nights`. The rules are Domain's (`NightlyPricer`,
/// `CalendarDate.isWeekendNight(epochDay:)`, `StayValidator`); the SQL spells them because
/// it cannot call Swift, and `FastPathRuleTests` holds this SQL to them.
struct ListingSearchSQL {
    /// The engine the text is written for. The statements are the same; PostgreSQL's
    /// spelling differs only where the dialects do: scalar `GREATEST`/`LEAST` for SQLite's
    /// two-argument `max`/`min`, money computed in NUMERIC where SQLite turns to REAL on
    /// overflow (`money(_:)`), typed `NULL`s, NULLs sorted as SQLite sorts them, and `$n`
    /// placeholders (`PostgresPlaceholders`).
    typealias Dialect = SQLDialect

    /// A bound value, for either engine.
    typealias Parameter = StoreValue

    enum Area: Hashable {
        case everywhere, location, boundingBox, boundingBoxAcrossAntimeridian, circle, circleAcrossAntimeridian
    }

    let filter: ListingFilter
    let area: Area
    let dialect: Dialect

    init(filter: ListingFilter, dialect: Dialect = .sqlite) {
        self.filter = filter
        self.dialect = dialect
        switch filter.area {
        case .everywhere: area = .everywhere
        case .location: area = .location
        case .boundingBox(let box):
            area = box.southWest.longitude > box.northEast.longitude ? .boundingBoxAcrossAntimeridian : .boundingBox
        case .circle(let circle):
            let box = circle.boundingBox
            area = box.southWest.longitude > box.northEast.longitude ? .circleAcrossAntimeridian : .circle
        }
    }

    /// `GreatCircle.distanceKm(centre, listing)` in SQL, operation for operation (SQLite's
    /// math functions call the same libm as Swift), for listing `l` and the bound centre
    /// `:centre_lat`, `:centre_lng`, `:centre_cos` (its `GreatCircle.cosineOfLatitude`) and
    /// `:rad` (`GreatCircle.radiansPerDegree`). `FastPathRuleTests` compares it with the Swift
    /// rule bit for bit.
    /// PostgreSQL's spelling is the same operations (`LEAST` for `min`, the radius as a
    /// double rather than a NUMERIC literal).
    static func distanceKm(latitude: String, longitude: String, dialect: Dialect = .sqlite) -> String {
        let sinLatitude = "sin((\(latitude) - :centre_lat) * :rad / 2)"
        let sinLongitude = "sin((\(longitude) - :centre_lng) * :rad / 2)"
        let radius = dialect == .sqlite ? "\(GreatCircle.earthRadiusKm)" : "\(GreatCircle.earthRadiusKm)::float8"
        let smaller = dialect == .sqlite ? "min" : "LEAST"
        return "(2 * \(radius) * asin(\(smaller)(1.0, sqrt(\(sinLatitude) * \(sinLatitude) "
            + "+ :centre_cos * cos(\(latitude) * :rad) * \(sinLongitude) * \(sinLongitude)))))"
    }

    /// The distance column of `p`.
    private var distanceColumn: String {
        switch area {
        case .circle, .circleAcrossAntimeridian:
            return Self.distanceKm(latitude: "l.latitude", longitude: "l.longitude", dialect: dialect)
        default: return dialect == .sqlite ? "NULL" : "NULL::float8"
        }
    }

    // MARK: texts

    private var areaCondition: String {
        switch area {
        case .everywhere: return ""
        case .location:
            return " AND l.location_id IN (SELECT location_id FROM location_ancestors WHERE ancestor_id = :location)"
        case .boundingBox:
            return " AND l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east"
        case .boundingBoxAcrossAntimeridian:
            return " AND l.latitude BETWEEN :south AND :north AND (l.longitude >= :west OR l.longitude <= :east)"
        case .circle:
            return " AND l.latitude BETWEEN :south AND :north AND l.longitude BETWEEN :west AND :east"
                + " AND \(distanceColumn) <= :radius"
        case .circleAcrossAntimeridian:
            return " AND l.latitude BETWEEN :south AND :north AND (l.longitude >= :west OR l.longitude <= :east)"
                + " AND \(distanceColumn) <= :radius"
        }
    }

    private var commonFilter: String {
        "l.status = 'published' AND l.max_guests >= :guests AND l.room_type IN (:rt1, :rt2, :rt3, :rt4) "
            + "AND COALESCE(l.rating, -1) >= :min_rating" + areaCondition + attributeCondition
    }

    /// `ListingAttributeFilter.admits` in SQL: each amenity code as an `EXISTS` over the
    /// stored JSON array, true when an element matches one of the code's patterns
    /// (`AmenityCode.recognises`: `=` for exact ones, `substr` for prefixes; both compare by
    /// code points, as the Swift rule does); the policies that still refund in full as an
    /// `IN` list worked out in Swift (`freeCancellationPolicies`), so the date rule is
    /// Domain's own. Empty for a filter without attributes: the usual statements.
    private var attributeCondition: String {
        let wanted = filter.attributes
        guard !wanted.isEmpty else { return "" }
        var text = ""
        let elements = dialect == .sqlite ? "json_each(l.amenities) a" : "json_array_elements_text(l.amenities::json) AS a(value)"
        for code in wanted.amenities.sorted(by: { $0.rawValue < $1.rawValue }) {
            let tests = code.allPatterns.map { pattern in
                switch pattern {
                case .exact(let string): "a.value = \(Self.literal(string))"
                case .prefix(let string): "substr(a.value, 1, \(string.unicodeScalars.count)) = \(Self.literal(string))"
                }
            }
            text += " AND EXISTS (SELECT 1 FROM \(elements) WHERE \(tests.joined(separator: " OR ")))"
        }
        if wanted.instantBookOnly { text += " AND l.instant_book <> 0" }
        if wanted.superhostOnly { text += " AND l.host_is_superhost <> 0" }
        if wanted.minBedrooms != nil { text += " AND l.bedrooms >= :min_bedrooms" }
        if wanted.minBeds != nil { text += " AND l.beds >= :min_beds" }
        if wanted.minBathrooms != nil { text += " AND l.bathrooms >= :min_bathrooms" }
        if let policies = wanted.freeCancellationPolicies(stay: filter.stay) {
            let names = CancellationPolicy.allCases.filter(policies.contains).map { Self.literal($0.rawValue) }
            text += names.isEmpty ? " AND 1 = 0" : " AND l.cancellation_policy IN (\(names.joined(separator: ", ")))"
        }
        return text
    }

    /// A string constant as an SQL literal (both engines: quotes doubled, nothing else
    /// special with PostgreSQL's standard-conforming strings).
    private static func literal(_ string: String) -> String {
        "'" + String(string.flatMap { $0 == "'" ? ["'", "'"] : [$0] }) + "'"
    }

    /// `WITH ... p AS (...)`.
    private var matches: String {
        guard filter.stay != nil else {
            // Left for SQLite to flatten into the outer query, so the recommended order can
            // walk its index.
            return """
                WITH p AS (SELECT l.id, l.latitude, l.longitude, l.recommendation_score, l.rating, \
                \(dialect == .sqlite ? "NULL" : "NULL::bigint") AS total, \
                \(integer("\(money("l.base_price")) + \(Self.extraGuestFeePerNight(dialect))")) AS nightly, \
                \(distanceColumn) AS distance \
                FROM listings l WHERE \(commonFilter))
                """
        }
        // MATERIALIZED: the outer query uses `nightly` in WHERE, ORDER BY and the result;
        // flattened, the correlated price subquery would run once for each use.
        return """
            WITH m AS MATERIALIZED (SELECT l.id, l.latitude, l.longitude, l.recommendation_score, l.rating, \
            \(distanceColumn) AS distance, \
            \(money("l.base_price")) * :weekday_nights + \(money("COALESCE(l.weekend_price, l.base_price)")) * :weekend_nights \
            + \(Self.extraGuestFeePerNight(dialect)) * :nights \
            + (SELECT COALESCE(SUM(c.price - \(Self.defaultPrice(day: "c.day"))), 0) \
            FROM calendar_days c WHERE c.listing_id = l.id AND c.day >= :checkin AND c.day < :checkout \
            AND c.price IS NOT NULL) AS total \
            FROM listings l \
            LEFT JOIN calendar_days ci ON ci.listing_id = l.id AND ci.day = :checkin \
            LEFT JOIN calendar_days co ON co.listing_id = l.id AND co.day = :checkout \
            WHERE \(commonFilter) \
            AND NOT EXISTS (SELECT 1 FROM calendar_days b WHERE b.listing_id = l.id AND b.day >= :checkin \
            AND b.day < :checkout AND b.status <> 'available') \
            AND COALESCE(ci.closed_to_arrival, 0) = 0 \
            AND COALESCE(co.closed_to_departure, 0) = 0 \
            AND :nights BETWEEN COALESCE(ci.min_nights, l.min_nights) AND COALESCE(ci.max_nights, l.max_nights) \
            AND (l.available_until IS NULL OR l.available_until >= :checkout)), \
            p AS (SELECT id, latitude, longitude, recommendation_score, rating, \(integer("total")) AS total, \
            \(integer(dialect == .sqlite ? "(2 * total + :nights) / (2 * :nights)" : "div(2 * total + :nights, 2 * :nights)")) \
            AS nightly, distance FROM m)
            """
    }

    /// A money column as the dialect computes with it. SQLite: the integer, which turns REAL
    /// when a product or sum leaves 64 bits (the case the index leaves to SQL). PostgreSQL
    /// would fail there (`bigint out of range`), so it computes in exact NUMERIC instead and
    /// `integer(_:)` brings the results back: the same answers whenever they fit 64 bits,
    /// and the exact ones (clamped to 64 bits, as SQLite reads a REAL as an integer) where
    /// SQLite's REAL rounds.
    private func money(_ column: String) -> String {
        dialect == .sqlite ? column : "\(column)::numeric"
    }

    /// A NUMERIC money expression back to BIGINT on PostgreSQL, clamped to its range
    /// (`money(_:)`); SQLite's expression as it is.
    private func integer(_ expression: String) -> String {
        dialect == .sqlite ? expression
            : "LEAST(GREATEST(\(expression), \(Int64.min)), \(Int64.max))::bigint"
    }

    /// The weekend rule as an SQL expression over the epoch-day expression `day`: true for
    /// Friday and Saturday nights. SQL cannot call `CalendarDate.isWeekendNight(epochDay:)`,
    /// the rule's one definition, so this is its only SQL spelling, and `FastPathRuleTests`
    /// runs it through SQLite against the Swift function for every day of years 1...9999.
    /// (`%` truncates in SQLite as in Swift: `day % 7` is -6...6, so `+ 11` keeps it positive;
    /// 0 is a Sunday night, 5 Friday, 6 Saturday.)
    static func isWeekendNight(day: String) -> String {
        "((\(day) % 7) + 11) % 7 >= 5"
    }

    /// `NightlyPricer.extraGuestFeePerNight(rules:guests:)` in SQL, for listing `l` and the
    /// bound `:guests` (occupying).
    static func extraGuestFeePerNight(_ dialect: Dialect) -> String {
        dialect == .sqlite ? "l.extra_guest_fee * MAX(0, :guests - l.guests_included)"
            : "l.extra_guest_fee::numeric * GREATEST(0, :guests - l.guests_included)"
    }

    /// `NightlyPricer.basePrice(override: nil, ...)` in SQL: the price of listing `l` on the
    /// night of epoch day `day` before any override. A stay's nights without an override are
    /// summed from the bound weekday/weekend counts instead; each override adds its
    /// difference from this. `FastPathRuleTests` compares the resulting totals with `Quote`'s.
    static func defaultPrice(day: String) -> String {
        "CASE WHEN \(isWeekendNight(day: day)) THEN COALESCE(l.weekend_price, l.base_price) ELSE l.base_price END"
    }

    static func sortKey(_ sort: ListingSort) -> String {
        switch sort {
        case .recommended: return "p.recommendation_score"
        case .priceAscending, .priceDescending: return "p.nightly"
        case .ratingDescending: return "COALESCE(p.rating, -1)"
        case .distance: return "p.distance"
        }
    }

    /// Columns: id, total, nightly, sort key. `:limit` rows at most.
    func pageSQL(sort: ListingSort, hasCursor: Bool) -> String {
        let key = Self.sortKey(sort)
        let ascending = sort == .priceAscending || sort == .distance
        var text = matches + " SELECT p.id, p.total, p.nightly, \(key) FROM p WHERE p.nightly BETWEEN :min_price AND :max_price"
        if hasCursor {
            text += " AND (\(key) \(ascending ? ">" : "<") :after_key OR (\(key) = :after_key AND p.id > :after_id))"
        }
        // SQLite sorts NULL (the distance outside a circle) first; PostgreSQL by default last.
        let nulls = dialect == .sqlite ? "" : (ascending ? " NULLS FIRST" : " NULLS LAST")
        text += " ORDER BY \(key) \(ascending ? "ASC" : "DESC")\(nulls), p.id ASC LIMIT :limit"
        return text
    }

    /// Columns: count, min latitude, max latitude, min longitude, max longitude.
    var summarySQL: String {
        matches + " SELECT count(*), min(p.latitude), max(p.latitude), min(p.longitude), max(p.longitude) "
            + "FROM p WHERE p.nightly BETWEEN :min_price AND :max_price"
    }

    /// Columns: id, latitude, longitude, nightly, total; price bounds applied.
    var mapPointsSQL: String {
        matches + " SELECT p.id, p.latitude, p.longitude, p.nightly, p.total FROM p "
            + "WHERE p.nightly BETWEEN :min_price AND :max_price"
    }

    /// Column: nightly; price bounds ignored.
    var nightlyPricesSQL: String {
        matches + " SELECT p.nightly FROM p"
    }

    // MARK: binding

    /// The parameters of `distanceKm(latitude:longitude:)`.
    static func centreParameters(_ centre: Coordinate) -> [String: Parameter] {
        [":centre_lat": .real(centre.latitude), ":centre_lng": .real(centre.longitude),
         ":centre_cos": .real(GreatCircle.cosineOfLatitude(centre.latitude)), ":rad": .real(GreatCircle.radiansPerDegree)]
    }

    /// The filter's parameters; `withPriceBounds` for the statements that have them.
    func parameters(withPriceBounds: Bool) -> [String: Parameter] {
        var values: [String: Parameter] = [":guests": .integer(Int64(filter.guests.occupying)),
                                           ":min_rating": .real(filter.minRating ?? -1)]
        let roomTypes = filter.roomTypes.isEmpty
            ? RoomType.allCases.map(\.rawValue)
            : filter.roomTypes.map(\.rawValue).sorted()
        for slot in 0..<4 {
            values[":rt\(slot + 1)"] = slot < roomTypes.count ? .text(roomTypes[slot]) : .null
        }
        func box(_ box: BoundingBox) {
            values[":south"] = .real(box.southWest.latitude)
            values[":north"] = .real(box.northEast.latitude)
            values[":west"] = .real(box.southWest.longitude)
            values[":east"] = .real(box.northEast.longitude)
        }
        switch filter.area {
        case .everywhere:
            break
        case .location(let id):
            values[":location"] = .integer(id.rawValue)
        case .boundingBox(let area):
            box(area)
        case .circle(let circle):
            box(circle.boundingBox)
            values.merge(Self.centreParameters(circle.centre)) { $1 }
            values[":radius"] = .real(circle.radiusKm)
        }
        if let stay = filter.stay {
            let weekendNights = CalendarDate.weekendNightCount(
                epochDays: stay.checkin.daysSinceEpoch..<stay.checkout.daysSinceEpoch)
            values[":checkin"] = .integer(Int64(stay.checkin.daysSinceEpoch))
            values[":checkout"] = .integer(Int64(stay.checkout.daysSinceEpoch))
            values[":nights"] = .integer(Int64(stay.nights))
            values[":weekend_nights"] = .integer(Int64(weekendNights))
            values[":weekday_nights"] = .integer(Int64(stay.nights - weekendNights))
        }
        if let minBedrooms = filter.attributes.minBedrooms { values[":min_bedrooms"] = .integer(Int64(minBedrooms)) }
        if let minBeds = filter.attributes.minBeds { values[":min_beds"] = .integer(Int64(minBeds)) }
        if let minBathrooms = filter.attributes.minBathrooms { values[":min_bathrooms"] = .real(minBathrooms) }
        if withPriceBounds {
            values[":min_price"] = .integer(filter.minPrice ?? Int64.min)
            values[":max_price"] = .integer(filter.maxPrice ?? Int64.max)
        }
        return values
    }

    /// A row of `summarySQL`, either engine's: the match count and the box around the
    /// matches (nil when there are none).
    static func summary(_ row: some StoreRow) -> (total: Int, bounds: BoundingBox?) {
        let count = row.int(0)
        guard count > 0 else { return (0, nil) }
        return (count, BoundingBox(southWest: Coordinate(latitude: row.double(1), longitude: row.double(3)),
                                   northEast: Coordinate(latitude: row.double(2), longitude: row.double(4))))
    }
}
