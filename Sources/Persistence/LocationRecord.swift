import Domain
import Storage

/// The `locations` columns the catalog reads, and their decoding.
enum LocationRecord {
    static let select = """
        SELECT id, parent_id, kind, name, name_en, full_name, full_name_en, latitude, longitude, image_url, \
        listing_count FROM locations
        """

    static func decode<R: RecordRow>(_ row: R) throws -> Location {
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
            listingCount: row.int(10))
    }
}
