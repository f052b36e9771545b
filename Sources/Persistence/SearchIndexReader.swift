import Domain
import PostgresStorage
import SearchIndex
import Storage

/// Reads the catalog for the search index, which `SearchIndexBuilder` lays out: the whole
/// catalog for a load, one listing for a patch. The SQL side of `StoreIndexSource`, on
/// either engine.
enum SearchIndexReader {
    /// Everything, in the caller's read transaction (one snapshot, the change log's
    /// sequence included, so that following the log resumes exactly where it was read).
    @_specialize(where C == Database)
    @_specialize(where C == PostgresStoreConnection)
    static func read<C: StoreConnection>(_ db: C) throws -> SearchIndexBuilder.Parts {
        var builder = SearchIndexBuilder()
        // Shared by every row: amenity strings repeat across listings.
        var amenityMasks = SearchIndexAmenityMasks()
        let sequence = try ChangeLog.latestSequence(in: db)
        try db.forEachRowOfWholeTable(SearchIndexListingRow.select + " ORDER BY id") { row in
            builder.add(SearchIndexListingRow(row, amenityMasks: &amenityMasks))
        }
        // One pass over `calendar_days` in primary-key order.
        try db.forEachRowOfWholeTable(SearchIndexDay.select + " ORDER BY listing_id, day") { record in
            builder.addCalendarRow(listingID: record.int64(0)) { SearchIndexDay(record, terms: $0) }
        }
        return builder.parts(ancestors: try ancestors(db), sequence: sequence)
    }

    /// One listing as it is now, for a patch: its row and its calendar days, decoded by the
    /// same rules as a full read (`SearchIndexListingRow`, `SearchIndexDay`).
    static func readListing(_ id: Int64, in db: some StoreConnection) throws -> SearchIndexListingPatch {
        var found: SearchIndexListingRow?
        var amenityMasks = SearchIndexAmenityMasks()
        try db.forEachRow(SearchIndexListingRow.select + " AND id = ?", [id]) {
            found = SearchIndexListingRow($0, amenityMasks: &amenityMasks)
        }
        guard let listing = found else {
            return SearchIndexListingPatch(id: id, listing: nil, days: [])
        }
        var days: [SearchIndexDay] = []
        try db.forEachRow(SearchIndexDay.select + " WHERE listing_id = ? ORDER BY day", [id]) { record in
            if let day = SearchIndexDay(record, terms: listing.terms) { days.append(day) }
        }
        return SearchIndexListingPatch(id: id, listing: listing, days: days)
    }

    /// (location, ancestor-or-self) pairs with the ancestor's depth above the location.
    private static func ancestors(_ db: some StoreConnection) throws -> [Int64: [(ancestor: Int64, depth: Int)]] {
        var ancestors: [Int64: [(ancestor: Int64, depth: Int)]] = [:]
        try db.forEachRowOfWholeTable("SELECT location_id, ancestor_id, depth FROM location_ancestors") { row in
            ancestors[row.int64(0), default: []].append((row.int64(1), row.int(2)))
        }
        return ancestors
    }
}

extension SearchIndexListingRow {
    /// Published listings only (a draft or unpublished one is in no search): append
    /// " AND ..." or " ORDER BY ..." as needed.
    static let select = """
        SELECT id, location_id, latitude, longitude, max_guests, room_type, base_price, \
        COALESCE(weekend_price, base_price), extra_guest_fee, guests_included, min_nights, max_nights, \
        available_until, recommendation_score, COALESCE(rating, -1), weekend_price IS NOT NULL, cleaning_fee, \
        weekly_discount_bp, monthly_discount_bp, currency, time_zone, cancellation_policy, \
        amenities, instant_book, bedrooms, beds, bathrooms, host_is_superhost FROM listings \
        WHERE status = 'published'
        """
    private static let roomTypeNames = RoomType.allCases.map { Array($0.rawValue.utf8) }

    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    init<R: StoreRow>(_ row: R, amenityMasks: inout SearchIndexAmenityMasks) {
        let roomType = row.withUTF8(5) { text in
            Self.roomTypeNames.firstIndex { $0.elementsEqual(text) }.map(UInt8.init) ?? SearchIndex.unknownRoomType
        }
        let maxGuests = row.int64(4), minNights = row.int64(10), maxNights = row.int64(11)
        let availableUntil = row.optionalInt64(12)
        let terms = SearchIndexTerms(
            basePrice: row.int64(6), weekendPrice: row.int64(7), extraGuestFee: row.int64(8),
            guestsIncluded: row.int64(9), maxGuests: Int32(clamping: maxGuests),
            minNights: Int32(clamping: minNights), maxNights: Int32(clamping: maxNights),
            availableUntil: availableUntil.map { Int32(clamping: $0) } ?? .max)
        let policy = CancellationPolicy(rawValue: row.string(21))
        let attributes = SearchIndexAttributes(
            amenities: row.withUTF8(22) { amenityMasks.mask(ofJSON: $0) }, bathrooms: row.optionalDouble(26),
            bedrooms: row.optionalInt64(24), beds: row.optionalInt64(25), instantBook: row.bool(23),
            superhost: row.bool(27), policy: policy)
        let stay: SearchIndexStayValues?
        // Exact only when nothing above was clamped (`Int32.max` means "no limit" there).
        if Int32(exactly: maxGuests) != nil, Int32(exactly: minNights) != nil, Int32(exactly: maxNights) != nil,
           availableUntil.map({ Int32(exactly: $0) != nil && $0 != Int64(Int32.max) }) ?? true,
           let weekly = Int16(exactly: row.int64(17)), let monthly = Int16(exactly: row.int64(18)),
           let policy,
           let policyIndex = CancellationPolicy.allCases.firstIndex(of: policy) {
            stay = SearchIndexStayValues(hasWeekendPrice: row.bool(15), cleaningFee: row.int64(16), weeklyDiscount: weekly,
                                         monthlyDiscount: monthly, currency: row.string(19), timeZone: row.string(20),
                                         policy: UInt8(policyIndex))
        } else {
            stay = nil
        }
        self.init(id: row.int64(0), locationID: row.int64(1), latitude: row.double(2), longitude: row.double(3),
                  roomType: roomType, terms: terms, score: row.int64(13), rating: row.double(14), attributes: attributes,
                  stay: stay)
    }
}

extension SearchIndexDay {
    /// Column 0 is the listing id. Append " WHERE ..." or " ORDER BY ..." as needed.
    static let select = """
        SELECT listing_id, day, status <> 'available', price, min_nights, max_nights, \
        closed_to_arrival <> 0, closed_to_departure <> 0, status = 'blocked' FROM calendar_days
        """

    @_specialize(where R == Row)
    @_specialize(where R == PostgresRow)
    init?<R: StoreRow>(_ record: R, terms: SearchIndexTerms) {
        self.init(day: record.int64(1), isUnavailable: record.bool(2), isHostBlocked: record.bool(8),
                  price: record.optionalInt64(3), minNights: record.optionalInt64(4), maxNights: record.optionalInt64(5),
                  closedToArrival: record.bool(6), closedToDeparture: record.bool(7), terms: terms)
    }
}

/// The amenity bits of display strings, each string matched once per load
/// (`AmenityCode.mask(of:)` tries every pattern of every code).
struct SearchIndexAmenityMasks {
    private var known: [String: UInt64] = [:]

    /// The bits of a stored `amenities` column (a JSON array of strings).
    mutating func mask(ofJSON text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let strings: [String]
        do {
            strings = try JSONStringArray.decode(text)
        } catch {
            // Not an array of strings: no amenity to filter by. Stays writes the column only
            // with `JSONStringArray.encode`, so this is a database edited by hand; the
            // listing itself then fails to decode when read, and the SQL search errs.
            return 0
        }
        var mask: UInt64 = 0
        for string in strings {
            if let bits = known[string] {
                mask |= bits
            } else {
                let bits = AmenityCode.mask(of: string)
                if known.count < 100_000 { known[string] = bits }
                mask |= bits
            }
        }
        return mask
    }
}
