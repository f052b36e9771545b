import Domain
import PostgresStorage
import Storage

/// The `locations` columns the catalog reads, and their decoding.
enum LocationRecord {
    static let select = """
        SELECT id, parent_id, kind, name, name_en, full_name, full_name_en, latitude, longitude, image_url, \
        listing_count, aliases, search_radius_km, area_south, area_west, area_north, area_east FROM locations
        """

    /// The stored area box: all four edges, or none.
    private static func area(_ row: some StoreRow) -> BoundingBox? {
        guard let south = row.optionalDouble(13), let west = row.optionalDouble(14), let north = row.optionalDouble(15),
              let east = row.optionalDouble(16) else { return nil }
        return BoundingBox(southWest: Coordinate(latitude: south, longitude: west),
                           northEast: Coordinate(latitude: north, longitude: east))
    }

    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    static func decode<R: StoreRow>(_ row: R) throws -> Location {
        let id = row.int64(0)
        let kindText = row.string(2)
        guard let kind = LocationKind(rawValue: kindText) else {
            throw PersistenceError.corruptValue(table: "locations", column: "kind", rowID: id, value: kindText)
        }
        return Location(
            id: LocationID(id),
            parentID: row.optionalInt64(1).map(LocationID.init(rawValue:)),
            kind: kind,
            name: row.string(3),
            nameEnglish: row.string(4),
            fullName: row.string(5),
            fullNameEnglish: row.string(6),
            coordinate: Coordinate(latitude: row.double(7), longitude: row.double(8)),
            imageURL: row.optionalString(9),
            listingCount: row.int(10),
            aliases: try JSONStringArray.decode(row.string(11)),
            searchRadiusKm: row.optionalDouble(12),
            area: area(row))
    }
}
