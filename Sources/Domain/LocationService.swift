import Foundation

/// A location matched by an autocomplete query.
public struct LocationSuggestion: Hashable, Sendable {
    public var location: Location
    public var rank: MatchRank
    /// False when the match needed the query's last syllable to be still composing.
    public var isLiteral: Bool

    public init(location: Location, rank: MatchRank, isLiteral: Bool = true) {
        self.location = location
        self.rank = rank
        self.isLiteral = isLiteral
    }
}

/// A location near a point, with an estimated drive.
public struct NearbyLocation: Hashable, Sendable {
    public var location: Location
    /// Great-circle distance, rounded to 0.1 km.
    public var distanceKm: Double
    /// See `LocationService.driveMinutes(distanceKm:)`.
    public var driveMinutes: Int
}

/// A location with the box to fit the map to.
public struct LocationDetail: Hashable, Sendable {
    public var location: Location
    /// `Location.area` when known; for a landmark, the box around its search circle; else
    /// the box around its listings; nil when none of these.
    public var bounds: BoundingBox?
}

/// Search over cities, districts, neighbourhoods and landmarks.
///
/// The full set of locations is small (hundreds), so it is loaded whole and kept for
/// `cacheLifetime` before being read again. Thread-safe: the cache is guarded by a lock;
/// everything else is immutable.
public final class LocationService: Sendable {
    private let repository: any LocationRepository
    private let cache: Cache

    public init(repository: any LocationRepository, cacheLifetime: Duration = .seconds(5)) {
        self.repository = repository
        self.cache = Cache(lifetime: cacheLifetime)
    }

    /// Locations matching `query`, best first; empty for a blank query or `limit <= 0`.
    ///
    /// A location matches when `HangulSearch` matches the query (spaces and hyphens
    /// ignored) in its Korean or English name; when the query is its full name (`서울특별시`,
    /// `부산광역시 해운대구`: an exact match); when the query less a trailing administrative
    /// suffix, or the start of one, is its name (`서울시`, `제주도`: a prefix match); or, for a
    /// query of several words, when the last word matches its name that way and every other
    /// word is (the start of) the name of one of its ancestors (`서울 강남` finds 강남구 in 서울).
    /// A location's aliases count as its Korean name (`인천공항` finds 인천국제공항).
    /// Order: literal matches before those that need the last syllable to be still composing,
    /// then exact > prefix > contains, then cities, districts and neighbourhoods before
    /// landmarks (a landmark named after its city, `서울역`, never pushes `서울` down), then
    /// most listings, then id. Except that a composing match of a much more popular place
    /// is moved up among the literal ones (`promotionFactor`): while 서울 is typed the
    /// keyboard shows `성`, and 서울 must not vanish behind every place starting with 성.
    public func autocomplete(query: String, limit: Int) throws -> [LocationSuggestion] {
        guard limit > 0 else { return [] }
        let prepared = LocationSearchIndex.Query(query)
        guard !prepared.isEmpty else { return [] }
        let snapshot = try cache.value { try repository.allLocations() }
        // Matched and ordered as plain numbers; only the locations returned are copied (a
        // copy retains each of its strings, which cost more than the matching).
        var hits: [(match: HangulSearch.Match, isLandmark: Bool, listingCount: Int, id: LocationID, index: Int)] = []
        for index in snapshot.all.indices {
            if let match = snapshot.search.match(prepared, at: index) {
                // Field by field: `let location = snapshot.all[index]` copied the location.
                hits.append((match, snapshot.all[index].kind == .landmark, snapshot.all[index].listingCount,
                             snapshot.all[index].id, index))
            }
        }
        hits.sort { a, b in
            if a.match != b.match { return a.match > b.match }
            if a.isLandmark != b.isLandmark { return !a.isLandmark }
            if a.listingCount != b.listingCount { return a.listingCount > b.listingCount }
            return a.id < b.id
        }
        let ordered = Self.promotingPopularComposingMatches(hits.map { ($0.match.isLiteral, $0.listingCount) },
                                                            limit: limit)
        return ordered.map {
            LocationSuggestion(location: snapshot.all[hits[$0].index], rank: hits[$0].match.rank,
                               isLiteral: hits[$0].match.isLiteral)
        }
    }

    /// How many times the listings of a literal match a composing match's place needs to be
    /// moved ahead of it (`promotingPopularComposingMatches`).
    public static let promotionFactor = 10

    /// The first `limit` positions of `hits` (ordered: literal matches first) in the order
    /// autocomplete answers: each composing match moves just before the first literal match,
    /// after the best one, whose place has at most a `promotionFactor`th of its listings (a
    /// place without listings counting as one). The best literal match stays first (it is
    /// what was typed); composing matches keep their order among themselves; those not moved
    /// follow the literal ones, as before.
    static func promotingPopularComposingMatches(_ hits: [(isLiteral: Bool, listingCount: Int)],
                                                 limit: Int = .max) -> [Int] {
        let literalCount = hits.firstIndex { !$0.isLiteral } ?? hits.count
        // A move only pushes entries back, so what lies past `limit` never comes into view:
        // the order is kept `limit` long (a composing match whose literal match fell off it
        // would have moved out of view too, and as one not moved it follows them all).
        var order = Array(0..<min(literalCount, limit))
        var rest: [Int] = []
        for hit in literalCount..<hits.count {
            let listings = hits[hit].listingCount
            let target = order.indices.dropFirst().first { position in
                hits[order[position]].isLiteral
                    && listings >= promotionFactor * max(hits[order[position]].listingCount, 1)
            }
            if let target {
                order.insert(hit, at: target)
                if order.count > limit { order.removeLast() }
            } else if order.count + rest.count < limit {
                rest.append(hit)
            }
        }
        order.append(contentsOf: rest.prefix(limit - order.count))
        return order
    }

    /// Destinations (not landmarks) with listings, most listings first (then by id).
    public func popular(limit: Int) throws -> [Location] {
        guard limit > 0 else { return [] }
        return Array(try locations().filter { $0.kind.isDestination && $0.listingCount > 0 }.sorted { a, b in
            a.listingCount != b.listingCount ? a.listingCount > b.listingCount : a.id < b.id
        }.prefix(limit))
    }

    /// How far a destination may be to count as near (`nearby`): a drive of a couple of
    /// hours at most. A point in Tokyo is near nothing in Korea.
    public static let nearbyMaximumKm = 100.0

    /// Destinations (not landmarks) with listings within `nearbyMaximumKm` of `coordinate`,
    /// nearest first (then by id); empty when none is that near.
    public func nearby(coordinate: Coordinate, limit: Int) throws -> [NearbyLocation] {
        guard limit > 0 else { return [] }
        var ranked: [(location: Location, distance: Double)] = []
        for location in try locations() where location.kind.isDestination && location.listingCount > 0 {
            let distance = GreatCircle.distanceKm(coordinate, location.coordinate)
            if distance <= Self.nearbyMaximumKm { ranked.append((location, distance)) }
        }
        ranked.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.location.id < b.location.id }
        return ranked.prefix(limit).map { entry in
            NearbyLocation(location: entry.location, distanceKm: GreatCircle.displayKm(entry.distance),
                                  driveMinutes: LocationService.driveMinutes(distanceKm: entry.distance))
        }
    }

    /// The locations whose point lies inside `box` (edges included), of `kind` when given:
    /// the places on a map. `.popular`: most listings first; `.distance`: nearest to the
    /// box's centre first; then by id. The box must not cross the antimeridian.
    public func inside(_ box: BoundingBox, kind: LocationKind?, order: LocationOrder, limit: Int) throws -> [Location] {
        guard limit > 0 else { return [] }
        let centre = Coordinate(latitude: (box.southWest.latitude + box.northEast.latitude) / 2,
                                longitude: (box.southWest.longitude + box.northEast.longitude) / 2)
        var found: [(location: Location, distance: Double)] = []
        for location in try locations() where kind.map({ location.kind == $0 }) ?? true {
            let point = location.coordinate
            guard (box.southWest.latitude...box.northEast.latitude).contains(point.latitude),
                  (box.southWest.longitude...box.northEast.longitude).contains(point.longitude) else { continue }
            found.append((location, order == .distance ? GreatCircle.distanceKm(centre, point) : 0))
        }
        found.sort { a, b in
            switch order {
            case .popular where a.location.listingCount != b.location.listingCount:
                return a.location.listingCount > b.location.listingCount
            case .distance where a.distance != b.distance:
                return a.distance < b.distance
            default:
                return a.location.id < b.location.id
            }
        }
        return found.prefix(limit).map(\.location)
    }

    /// Throws `.locationNotFound` when there is no such location. The bounds are the
    /// place's own area when the catalog knows it; for a landmark, the box around the circle
    /// its search covers; else the box around its listings.
    public func location(id: LocationID) throws -> LocationDetail {
        guard let location = try repository.location(id) else { throw StaysError.locationNotFound(id) }
        if let area = location.area { return LocationDetail(location: location, bounds: area) }
        if location.kind == .landmark, case .circle(let circle) = try searchArea(.location(id), radiusKm: nil) {
            return LocationDetail(location: location, bounds: circle.boundingBox)
        }
        return LocationDetail(location: location, bounds: try repository.listingBounds(in: id))
    }

    /// The area a search of `area` covers, with the location checked: a landmark's id
    /// becomes the circle of `radiusKm` (default: its `searchRadiusKm`) around it; any
    /// other area is returned as it is.
    /// Throws `.locationNotFound` for an unknown location id (a client with a stale id gets
    /// 404, not an empty page), and `.invalidParameters` naming `radiusKm` when one is
    /// given for anything but a landmark.
    public func searchArea(_ area: SearchArea, radiusKm: Double?) throws -> SearchArea {
        var landmark: Location?
        if case .location(let id) = area {
            let snapshot = try cache.value { try repository.allLocations() }
            guard let position = snapshot.positions[id] else { throw StaysError.locationNotFound(id) }
            if snapshot.all[position].kind == .landmark { landmark = snapshot.all[position] }
        }
        guard let landmark else {
            if radiusKm != nil { throw StaysError.invalidParameter("radiusKm", "applies only to the locationId of a landmark") }
            return area
        }
        let radius = radiusKm ?? landmark.searchRadiusKm ?? Self.defaultLandmarkRadiusKm
        return .circle(SearchCircle(centre: landmark.coordinate, radiusKm: radius))
    }

    /// The radius around a landmark stored without one.
    public static let defaultLandmarkRadiusKm = 3.0
    /// The radii a client may ask for around a landmark (`radiusKm`), in km.
    public static let landmarkRadiusRange: ClosedRange<Double> = 0.1...50

    /// A rough drive time: roads run ~1.3x the straight line, at 40 km/h on average, plus
    /// 5 minutes to get going and park; rounded to whole minutes.
    public static func driveMinutes(distanceKm: Double) -> Int {
        let minutes: Double = distanceKm * 1.3 / 40 * 60 + 5
        return Int(minutes.rounded())
    }

    /// Whether a location with this id exists (in the cached location list).
    public func contains(_ id: LocationID) throws -> Bool {
        try cache.value { try repository.allLocations() }.positions[id] != nil
    }

    /// Display names of the given locations (localized), from the cached location list, for
    /// labelling search results. Unknown ids are left out.
    public func names(of ids: some Sequence<LocationID>, language: Language) throws -> [LocationID: String] {
        let snapshot = try cache.value { try repository.allLocations() }
        var names: [LocationID: String] = [:]
        for id in ids where names[id] == nil {
            // By position: reading two fields, not copying (and retaining) a whole `Location`.
            guard let position = snapshot.positions[id] else { continue }
            names[id] = language == .en ? snapshot.all[position].nameEnglish : snapshot.all[position].name
        }
        return names
    }

    private func locations() throws -> [Location] {
        try cache.value { try repository.allLocations() }.all
    }

    /// The last loaded locations and when they were loaded.
    private final class Cache: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var loaded: (at: ContinuousClock.Instant, locations: Snapshot)?
        private let lifetime: Duration

        init(lifetime: Duration) { self.lifetime = lifetime }

        struct Snapshot {
            let all: [Location]
            /// Where each id is in `all`.
            let positions: [LocationID: Int]
            /// The search keys of `all`, prepared once per load rather than per keystroke.
            let search: LocationSearchIndex
        }

        func value(load: () throws -> [Location]) throws -> Snapshot {
            let now = ContinuousClock.now
            lock.lock()
            if let loaded, now - loaded.at < lifetime {
                lock.unlock()
                return loaded.locations
            }
            lock.unlock()
            // Load outside the lock: concurrent misses may both load; the last one wins.
            let all = try load()
            let positions = Dictionary(all.indices.map { (all[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            let fresh = Snapshot(all: all, positions: positions, search: LocationSearchIndex(all, positions: positions))
            lock.lock()
            loaded = (now, fresh)
            lock.unlock()
            return fresh
        }
    }
}
