/// Where the server serves the demo catalog's generated pictures (the API's DemoImageRoutes):
/// the demo generator writes these paths into listings and locations, so the demo needs no
/// other origin. Paths relative to the server, as a page on it resolves them. Imported
/// listings keep their own absolute photo URLs.
public enum DemoImagePath {
    /// Photo `number` (from 1) of listing `id`: `/images/listings/2538/1.svg`.
    public static func listingPhoto(id: ListingID, number: Int) -> String {
        "/images/listings/\(id.rawValue)/\(number).svg"
    }

    /// The picture of a location named by `slug` (lowercase letters, digits, hyphens):
    /// `/images/locations/seoul-gangnam-gu.svg`.
    public static func location(slug: String) -> String {
        "/images/locations/\(slug).svg"
    }
}
