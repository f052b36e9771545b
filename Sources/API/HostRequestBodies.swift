import Domain
import HTTPServer
import JSON

/// The bodies of the host routes, read into Domain values. A field of the wrong JSON type
/// is recorded on the reader (one 400 names every such field, `invalidParams`); `null` and
/// an absent field differ (`DraftField`): null clears a field that may be empty.
enum HostRequestBodies {
    /// `POST /host/listings` and `PATCH /host/listings/{id}`.
    static func draft(_ body: inout JSONObjectReader) -> HostListingDraft {
        var draft = HostListingDraft()
        draft.title = field(&body, "title", "a string", string)
        draft.description = field(&body, "description", "a string", string)
        draft.locationID = field(&body, "locationId", "a location id (a string of digits)") { value in
            guard case .string(let text) = value, let raw = Int64(text), raw > 0 else { return nil }
            return LocationID(raw)
        }
        draft.coordinate = field(&body, "coordinate", "an object {\"lat\", \"lng\"} with -90...90 and -180...180") { value in
            guard case .object(let object) = value, object.count == 2,
                  case .number(let lat)? = object["lat"], case .number(let lng)? = object["lng"],
                  let latitude = lat.double, let longitude = lng.double,
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        draft.address = field(&body, "address", "a string", string)
        draft.roomType = field(&body, "roomType", "a string", string)
        draft.maxGuests = field(&body, "maxGuests", "an integer", int)
        draft.bedrooms = field(&body, "bedrooms", "an integer", int)
        draft.beds = field(&body, "beds", "an integer", int)
        draft.bathrooms = field(&body, "bathrooms", "a number") { value in
            guard case .number(let number) = value else { return nil }
            return number.double
        }
        draft.amenities = field(&body, "amenities", "an array of strings", strings)
        draft.photos = field(&body, "photos", "an array of strings", strings)
        draft.houseRules = field(&body, "houseRules", "an array of strings", strings)
        draft.timeZone = field(&body, "timeZone", "a string", string)
        draft.currency = field(&body, "currency", "a string", string)
        draft.basePrice = field(&body, "basePrice", "an integer (minor units)", int64)
        draft.weekendPrice = field(&body, "weekendPrice", "an integer (minor units)", int64)
        draft.cleaningFee = field(&body, "cleaningFee", "an integer (minor units)", int64)
        draft.extraGuestFee = field(&body, "extraGuestFee", "an integer (minor units)", int64)
        draft.guestsIncluded = field(&body, "guestsIncluded", "an integer", int)
        draft.weeklyDiscountBasisPoints = field(&body, "weeklyDiscountBasisPoints", "an integer", int)
        draft.monthlyDiscountBasisPoints = field(&body, "monthlyDiscountBasisPoints", "an integer", int)
        draft.minNights = field(&body, "minNights", "an integer", int)
        draft.maxNights = field(&body, "maxNights", "an integer", int)
        draft.checkinTime = field(&body, "checkinTime", "a string", string)
        draft.checkoutTime = field(&body, "checkoutTime", "a string", string)
        draft.cancellationPolicy = field(&body, "cancellationPolicy", "a string", string)
        draft.instantBook = field(&body, "instantBook", "a boolean") { value in
            guard case .bool(let flag) = value else { return nil }
            return flag
        }
        draft.availabilityWindowDays = field(&body, "availabilityWindowDays", "an integer", int)
        // Read-only members a client may send back as it got them.
        body.ignore("id", "status", "version", "locationName", "createdAt", "updatedAt")
        return draft
    }

    /// `PATCH /host/listings/{id}/calendar`: `{"changes": [...]}`; each change's problems
    /// are named `changes[i].field`.
    static func calendarChanges(_ body: inout JSONObjectReader) -> [CalendarChange] {
        guard let value = body.value("changes") else {
            body.fail("changes", "is required")
            return []
        }
        guard case .array(let items) = value else {
            body.fail("changes", "must be an array of changes")
            return []
        }
        var changes: [CalendarChange] = []
        for (index, item) in items.enumerated() {
            let name = "changes[\(index)]"
            guard case .object(let object) = item else {
                body.fail(name, "must be an object")
                continue
            }
            var reader = JSONObjectReader(object)
            let from = reader.string("from").flatMap { text -> CalendarDate? in
                let date = CalendarDate(text)
                if date == nil { reader.fail("from", "must be a date as YYYY-MM-DD") }
                return date
            }
            let to = reader.string("to").flatMap { text -> CalendarDate? in
                let date = CalendarDate(text)
                if date == nil { reader.fail("to", "must be a date as YYYY-MM-DD") }
                return date
            }
            let price = field(&reader, "price", "an integer (minor units) or null", int64)
            let available = reader.optionalBool("available")
            let minNights = field(&reader, "minNights", "an integer or null", int)
            let maxNights = field(&reader, "maxNights", "an integer or null", int)
            let closedToArrival = reader.optionalBool("closedToArrival")
            let closedToDeparture = reader.optionalBool("closedToDeparture")
            for issue in reader.allIssues { body.fail(name + "." + issue.name, issue.reason) }
            if let from, let to {
                changes.append(CalendarChange(from: from, to: to, price: price, available: available, minNights: minNights,
                                              maxNights: maxNights, closedToArrival: closedToArrival,
                                              closedToDeparture: closedToDeparture))
            }
        }
        return changes
    }

    // MARK: field readers

    private static func field<T>(_ body: inout JSONObjectReader, _ name: String, _ must: String,
                                 _ convert: (JSONValue) -> T?) -> DraftField<T> {
        guard let value = body.value(name) else { return .absent }
        if case .null = value { return .null }
        guard let converted = convert(value) else {
            body.fail(name, "must be \(must)")
            return .absent
        }
        return .set(converted)
    }

    private static func string(_ value: JSONValue) -> String? {
        guard case .string(let text) = value else { return nil }
        return text
    }

    private static func int64(_ value: JSONValue) -> Int64? {
        guard case .number(let number) = value, number.isIntegerLiteral else { return nil }
        return number.int64
    }

    private static func int(_ value: JSONValue) -> Int? { int64(value).map { Int($0) } }

    private static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { return nil }
            strings.append(text)
        }
        return strings
    }
}
