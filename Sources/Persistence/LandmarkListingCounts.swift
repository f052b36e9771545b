import Domain

/// A landmark's `listing_count`: the listings within its search radius, by the Domain rule
/// (`SearchCircle.contains`), which SQL cannot call. Both engines' writers read the same
/// columns with these statements and decode them with these functions; only the UPDATE's
/// placeholders differ.
enum LandmarkListingCounts {
    typealias Landmark = (id: Int64, circle: SearchCircle)

    static let landmarksSQL =
        "SELECT id, latitude, longitude, search_radius_km FROM locations WHERE kind = 'landmark'"
    static let pointsSQL = "SELECT latitude, longitude FROM listings WHERE status = 'published' ORDER BY latitude"

    static func landmark(_ row: some StoreRow) -> Landmark {
        (id: row.int64(0), circle: SearchCircle(centre: Coordinate(latitude: row.double(1), longitude: row.double(2)),
                                                radiusKm: row.optionalDouble(3) ?? LocationService.defaultLandmarkRadiusKm))
    }

    static func point(_ row: some StoreRow) -> Coordinate {
        Coordinate(latitude: row.double(0), longitude: row.double(1))
    }

    /// Each landmark's count among `points`, which must be sorted by latitude (`pointsSQL`):
    /// each landmark tests only the band of its circle's box.
    static func counts(of landmarks: [Landmark], among points: [Coordinate]) -> [(id: Int64, count: Int)] {
        landmarks.map { landmark in
            let box = landmark.circle.boundingBox
            var low = 0, high = points.count
            while low < high {  // the first point at or north of the box's south edge
                let middle = (low + high) / 2
                if points[middle].latitude < box.southWest.latitude { low = middle + 1 } else { high = middle }
            }
            var count = 0
            var position = low
            while position < points.count && points[position].latitude <= box.northEast.latitude {
                if landmark.circle.contains(points[position]) { count += 1 }
                position += 1
            }
            return (landmark.id, count)
        }
    }
}
