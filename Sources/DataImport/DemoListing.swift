import Domain

/// One generated listing with its calendar, before it is given a location id.
public struct DemoListing: Hashable, Sendable {
    /// External key of the listing's location (see `DemoGenerator.locations`).
    public let locationKey: String
    /// The listing; its `locationID` is a placeholder (0) until `listing(in:)` sets it.
    public let template: Listing
    /// Days that differ from the listing's defaults, ascending, within [today, today + 365).
    public let calendar: [CalendarEntry]

    public var id: ListingID { template.id }

    /// The listing placed in the location the writer assigned to `locationKey`.
    public func listing(in locationID: LocationID) -> Listing {
        var listing = template
        listing.locationID = locationID
        return listing
    }
}
