import Domain

extension QueryReader {
    /// The area, stay, guest, room-type and price parameters `/listings` and
    /// `/price-histogram` share. `today` bounds the check-in.
    mutating func listingFilter(today: CalendarDate) -> ListingFilter {
        var filter = ListingFilter()
        let locationID = locationID("locationId")
        let box = boundingBox("bbox")
        if locationID != nil, box != nil {
            fail("bbox", "cannot be combined with locationId")
        } else if let locationID {
            filter.area = .location(locationID)
        } else if let box {
            filter.area = .boundingBox(box)
        }
        var domainIssues: [ParameterIssue] = []
        filter.stay = StayQuery.parse(checkin: string("checkin"), checkout: string("checkout"),
                                           today: today, issues: &domainIssues)
        filter.guests = guests(&domainIssues)
        add(domainIssues)
        filter.roomTypes = roomTypes("roomType")
        filter.minPrice = amount("minPrice")
        filter.maxPrice = amount("maxPrice")
        filter.minRating = double("minRating", in: 0...5)
        if let min = filter.minPrice, let max = filter.maxPrice, min > max {
            fail("maxPrice", "must not be less than minPrice")
        }
        filter.attributes = attributeFilter(today: today, hasStay: filter.stay != nil)
        return filter
    }

    /// `amenities`, `instantBook`, `minBedrooms`, `minBeds`, `minBathrooms`, `superhost`,
    /// `freeCancellation`. A `false` flag asks nothing (the same as leaving it out).
    /// `freeCancellation` judges the policies on `today`, the date that bounds the check-in.
    mutating func attributeFilter(today: CalendarDate, hasStay: Bool) -> ListingAttributeFilter {
        var attributes = ListingAttributeFilter()
        attributes.amenities = amenityCodes("amenities")
        attributes.instantBookOnly = flag("instantBook")
        attributes.minBedrooms = integer("minBedrooms", in: 1...50)
        attributes.minBeds = integer("minBeds", in: 1...50)
        if let raw = string("minBathrooms") {
            // Listings count bathrooms in halves (1.5: a shower room without a bath).
            if let value = Double(raw), value.isFinite, raw.first != "+", (0.5...50).contains(value),
               (value * 2).rounded() == value * 2 {
                attributes.minBathrooms = value
            } else {
                fail("minBathrooms", "must be a number of bathrooms from 0.5 to 50, in halves (1, 1.5, 2, ...)")
            }
        }
        attributes.superhostOnly = flag("superhost")
        if flag("freeCancellation") {
            if hasStay {
                attributes.freeCancellationOn = today
            } else if string("checkin") == nil && string("checkout") == nil {
                fail("freeCancellation", "needs checkin and checkout: whether a stay can still be cancelled for free depends on its check-in")
            }
        }
        return attributes
    }

    /// `true` or `false`; absent is false.
    mutating func flag(_ name: String) -> Bool {
        guard let raw = string(name) else { return false }
        switch raw {
        case "true": return true
        case "false": return false
        default:
            fail(name, "must be true or false")
            return false
        }
    }

    /// A comma list of amenity codes (`GET /amenities`); empty means no amenity is required.
    mutating func amenityCodes(_ name: String) -> Set<AmenityCode> {
        guard let raw = string(name) else { return [] }
        var codes = Set<AmenityCode>()
        var unknown: [String] = []
        for part in raw.pieces(separatedBy: UInt8(ascii: ",")) {
            let text = String(part.trimmingSpaces)
            if let code = AmenityCode(rawValue: text) { codes.insert(code) } else { unknown.append(text) }
        }
        if !unknown.isEmpty {
            fail(name, "must be a comma list of amenity codes (GET /amenities); unknown: " + unknown.joined(separator: ", "))
            return []
        }
        return codes
    }

    mutating func guests(_ issues: inout [ParameterIssue]) -> GuestCount {
        GuestQuery.parse(adults: string("adults"), children: string("children"), infants: string("infants"),
                              issues: &issues)
    }
}
