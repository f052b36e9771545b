import Domain
import JSON

extension JSONWriter {
    /// The fields every location item has.
    mutating func locationFields(_ location: Location, language: Language) {
        field("id", location.id.description)
        field("name", language == .en ? location.nameEnglish : location.name)
        field("nameEnglish", location.nameEnglish)
        field("fullName", language == .en ? location.fullNameEnglish : location.fullName)
        field("kind", location.kind.rawValue)
        key("coordinate"); coordinate(location.coordinate)
        field("listingCount", location.listingCount)
        // A landmark's: the radius `/listings?locationId=` searches around it by default.
        if let radius = location.searchRadiusKm { field("radiusKm", radius) }
    }
}
