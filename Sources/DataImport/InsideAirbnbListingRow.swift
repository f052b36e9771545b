import Foundation
import Domain

/// One valid row of an Inside Airbnb listings file, mapped to domain values (all but the
/// location id and `availableUntil`, which the importer fills in).
struct InsideAirbnbListingRow {
    var id: ListingID
    var regionName: String
    var neighbourhoodName: String
    var listing: Listing
    /// `number_of_reviews` and the `review_scores_*` means, on a 0-5 scale (none in a summary file).
    var importedRatings: ImportedRatings
    /// The `price` column was empty (newer snapshots keep prices only in the calendar): the
    /// listing's base price is 0 here, and the importer takes it from the calendar.
    var priceMissing: Bool
    /// `maximum_nights` was below `minimum_nights` and was raised to it.
    var maxNightsRaised = false

    /// Why a row was rejected (the importer adds the line number).
    struct Rejection: Error {
        var reason: String
    }

    /// Without an `accommodates` column (summary file) the guest capacity is assumed by
    /// room type: a whole home 4, a private or hotel room 2, a shared room (one bed) 1.
    static func defaultMaxGuests(for roomType: RoomType) -> Int {
        switch roomType {
        case .entireHome: return 4
        case .privateRoom, .hotelRoom: return 2
        case .sharedRoom: return 1
        }
    }

    /// Without a `maximum_nights` column (summary file).
    static let defaultMaxNights = 365

    init(fields: [String], header: CSVHeader, format: InsideAirbnbFormat, options: ImportOptions) throws(Rejection) {
        guard fields.count == header.count else {
            throw Rejection(reason: "expected \(header.count) fields, found \(fields.count)")
        }
        func value(_ column: String) -> String {
            guard let index = header.index(of: column) else { return "" }
            return fields[index]
        }

        guard let rawID = FieldParsers.id(value("id")) else { throw Rejection(reason: "invalid listing id '\(value("id"))'") }
        self.id = ListingID(rawID)

        let roomTypeText = value("room_type")
        guard let roomType = FieldParsers.roomType(roomTypeText) else {
            throw Rejection(reason: "unknown room type '\(roomTypeText)'")
        }
        guard let latitude = Double(value("latitude")), (-90...90).contains(latitude),
              let longitude = Double(value("longitude")), (-180...180).contains(longitude) else {
            throw Rejection(reason: "invalid coordinate '\(value("latitude"))', '\(value("longitude"))'")
        }

        var basePrice: Int64 = 0
        priceMissing = value("price").trimmingSpaces.isEmpty
        if !priceMissing {
            do {
                basePrice = try MoneyParser.parse(value("price"), minorUnitDigits: options.currency.minorUnitDigits)
            } catch {
                throw Rejection(reason: "invalid price: \(error)")
            }
            guard basePrice > 0 else { throw Rejection(reason: "price must be positive, found '\(value("price"))'") }
        }

        guard let minNights = Int(value("minimum_nights")), minNights >= 1 else {
            throw Rejection(reason: "invalid minimum_nights '\(value("minimum_nights"))'")
        }
        var maxNights = Self.defaultMaxNights
        if format == .detailed {
            guard let parsed = Int(value("maximum_nights")), parsed >= 1 else {
                throw Rejection(reason: "invalid maximum_nights '\(value("maximum_nights"))'")
            }
            maxNights = parsed
        }
        // The schema requires max >= min; a host's max below their own min means "no stay
        // longer than the minimum".
        maxNightsRaised = maxNights < minNights
        maxNights = max(maxNights, minNights)

        guard let reviewCountOrNil = FieldParsers.optionalCount(value("number_of_reviews")) else {
            throw Rejection(reason: "invalid number_of_reviews '\(value("number_of_reviews"))'")
        }
        let reviewCount = reviewCountOrNil ?? 0

        let group: String
        let neighbourhood: String
        var title = value("name").trimmingSpaces
        if title.isEmpty { title = "Listing \(rawID)" }
        var description = ""
        var photos: [String] = []
        var amenities: [String] = []
        var host = Host(name: value("host_name"), isSuperhost: false, since: nil)
        var maxGuests = Self.defaultMaxGuests(for: roomType)
        var bedrooms: Int?
        var beds: Int?
        var bathrooms: Double?
        var rating: Double?
        var categories: [Double?] = Array(repeating: nil, count: ReviewCategory.allCases.count)

        switch format {
        case .summary:
            group = value("neighbourhood_group")
            neighbourhood = value("neighbourhood")
        case .detailed:
            group = value("neighbourhood_group_cleansed")
            neighbourhood = value("neighbourhood_cleansed")
            description = FieldParsers.plainText(fromHTML: value("description"))
            let picture = value("picture_url").trimmingSpaces
            if !picture.isEmpty { photos = [picture] }
            amenities = try Self.amenities(value("amenities"))
            guard let superhost = FieldParsers.flag(value("host_is_superhost")) else {
                throw Rejection(reason: "invalid host_is_superhost '\(value("host_is_superhost"))'")
            }
            host.isSuperhost = superhost ?? false
            let sinceText = value("host_since")
            if !sinceText.isEmpty {
                guard let since = CalendarDate(sinceText) else { throw Rejection(reason: "invalid host_since '\(sinceText)'") }
                host.since = since
            }
            guard let accommodates = FieldParsers.optionalCount(value("accommodates")) else {
                throw Rejection(reason: "invalid accommodates '\(value("accommodates"))'")
            }
            if let accommodates, accommodates >= 1 { maxGuests = accommodates }
            guard let parsedBedrooms = FieldParsers.optionalCount(value("bedrooms")) else {
                throw Rejection(reason: "invalid bedrooms '\(value("bedrooms"))'")
            }
            bedrooms = parsedBedrooms
            guard let parsedBeds = FieldParsers.optionalCount(value("beds")) else {
                throw Rejection(reason: "invalid beds '\(value("beds"))'")
            }
            beds = parsedBeds
            bathrooms = FieldParsers.bathrooms(value("bathrooms_text"))
            (rating, categories) = try Self.reviewScores(value)
        }
        if reviewCount == 0 { rating = nil }
        self.importedRatings = ImportedRatings(reviewCount: reviewCount, rating: rating,
                                               categories: reviewCount == 0 ? Array(repeating: nil, count: 6) : categories)
        self.regionName = group.trimmingSpaces
        self.neighbourhoodName = neighbourhood.trimmingSpaces

        self.listing = Listing(
            id: id, locationID: LocationID(0), title: title, description: description, roomType: roomType,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), timeZone: options.timeZone,
            currency: options.currency, photoURLs: photos, amenities: amenities, host: host, maxGuests: maxGuests,
            bedrooms: bedrooms, beds: beds, bathrooms: bathrooms, rating: rating, reviewCount: reviewCount,
            pricing: PricingRules(basePrice: basePrice), minNights: minNights, maxNights: maxNights,
            recommendationScore: RecommendationScore.compute(rating: rating, reviewCount: reviewCount,
                                                             isSuperhost: host.isSuperhost),
            cancellationPolicy: Self.cancellationPolicy(value("cancellation_policy")))
    }

    /// `review_scores_rating` and the six `review_scores_<category>` as means on a 0-5 scale.
    /// Newer files write every score 0-5; older ones the overall rating 0-100 and the
    /// categories 0-10. The row's overall rating tells which: above 5 it is the old scale
    /// (its categories are halved, the rating divided by 20); an old file's rating of 5 or
    /// less out of 100 does not occur in practice.
    static func reviewScores(_ value: (String) -> String) throws(Rejection) -> (Double?, [Double?]) {
        func score(_ column: String, maximum: Double) throws(Rejection) -> Double? {
            guard let parsed = FieldParsers.optionalDecimal(value(column)) else {
                throw Rejection(reason: "invalid \(column) '\(value(column))'")
            }
            guard let parsed else { return nil }
            guard (0...maximum).contains(parsed) else { throw Rejection(reason: "\(column) out of 0...\(Int(maximum)): \(parsed)") }
            return parsed
        }
        let overall = try score("review_scores_rating", maximum: 100)
        let oldScale = (overall ?? 0) > 5
        var categories: [Double?] = []
        for category in ReviewCategory.allCases {
            let value = try score("review_scores_\(category.rawValue)", maximum: oldScale ? 10 : 5)
            categories.append(value.map { oldScale ? $0 / 2 : $0 })
        }
        return (overall.map { oldScale ? $0 / 20 : $0 }, categories)
    }

    /// Older detailed files have a `cancellation_policy` column (`flexible`, `moderate`,
    /// `strict`, `strict_14_with_grace_period`, `super_strict_30`, ...): each maps to the
    /// nearest of ours, every strict variant to `strict`. Without the column, or with a value
    /// we do not know, `moderate`.
    static func cancellationPolicy(_ text: String) -> CancellationPolicy {
        let value = text.trimmingSpaces.lowercased()
        if let exact = CancellationPolicy(rawValue: value) { return exact }
        return value.hasPrefix("strict") || value.hasPrefix("super_strict") ? .strict : .moderate
    }

    /// `amenities` is a JSON array of strings written as text.
    private static func amenities(_ text: String) throws(Rejection) -> [String] {
        if text.trimmingSpaces.isEmpty { return [] }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw Rejection(reason: "amenities is not a JSON array")
        }
        guard let array = parsed as? [Any] else { throw Rejection(reason: "amenities is not a JSON array") }
        var result: [String] = []
        for element in array {
            guard let string = element as? String else { throw Rejection(reason: "amenities holds a non-string value") }
            result.append(string)
        }
        return result
    }
}
