import Foundation

/// A location matched by an autocomplete query.
public struct LocationSuggestion: Hashable, Sendable {
    public var location: Location
    public var rank: MatchRank
}

/// A location near a point, with an estimated drive.
public struct NearbyLocation: Hashable, Sendable {
    public var location: Location
    /// Great-circle distance, rounded to 0.1 km.
    public var distanceKm: Double
    /// See `LocationService.driveMinutes(distanceKm:)`.
    public var driveMinutes: Int
}

/// A location with the box around its listings.
public struct LocationDetail: Hashable, Sendable {
    public var location: Location
    /// nil when the location has no listings.
    public var bounds: BoundingBox?
}

/// Search over cities, districts and neighbourhoods.
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

    /// Locations whose Korean or English name matches `query` (see `HangulSearch`), best
    /// rank first, then most listings, then id. Empty for a blank query or `limit <= 0`.
    public func autocomplete(query: String, limit: Int) throws -> [LocationSuggestion] {
        guard limit > 0 else { return [] }
        let needle = HangulSearch.Key(query)
        guard !needle.isEmpty else { return [] }
        let snapshot = try cache.value { try repository.allLocations() }
        // Matched and ordered as plain numbers; only the locations returned are copied (a
        // copy retains each of its strings, which cost more than the matching).
        var hits: [(rank: MatchRank, listingCount: Int, id: LocationID, index: Int)] = []
        for index in snapshot.keys.indices {
            if let rank = HangulSearch.match(query: needle, name: snapshot.keys[index].name,
                                             nameEnglish: snapshot.keys[index].english) {
                let location = snapshot.all[index]
                hits.append((rank, location.listingCount, location.id, index))
            }
        }
        hits.sort { a, b in
            if a.rank != b.rank { return a.rank > b.rank }
            if a.listingCount != b.listingCount { return a.listingCount > b.listingCount }
            return a.id < b.id
        }
        return hits.prefix(limit).map { LocationSuggestion(location: snapshot.all[$0.index], rank: $0.rank) }
    }

    /// Locations with listings, most listings first (then by id).
    public func popular(limit: Int) throws -> [Location] {
        guard limit > 0 else { return [] }
        return Array(try locations().filter { $0.listingCount > 0 }.sorted { a, b in
            a.listingCount != b.listingCount ? a.listingCount > b.listingCount : a.id < b.id
        }.prefix(limit))
    }

    /// Locations with listings, nearest to `coordinate` first (then by id).
    public func nearby(coordinate: Coordinate, limit: Int) throws -> [NearbyLocation] {
        guard limit > 0 else { return [] }
        var ranked: [(location: Location, distance: Double)] = []
        for location in try locations() where location.listingCount > 0 {
            ranked.append((location, LocationService.distanceKm(coordinate, location.coordinate)))
        }
        ranked.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.location.id < b.location.id }
        return ranked.prefix(limit).map { entry in
            let rounded: Double = (entry.distance * 10).rounded() / 10
            return NearbyLocation(location: entry.location, distanceKm: rounded,
                                  driveMinutes: LocationService.driveMinutes(distanceKm: entry.distance))
        }
    }

    /// Throws `.locationNotFound` when there is no such location.
    public func location(id: LocationID) throws -> LocationDetail {
        guard let location = try repository.location(id) else { throw StaysError.locationNotFound(id) }
        return LocationDetail(location: location, bounds: try repository.listingBounds(in: id))
    }

    /// Haversine distance on a sphere of the earth's mean radius (6371.0088 km).
    public static func distanceKm(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians: Double = .pi / 180
        let sinLat: Double = sin((b.latitude - a.latitude) * radians / 2)
        let sinLon: Double = sin((b.longitude - a.longitude) * radians / 2)
        let cosProduct: Double = cos(a.latitude * radians) * cos(b.latitude * radians)
        let h: Double = sinLat * sinLat + cosProduct * sinLon * sinLon
        let root: Double = Swift.min(1, h.squareRoot())
        return 2 * 6371.0088 * asin(root)
    }

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
            /// The search keys of `all`, index for index.
            let keys: [(name: HangulSearch.Key, english: HangulSearch.Key)]
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
            let fresh = Snapshot(all: all, positions: Dictionary(all.indices.map { (all[$0].id, $0) }, uniquingKeysWith: { first, _ in first }),
                                 keys: all.map { (HangulSearch.Key($0.name), HangulSearch.Key($0.nameEnglish)) })
            lock.lock()
            loaded = (now, fresh)
            lock.unlock()
            return fresh
        }
    }
}
