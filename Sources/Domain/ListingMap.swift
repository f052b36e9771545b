/// What the map screen shows for one viewport and filter: every match as a pin when there
/// are few enough, else clusters on a grid fitted to the zoom.
public struct ListingMap: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// Sorted by id.
        case pins([MapPin])
        /// Sorted by grid cell: south to north, then west to east.
        case clusters([MapCluster])
    }
    /// Every match (as `/listings`' total).
    public var total: Int
    public var content: Content
    /// The side of a grid cell in degrees (of latitude and of longitude) at this zoom.
    public var cellSize: Double
}

/// One match on the map, priced as its `/listings` card is.
public struct MapPin: Hashable, Sendable {
    public var id: ListingID
    public var coordinate: Coordinate
    /// As `ListingSearchItem.nightlyPrice`.
    public var nightlyPrice: Int64
    /// As `ListingSearchItem.totalPrice`: with a stay, what `/quote` charges for it.
    public var totalPrice: Int64?
    /// As the listing's card shows it (nil only for a listing deleted since the search).
    public var rating: ListingRating?
}

/// The matches in one grid cell.
public struct MapCluster: Hashable, Sendable {
    public var count: Int
    /// The mean of the members' coordinates.
    public var center: Coordinate
    /// The box around the members.
    public var bounds: BoundingBox
    /// The lowest nightly price among the members.
    public var minPrice: Int64
}

/// The grid: square cells of `cellSize(zoom:)` degrees anchored at (-90, -180), so a
/// listing stays in the same cell while the viewport pans. The size is 64 px at that zoom
/// on a 256 px Web Mercator tile along the equator: 360 / 2^zoom / 4 degrees, halving per
/// zoom level.
public enum MapGrid {
    public static let zoomRange = 0...22
    /// Pins up to this many matches; clusters beyond.
    public static let defaultMaxPins = 300

    public static func cellSize(zoom: Int) -> Double {
        90.0 / Double(1 << zoom)
    }

    /// Clusters `points` (an empty array gives none).
    public static func clusters(_ points: [ListingMapPoint], zoom: Int) -> [MapCluster] {
        let size = cellSize(zoom: zoom)
        struct Accumulator {
            var count = 0
            var latitudeSum = 0.0, longitudeSum = 0.0
            var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
            var minPrice = Int64.max
        }
        var cells: [Int64: Int] = [:]
        var accumulators: [Accumulator] = []
        for point in points {
            let row = Int64(((point.coordinate.latitude + 90) / size).rounded(.down))
            let column = Int64(((point.coordinate.longitude + 180) / size).rounded(.down))
            // Rows and columns are below 2^25 (180 / (90 / 2^22) = 2^23, plus an edge cell).
            let key = row << 32 | column
            let position: Int
            if let known = cells[key] {
                position = known
            } else {
                position = accumulators.count
                cells[key] = position
                accumulators.append(Accumulator())
            }
            accumulators[position].count += 1
            accumulators[position].latitudeSum += point.coordinate.latitude
            accumulators[position].longitudeSum += point.coordinate.longitude
            accumulators[position].south = min(accumulators[position].south, point.coordinate.latitude)
            accumulators[position].north = max(accumulators[position].north, point.coordinate.latitude)
            accumulators[position].west = min(accumulators[position].west, point.coordinate.longitude)
            accumulators[position].east = max(accumulators[position].east, point.coordinate.longitude)
            accumulators[position].minPrice = min(accumulators[position].minPrice, point.nightlyPrice)
        }
        return cells.sorted { $0.key < $1.key }.map { _, position in
            let cell = accumulators[position]
            let count = Double(cell.count)
            return MapCluster(count: cell.count,
                              center: Coordinate(latitude: cell.latitudeSum / count, longitude: cell.longitudeSum / count),
                              bounds: BoundingBox(southWest: Coordinate(latitude: cell.south, longitude: cell.west),
                                                  northEast: Coordinate(latitude: cell.north, longitude: cell.east)),
                              minPrice: cell.minPrice)
        }
    }
}

extension ListingService {
    /// The map of every listing matching `filter`: pins when at most `maxPins` match, else
    /// clusters on the grid of `zoom` (`MapGrid`). Throws `.invalidParameters` for a zoom
    /// outside `MapGrid.zoomRange`.
    public func map(filter: ListingFilter, zoom: Int, maxPins: Int = MapGrid.defaultMaxPins) throws -> ListingMap {
        guard MapGrid.zoomRange.contains(zoom) else {
            throw StaysError.invalidParameter("zoom", "must be between 0 and 22")
        }
        var points = try repository.mapPoints(matching: filter)
        let size = MapGrid.cellSize(zoom: zoom)
        if points.count <= maxPins {
            points.sort { $0.id < $1.id }
            // The rating shown on pins is the listing's stored one, as on every card; with a
            // stay, each pin's total is by the cards' own rule (`totalPrice(of:stay:rules:)`).
            let details = points.isEmpty ? [:] : try repository.pinDetails(of: points.map(\.id))
            let pins = points.map { point in
                MapPin(id: point.id, coordinate: point.coordinate, nightlyPrice: point.nightlyPrice,
                       totalPrice: filter.stay.flatMap { stay in
                           point.accommodationTotal.flatMap { accommodation in
                               details[point.id].map { totalPrice(accommodation: accommodation, stay: stay, rules: $0.pricing) }
                           }
                       }, rating: details[point.id]?.rating)
            }
            return ListingMap(total: points.count, content: .pins(pins), cellSize: size)
        }
        return ListingMap(total: points.count, content: .clusters(MapGrid.clusters(points, zoom: zoom)), cellSize: size)
    }
}
