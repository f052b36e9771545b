import Domain
import Foundation
import JSON

/// The areas of Inside Airbnb's `neighbourhoods.geojson`: for each neighbourhood, the box
/// around its polygon or multipolygon, read with the strict `JSONParser`.
///
/// The file is a GeoJSON FeatureCollection (RFC 7946) whose features have the properties
/// `neighbourhood` and `neighbourhood_group` (empty or null when the city has no groups) and
/// a `Polygon` or `MultiPolygon` geometry of `[longitude, latitude]` positions. A feature
/// without a name, or with a null geometry, is skipped; anything else that is not of that
/// shape stops the import (`ImportError.notGeoJSON`), before anything is written. The boxes
/// are plain min/max boxes: Inside Airbnb's cities do not cross the antimeridian.
struct NeighbourhoodShapes {
    /// Where a neighbourhood is: the box around every position of its geometry, and that
    /// box's centre (the point the app puts the neighbourhood's pin on).
    struct Shape: Equatable {
        let box: BoundingBox
        var centre: Coordinate {
            Coordinate(latitude: (box.southWest.latitude + box.northEast.latitude) / 2,
                       longitude: (box.southWest.longitude + box.northEast.longitude) / 2)
        }
    }

    /// By neighbourhood name; a name given by several features gets the box around all of them.
    let shapes: [String: Shape]

    /// A neighbourhood file of a big city is a few MB, with rings of thousands of positions.
    static let limits = JSONLimits(maxDepth: 16, maxStringBytes: 1 << 20, maxMembers: 1_024, maxElements: 4_000_000)

    init(path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportError.notGeoJSON(path: path, reason: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(bytes: [UInt8](data), path: path)
    }

    init(bytes: [UInt8], path: String) throws {
        func fail(_ reason: String) -> ImportError { ImportError.notGeoJSON(path: path, reason: reason) }
        let root: JSONValue
        do {
            root = try JSONParser(limits: Self.limits).parse(bytes)
        } catch {
            throw fail("not JSON: \(error)")
        }
        guard case .object(let collection) = root, collection["type"] == .string("FeatureCollection"),
              case .array(let features)? = collection["features"] else {
            throw fail("not a GeoJSON FeatureCollection")
        }
        var boxes: [String: (south: Double, west: Double, north: Double, east: Double)] = [:]
        for (index, feature) in features.enumerated() {
            guard case .object(let object) = feature else { throw fail("feature \(index) is not an object") }
            guard case .object(let properties)? = object["properties"],
                  case .string(let rawName)? = properties["neighbourhood"] else { continue }
            let name = rawName.trimmingSpaces
            guard !name.isEmpty else { continue }
            guard let geometry = object["geometry"], geometry != .null else { continue }
            var positions: [Coordinate] = []
            do {
                try Self.positions(of: geometry, into: &positions)
            } catch let reason as ShapeError {
                throw fail("feature \(index) (\(name)): \(reason.text)")
            }
            guard !positions.isEmpty else { continue }
            var box = boxes[name] ?? (.infinity, .infinity, -.infinity, -.infinity)
            for position in positions {
                box.south = min(box.south, position.latitude)
                box.north = max(box.north, position.latitude)
                box.west = min(box.west, position.longitude)
                box.east = max(box.east, position.longitude)
            }
            boxes[name] = box
        }
        shapes = boxes.mapValues {
            Shape(box: BoundingBox(southWest: Coordinate(latitude: $0.south, longitude: $0.west),
                                   northEast: Coordinate(latitude: $0.north, longitude: $0.east)))
        }
    }

    private struct ShapeError: Error { let text: String }

    /// Every position of a Polygon (rings of positions) or MultiPolygon (polygons).
    private static func positions(of geometry: JSONValue, into positions: inout [Coordinate]) throws {
        guard case .object(let object) = geometry, case .string(let type)? = object["type"],
              case .array(let coordinates)? = object["coordinates"] else {
            throw ShapeError(text: "the geometry has no type and coordinates")
        }
        switch type {
        case "Polygon":
            try polygon(coordinates, into: &positions)
        case "MultiPolygon":
            for member in coordinates {
                guard case .array(let rings) = member else { throw ShapeError(text: "a polygon is not an array") }
                try polygon(rings, into: &positions)
            }
        default:
            throw ShapeError(text: "a \(type), not a Polygon or MultiPolygon")
        }
    }

    private static func polygon(_ rings: [JSONValue], into positions: inout [Coordinate]) throws {
        for ring in rings {
            guard case .array(let points) = ring else { throw ShapeError(text: "a ring is not an array") }
            for point in points {
                // [longitude, latitude] (RFC 7946 §3.1.1), maybe with an altitude.
                guard case .array(let numbers) = point, numbers.count >= 2,
                      case .number(let longitudeNumber) = numbers[0], case .number(let latitudeNumber) = numbers[1],
                      let longitude = longitudeNumber.double, let latitude = latitudeNumber.double,
                      (-180...180).contains(longitude), (-90...90).contains(latitude) else {
                    throw ShapeError(text: "a position is not [longitude, latitude] in range")
                }
                positions.append(Coordinate(latitude: latitude, longitude: longitude))
            }
        }
    }
}
