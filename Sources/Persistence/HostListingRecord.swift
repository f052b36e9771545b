import Domain

/// A host's listing as stored: in `listing_drafts` until its first publish, in `listings`
/// (status `published` or `unpublished`) from then on, under the same id. The two tables
/// name these columns alike, so one column list, one decoder and one list of values serve
/// both (`StoreHosts`).
enum HostListingRecord {
    /// The content columns, in `values(of:)` order (column 4 onwards of `select`).
    static let contentColumns = [
        "title", "description", "location_id", "latitude", "longitude", "address", "room_type", "max_guests",
        "bedrooms", "beds", "bathrooms", "amenities", "photo_urls", "house_rules", "time_zone", "currency",
        "base_price", "weekend_price", "cleaning_fee", "extra_guest_fee", "guests_included", "weekly_discount_bp",
        "monthly_discount_bp", "min_nights", "max_nights", "checkin_time", "checkout_time", "cancellation_policy",
        "instant_book", "availability_window_days",
    ]
    private static let firstContentColumn = 4

    /// id, host, status, version, the content, created_at, updated_at, from `listings`
    /// (only those with a host: demo listings without one are nobody's to edit).
    static let selectPublished = "SELECT id, host_account_id, status, version, "
        + contentColumns.joined(separator: ", ")
        + ", COALESCE(created_at, 0), COALESCE(updated_at, created_at, 0) FROM listings WHERE host_account_id IS NOT NULL"
    /// The same columns from `listing_drafts`.
    static let selectDrafts = "SELECT id, host_account_id, 'draft', version, " + contentColumns.joined(separator: ", ")
        + ", created_at, updated_at FROM listing_drafts WHERE true"

    static func decode(_ row: some StoreRow) throws -> HostListing {
        let id = row.int64(0)
        func corrupt(_ column: String, _ index: Int) -> PersistenceError {
            .corruptValue(table: "listings", column: column, rowID: id, value: row.optionalString(index) ?? "NULL")
        }
        func strings(_ index: Int) throws -> [String] {
            do { return try row.withUTF8(index) { try JSONStringArray.decode($0) } } catch {
                throw corrupt(contentColumns[index - firstContentColumn], index)
            }
        }
        guard let status = HostListingStatus(rawValue: row.string(2)) else { throw corrupt("status", 2) }
        let c = firstContentColumn
        var content = HostListingContent(timeZone: row.string(c + 14))
        content.title = row.string(c)
        content.description = row.string(c + 1)
        content.locationID = row.optionalInt64(c + 2).map(LocationID.init(rawValue:))
        if let latitude = row.optionalDouble(c + 3), let longitude = row.optionalDouble(c + 4) {
            content.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        content.address = row.optionalString(c + 5)
        guard let roomType = RoomType(rawValue: row.string(c + 6)) else { throw corrupt("room_type", c + 6) }
        content.roomType = roomType
        content.maxGuests = row.int(c + 7)
        content.bedrooms = row.optionalInt(c + 8)
        content.beds = row.optionalInt(c + 9)
        content.bathrooms = row.optionalDouble(c + 10)
        content.amenities = try strings(c + 11)
        content.photos = try strings(c + 12)
        content.houseRules = try strings(c + 13)
        content.currency = CurrencyCode(rawValue: row.string(c + 15))
        content.basePrice = row.optionalInt64(c + 16)
        content.weekendPrice = row.optionalInt64(c + 17)
        content.cleaningFee = row.int64(c + 18)
        content.extraGuestFee = row.int64(c + 19)
        content.guestsIncluded = row.int(c + 20)
        content.weeklyDiscountBasisPoints = row.int(c + 21)
        content.monthlyDiscountBasisPoints = row.int(c + 22)
        content.minNights = row.int(c + 23)
        content.maxNights = row.int(c + 24)
        content.checkinTime = row.string(c + 25)
        content.checkoutTime = row.string(c + 26)
        guard let policy = CancellationPolicy(rawValue: row.string(c + 27)) else {
            throw corrupt("cancellation_policy", c + 27)
        }
        content.cancellationPolicy = policy
        content.instantBook = row.bool(c + 28)
        content.availabilityWindowDays = row.int(c + 29)
        let end = c + contentColumns.count
        return HostListing(id: ListingID(id), host: AccountID(row.int64(1)), status: status, content: content,
                           version: row.int64(3), createdAt: Instant(millisecondsSinceEpoch: row.int64(end)),
                           updatedAt: Instant(millisecondsSinceEpoch: row.int64(end + 1)))
    }

    /// `content` in `contentColumns` order.
    static func values(of content: HostListingContent) -> [StoreValue] {
        [
            content.title.storeValue, content.description.storeValue, content.locationID?.rawValue.storeValue ?? .null,
            content.coordinate?.latitude.storeValue ?? .null, content.coordinate?.longitude.storeValue ?? .null,
            content.address.storeValue, content.roomType.rawValue.storeValue, content.maxGuests.storeValue,
            content.bedrooms.storeValue, content.beds.storeValue, content.bathrooms.storeValue,
            JSONStringArray.encode(content.amenities).storeValue, JSONStringArray.encode(content.photos).storeValue,
            JSONStringArray.encode(content.houseRules).storeValue, content.timeZone.storeValue,
            content.currency.rawValue.storeValue, content.basePrice.storeValue, content.weekendPrice.storeValue,
            content.cleaningFee.storeValue, content.extraGuestFee.storeValue, content.guestsIncluded.storeValue,
            content.weeklyDiscountBasisPoints.storeValue, content.monthlyDiscountBasisPoints.storeValue,
            content.minNights.storeValue, content.maxNights.storeValue, content.checkinTime.storeValue,
            content.checkoutTime.storeValue, content.cancellationPolicy.rawValue.storeValue,
            content.instantBook.storeValue, content.availabilityWindowDays.storeValue,
        ]
    }

    /// `SET title = ?, ...` over every content column.
    static let contentAssignments = contentColumns.map { "\($0) = ?" }.joined(separator: ", ")
}
