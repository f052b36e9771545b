import Foundation

enum Fixtures {
    static var root: String {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            preconditionFailure("the Fixtures resource folder is missing from the test bundle")
        }
        return url.path
    }
    static var singapore: String { root + "/insideairbnb-singapore" }
    static var edgeCases: String { root + "/edge-cases" }
    static var geoJSON: String { root + "/geojson" }
}
