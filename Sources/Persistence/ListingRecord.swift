import Domain
import Storage
import PostgresStorage

/// The `listings` columns in one fixed order, and the fast decoding of a row in that order
/// into a `Listing` (column indexes, no per-row dictionary).
enum ListingRecord {
    static let columns = [
        "id", "location_id", "title", "description", "room_type", "latitude", "longitude", "time_zone",
        "currency", "photo_urls", "amenities", "host_name", "host_is_superhost", "host_since", "max_guests",
        "bedrooms", "beds", "bathrooms", "rating", "review_count", "base_price", "weekend_price",
        "extra_guest_fee", "guests_included", "cleaning_fee", "weekly_discount_bp", "monthly_discount_bp",
        "min_nights", "max_nights", "checkin_time", "checkout_time", "house_rules", "available_until",
        "recommendation_score", "cancellation_policy",
        "rating_categories", "instant_book",
    ]

    static let selectByID = "SELECT \(columns.joined(separator: ", ")) FROM listings WHERE id = ? AND status = 'published'"

    /// As `selectByID`, without the long texts a search result never shows: description,
    /// amenities and house rules come back empty. Decode with `decodeSummary`.
    static let selectSummaryByID = "SELECT \(summaryColumns) FROM listings WHERE id = ? AND status = 'published'"

    /// `selectSummaryByID` for several ids: append the condition on `id`.
    static let selectSummariesWhere = "SELECT \(summaryColumns) FROM listings WHERE status = 'published' AND "

    /// What a map pin shows (`decodePinDetails`), for several ids: append the condition on
    /// `id`. The pricing columns are those of `columns`, in its order, from position 4.
    static let selectPinDetailsWhere = "SELECT id, rating, review_count, rating_categories, "
        + columns[pricingColumns].joined(separator: ", ") + " FROM listings WHERE status = 'published' AND "

    /// Where the pricing rules' columns are in `columns`.
    private static let pricingColumns = 20..<27

    /// A row of `selectPinDetailsWhere`.
    static func decodePinDetails<R: StoreRow>(_ row: R) -> ListingPinDetails {
        ListingPinDetails(rating: ListingRating(rating: row.optionalDouble(1), reviewCount: row.int(2),
                                                storedCategories: RatingCategoriesText.decode(row.optionalString(3))),
                          pricing: pricing(row, from: 4))
    }

    /// The pricing rules in the seven columns from `first` (`columns[pricingColumns]`'s order).
    private static func pricing<R: StoreRow>(_ row: R, from first: Int) -> PricingRules {
        PricingRules(basePrice: row.int64(first),
                     weekendPrice: row.optionalInt64(first + 1),
                     extraGuestFee: row.int64(first + 2),
                     guestsIncluded: row.int(first + 3),
                     cleaningFee: row.int64(first + 4),
                     weeklyDiscountBasisPoints: row.int(first + 5),
                     monthlyDiscountBasisPoints: row.int(first + 6))
    }

    /// The summary column list (for each engine's own WHERE syntax).
    static let summaryColumns = columns.map { column -> String in
        switch column {
        case "description": return "'' AS description"
        case "amenities", "house_rules": return "'[]' AS \(column)"
        default: return column
        }
    }.joined(separator: ", ")

    /// Creates or updates by id. An upsert rather than INSERT OR REPLACE: REPLACE deletes
    /// the old row first, which would cascade to the listing's calendar.
    static let upsert: String = {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO listings (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) "
            + "ON CONFLICT (id) DO UPDATE SET \(updates)"
    }()

    static func decode<R: StoreRow>(_ row: R) throws -> Listing { try decode(row, firstPhotoOnly: false) }

    /// A row of `selectSummaryByID`: as `decode`, with the first photo only (a search
    /// result shows one; decoding every URL was a tenth of a search's time).
    static func decodeSummary<R: StoreRow>(_ row: R) throws -> Listing { try decode(row, firstPhotoOnly: true) }

    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    private static func decode<R: StoreRow>(_ row: R, firstPhotoOnly: Bool) throws -> Listing {
        let id = row.int64(0)
        func strings(_ index: Int, firstOnly: Bool = false) throws -> [String] {
            do {
                return try row.withUTF8(index) { try firstOnly ? JSONStringArray.decodeFirst($0) : JSONStringArray.decode($0) }
            } catch {
                throw PersistenceError.corruptValue(table: "listings", column: columns[index], rowID: id, value: row.string(index))
            }
        }
        let policyText = row.string(34)
        guard let policy = CancellationPolicy(rawValue: policyText) else {
            throw PersistenceError.corruptValue(table: "listings", column: "cancellation_policy", rowID: id, value: policyText)
        }
        let roomTypeText = row.string(4)
        guard let roomType = RoomType(rawValue: roomTypeText) else {
            throw PersistenceError.corruptValue(table: "listings", column: "room_type", rowID: id, value: roomTypeText)
        }
        return Listing(
            id: ListingID(id),
            locationID: LocationID(row.int64(1)),
            title: row.string(2),
            description: row.string(3),
            roomType: roomType,
            coordinate: Coordinate(latitude: row.double(5), longitude: row.double(6)),
            timeZone: row.string(7),
            currency: CurrencyCode(rawValue: row.string(8)),
            photoURLs: try strings(9, firstOnly: firstPhotoOnly),
            amenities: try strings(10),
            host: Host(name: row.string(11), isSuperhost: row.bool(12),
                       since: row.optionalInt(13).map { CalendarDate(daysSinceEpoch: $0) }),
            maxGuests: row.int(14),
            bedrooms: row.optionalInt(15),
            beds: row.optionalInt(16),
            bathrooms: row.optionalDouble(17),
            rating: row.optionalDouble(18),
            reviewCount: row.int(19),
            pricing: pricing(row, from: pricingColumns.lowerBound),
            minNights: row.int(27),
            maxNights: row.int(28),
            checkinTime: row.string(29),
            checkoutTime: row.string(30),
            houseRules: try strings(31),
            availableUntil: row.optionalInt(32).map { CalendarDate(daysSinceEpoch: $0) },
            recommendationScore: row.int(33),
            cancellationPolicy: policy,
            ratingCategories: RatingCategoriesText.decode(row.optionalString(35))).withInstantBook(row.bool(36))
    }

    /// Every column of `listing` in `columns` order, as either engine binds them.
    static func values(of listing: Listing) -> [StoreValue] {
        [
            (listing.id.rawValue).storeValue,
            (listing.locationID.rawValue).storeValue,
            (listing.title).storeValue,
            (listing.description).storeValue,
            (listing.roomType.rawValue).storeValue,
            (listing.coordinate.latitude).storeValue,
            (listing.coordinate.longitude).storeValue,
            (listing.timeZone).storeValue,
            (listing.currency.rawValue).storeValue,
            (JSONStringArray.encode(listing.photoURLs)).storeValue,
            (JSONStringArray.encode(listing.amenities)).storeValue,
            (listing.host.name).storeValue,
            (listing.host.isSuperhost).storeValue,
            (listing.host.since?.daysSinceEpoch).storeValue,
            (listing.maxGuests).storeValue,
            (listing.bedrooms).storeValue,
            (listing.beds).storeValue,
            (listing.bathrooms).storeValue,
            (listing.rating).storeValue,
            (listing.reviewCount).storeValue,
            (listing.pricing.basePrice).storeValue,
            (listing.pricing.weekendPrice).storeValue,
            (listing.pricing.extraGuestFee).storeValue,
            (listing.pricing.guestsIncluded).storeValue,
            (listing.pricing.cleaningFee).storeValue,
            (listing.pricing.weeklyDiscountBasisPoints).storeValue,
            (listing.pricing.monthlyDiscountBasisPoints).storeValue,
            (listing.minNights).storeValue,
            (listing.maxNights).storeValue,
            (listing.checkinTime).storeValue,
            (listing.checkoutTime).storeValue,
            (JSONStringArray.encode(listing.houseRules)).storeValue,
            (listing.availableUntil?.daysSinceEpoch).storeValue,
            (listing.recommendationScore).storeValue,
            (listing.cancellationPolicy.rawValue).storeValue,
            (RatingCategoriesText.encode(listing.ratingCategories)).storeValue,
            (listing.instantBook).storeValue,
        ]
    }
}

extension Listing {
    /// The listing with `instantBook` set (the memberwise init predates the column).
    func withInstantBook(_ instantBook: Bool) -> Listing {
        var copy = self
        copy.instantBook = instantBook
        return copy
    }
}
