/// Which Inside Airbnb listings file a header belongs to.
public enum InsideAirbnbFormat: String, Sendable {
    /// The summary `listings.csv` (18 columns, no accommodates, amenities or descriptions).
    case summary
    /// The detailed `listings.csv.gz` (75 columns).
    case detailed

    /// Detects the format by column names; nil when neither format's required columns are present.
    public static func detect(_ header: CSVHeader) -> InsideAirbnbFormat? {
        if detailedColumns.allSatisfy(header.contains) { return .detailed }
        if summaryColumns.allSatisfy(header.contains) { return .summary }
        return nil
    }

    static let summaryColumns = ["id", "name", "host_name", "neighbourhood_group", "neighbourhood", "latitude",
                                 "longitude", "room_type", "price", "minimum_nights", "number_of_reviews"]
    static let detailedColumns = ["id", "name", "description", "picture_url", "host_name", "host_since",
                                  "host_is_superhost", "neighbourhood_cleansed", "neighbourhood_group_cleansed",
                                  "latitude", "longitude", "room_type", "accommodates", "bathrooms_text", "bedrooms",
                                  "beds", "amenities", "price", "minimum_nights", "maximum_nights",
                                  "number_of_reviews", "review_scores_rating"]
    static let calendarColumns = ["listing_id", "date", "available", "price", "adjusted_price",
                                  "minimum_nights", "maximum_nights"]
}
