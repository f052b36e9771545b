import Foundation
import Testing
import Domain
import Persistence
@testable import DataImport

/// `--neighbourhoods-geojson`: a neighbourhood's area and centre come from its polygon.
@Suite struct NeighbourhoodShapesTests {
    let options = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore", cityName: "Singapore",
                                neighbourhoodsGeoJSONFile: Fixtures.geoJSON + "/neighbourhoods.geojson")

    static func box(_ south: Double, _ west: Double, _ north: Double, _ east: Double) -> BoundingBox {
        BoundingBox(southWest: Coordinate(latitude: south, longitude: west), northEast: Coordinate(latitude: north, longitude: east))
    }

    @Test func boxesAroundPolygonsAndMultipolygons() throws {
        let shapes = try NeighbourhoodShapes(path: Fixtures.geoJSON + "/neighbourhoods.geojson").shapes
        // Both polygons of the multipolygon (the hole lies inside the first).
        #expect(shapes["Tampines"]?.box == Self.box(1.33, 103.91, 1.38, 103.99))
        #expect(shapes["Tampines"]?.centre == Coordinate(latitude: (1.33 + 1.38) / 2, longitude: (103.91 + 103.99) / 2))
        #expect(shapes["Bishan"]?.box == Self.box(1.34, 103.82, 1.37, 103.86))   // altitudes ignored
        #expect(shapes["Kallang"] == nil)                                         // null geometry: skipped
        #expect(shapes.count == 3)
    }

    @Test func theImportGivesNeighbourhoodsTheirPolygonsBoxAndCentre() throws {
        let writer = FakeCatalogWriter()
        _ = try Importer().import(listingsFile: Fixtures.singapore + "/listings.csv", calendarFile: nil, options: options,
                                  writer: writer, progress: { _ in })
        let tampines = try #require(writer.state.locations["insideairbnb:singapore:East Region/Tampines"]?.draft)
        #expect(tampines.area == Self.box(1.33, 103.91, 1.38, 103.99))
        #expect(tampines.coordinate == Coordinate(latitude: (1.33 + 1.38) / 2, longitude: (103.91 + 103.99) / 2))
        // Without a shape: the mean of its listings, no area.
        let bedok = try #require(writer.state.locations["insideairbnb:singapore:East Region/Bedok"]?.draft)
        #expect(bedok.area == nil)
        #expect(abs(bedok.coordinate.latitude - 1.32) < 0.01)
        let kallang = try #require(writer.state.locations["insideairbnb:singapore:Central Region/Kallang"]?.draft)
        #expect(kallang.area == nil)
        // Groups keep the mean of their listings; a shape no listing names makes no location.
        #expect(writer.state.locations["insideairbnb:singapore:East Region"]?.draft.area == nil)
        #expect(!writer.state.locations.keys.contains { $0.hasSuffix("Nowhere Park") })
    }

    /// Stored and served: the location page's bounds are the polygon's box.
    @Test func theAreaIsStoredAndIsTheLocationsBounds() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stays-geojson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try openCatalogDatabase(path: directory.appending(path: "c.sqlite").path)
        _ = try Importer().import(listingsFile: Fixtures.singapore + "/listings.csv", calendarFile: nil, options: options,
                                  writer: SQLiteCatalogWriter(pool: pool), progress: { _ in })
        let catalog = SQLiteCatalog(pool: pool)
        let service = LocationService(repository: catalog)
        let locations = try catalog.allLocations()
        let tampines = try #require(locations.first { $0.name == "Tampines" })
        #expect(tampines.area == Self.box(1.33, 103.91, 1.38, 103.99))
        #expect(try service.location(id: tampines.id).bounds == Self.box(1.33, 103.91, 1.38, 103.99))
        let bedok = try #require(locations.first { $0.name == "Bedok" })
        #expect(bedok.area == nil)
        #expect(try service.location(id: bedok.id).bounds == catalog.listingBounds(in: bedok.id))
    }

    @Test(arguments: [
        ("[1, 2]", "FeatureCollection"),
        ("{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"neighbourhood\": \"A\"}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [103.9, 1.3]}}]}", "Point"),
        ("{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"neighbourhood\": \"A\"}, \"geometry\": {\"type\": \"Polygon\", \"coordinates\": [[[1.3, 203.9], [1.3, 103.9], [1.4, 103.9]]]}}]}", "position"),
        ("{\"type\": \"FeatureCollection\", \"features\": [", "JSON"),
    ])
    func aBadFileStopsTheImportBeforeAnythingIsWritten(text: String, reason: String) throws {
        let path = try TemporaryFile.write(text)
        defer { TemporaryFile.remove(path) }
        var options = options
        options.neighbourhoodsGeoJSONFile = path
        let writer = FakeCatalogWriter()
        #expect {
            _ = try Importer().import(listingsFile: Fixtures.singapore + "/listings.csv", calendarFile: nil,
                                      options: options, writer: writer, progress: { _ in })
        } throws: { error in
            guard case ImportError.notGeoJSON(_, let message) = error else { return false }
            return message.contains(reason)
        }
        #expect(writer.state.locations.isEmpty && writer.state.listings.isEmpty)
    }
}
