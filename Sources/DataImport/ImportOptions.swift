import Domain

/// How to interpret an Inside Airbnb snapshot.
public struct ImportOptions: Sendable {
    /// The currency the amounts are in (Inside Airbnb writes local currency with a "$").
    public var currency: CurrencyCode
    /// IANA time zone of the city; calendar dates are dates in this zone.
    public var timeZone: String
    /// The top `city` location, e.g. "Singapore".
    public var cityName: String
    /// Prefix of every location's external key; default "insideairbnb:" + the lowercased city name.
    public var keyPrefix: String
    /// When set, every calendar date (and `availableUntil`) moves by the same number of days
    /// so that the snapshot's first calendar day becomes this date.
    public var shiftDatesTo: CalendarDate?
    /// Listings (or calendars) written per transaction. Default 500.
    public var batchSize: Int
    /// Inside Airbnb's `neighbourhoods.csv` (`neighbourhood_group,neighbourhood`), when given:
    /// a listing whose row leaves its neighbourhood group empty gets the group this file
    /// names for its neighbourhood, so the group becomes the neighbourhood's parent location.
    public var neighbourhoodsFile: String?
    /// Inside Airbnb's `neighbourhoods.geojson`, when given: a neighbourhood it draws gets the
    /// box around its polygon as its area (`Location.area`) and that box's centre as its
    /// coordinate, instead of the mean of its listings' coordinates.
    public var neighbourhoodsGeoJSONFile: String?
    /// Inside Airbnb's `reviews.csv` (`listing_id,id,date,reviewer_id,reviewer_name,comments`),
    /// when given: each review of an imported listing becomes a published review text with
    /// no rating (`ReviewSource.imported`), replacing the texts an earlier import left.
    public var reviewsFile: String?

    public init(currency: CurrencyCode, timeZone: String, cityName: String, keyPrefix: String? = nil,
                shiftDatesTo: CalendarDate? = nil, batchSize: Int = 500, neighbourhoodsFile: String? = nil,
                neighbourhoodsGeoJSONFile: String? = nil, reviewsFile: String? = nil) {
        self.reviewsFile = reviewsFile
        precondition(batchSize > 0, "batchSize must be positive")
        self.currency = currency
        self.timeZone = timeZone
        self.cityName = cityName
        self.keyPrefix = keyPrefix ?? "insideairbnb:" + cityName.lowercased().split(separator: " ").joined(separator: "-")
        self.shiftDatesTo = shiftDatesTo
        self.batchSize = batchSize
        self.neighbourhoodsFile = neighbourhoodsFile
        self.neighbourhoodsGeoJSONFile = neighbourhoodsGeoJSONFile
    }
}
