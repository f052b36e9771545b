import Foundation

/// Distances on the earth: the one definition every search, count and result card uses.
///
/// The haversine formula on a sphere of the earth's mean radius (IUGG, 6371.0088 km); off
/// the ellipsoid by at most about 0.5%, far below what a guest choosing a stay can tell.
/// `ListingSearchSQL.distanceKm` spells the same operations, in the same order, for SQLite
/// (same libm), and `FastPathRuleTests` holds it to this bit for bit.
public enum GreatCircle {
    public static let earthRadiusKm = 6371.0088
    public static let radiansPerDegree = Double.pi / 180

    /// Kilometres along the great circle from `a` to `b`.
    public static func distanceKm(_ a: Coordinate, _ b: Coordinate) -> Double {
        distanceKm(from: a, cosineOfLatitude: cosineOfLatitude(a.latitude), to: b)
    }

    /// `distanceKm(a, b)` with `cos(a.latitude)` worked out once for many `b`.
    @inline(__always)
    public static func distanceKm(from a: Coordinate, cosineOfLatitude cosA: Double, to b: Coordinate) -> Double {
        let sinLatitude: Double = sin((b.latitude - a.latitude) * radiansPerDegree / 2)
        let sinLongitude: Double = sin((b.longitude - a.longitude) * radiansPerDegree / 2)
        let cosProduct: Double = cosA * cos(b.latitude * radiansPerDegree)
        let h: Double = sinLatitude * sinLatitude + cosProduct * sinLongitude * sinLongitude
        let root: Double = Swift.min(1, h.squareRoot())
        return 2 * earthRadiusKm * asin(root)
    }

    public static func cosineOfLatitude(_ latitude: Double) -> Double {
        cos(latitude * radiansPerDegree)
    }

    /// A distance as shown to guests: to 0.1 km, halves away from zero.
    public static func displayKm(_ distance: Double) -> Double {
        (distance * 10).rounded() / 10
    }
}

/// The listings within `radiusKm` of `centre` (inclusive): a landmark's search area.
public struct SearchCircle: Hashable, Sendable {
    public var centre: Coordinate
    public var radiusKm: Double

    public init(centre: Coordinate, radiusKm: Double) {
        self.centre = centre
        self.radiusKm = radiusKm
    }

    /// The rule: `GreatCircle.distanceKm(centre, point) <= radiusKm`.
    public func contains(_ point: Coordinate) -> Bool {
        GreatCircle.distanceKm(centre, point) <= radiusKm
    }

    /// A box holding every point of the circle, with a margin, for the fast paths to narrow
    /// candidates by before testing `contains` (an index on coordinates can serve a box, not a
    /// circle). West is east of east when the box crosses the antimeridian; the whole range of
    /// longitudes when the circle reaches a pole or is wider than the world.
    public var boundingBox: BoundingBox {
        let angle = max(0, radiusKm) / GreatCircle.earthRadiusKm   // radians
        // 0.1% and a hair more than the exact half-widths: rounding can never leave a point
        // of the circle outside.
        let latitudeDelta = angle / GreatCircle.radiansPerDegree * 1.001 + 1e-9
        let south = centre.latitude - latitudeDelta, north = centre.latitude + latitudeDelta
        let everyLongitude = BoundingBox(southWest: Coordinate(latitude: south, longitude: -180),
                                         northEast: Coordinate(latitude: north, longitude: 180))
        guard south > -90, north < 90, angle < .pi / 2 else { return everyLongitude }
        let ratio = sin(angle) / cos(centre.latitude * GreatCircle.radiansPerDegree)
        guard ratio < 1 else { return everyLongitude }
        let longitudeDelta = asin(ratio) / GreatCircle.radiansPerDegree * 1.001 + 1e-9
        guard longitudeDelta < 180 else { return everyLongitude }
        var west = centre.longitude - longitudeDelta, east = centre.longitude + longitudeDelta
        if west < -180 { west += 360 }
        if east > 180 { east -= 360 }
        return BoundingBox(southWest: Coordinate(latitude: south, longitude: west),
                           northEast: Coordinate(latitude: north, longitude: east))
    }
}
