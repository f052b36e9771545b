import Domain
import JSON

extension JSONWriter {
    mutating func coordinate(_ coordinate: Coordinate) {
        object {
            $0.field("lat", coordinate.latitude)
            $0.field("lng", coordinate.longitude)
        }
    }

    mutating func boundingBox(_ box: BoundingBox?) {
        guard let box else { null(); return }
        object {
            $0.key("southWest"); $0.coordinate(box.southWest)
            $0.key("northEast"); $0.coordinate(box.northEast)
        }
    }

    /// The fields a search result and the listing screen share.
    mutating func listingSummaryFields(_ listing: Listing, locationName: String, nightlyPrice: Int64, totalPrice: Int64?) {
        field("id", listing.id.description)
        field("title", listing.title)
        field("roomType", listing.roomType.rawValue)
        field("locationName", locationName)
        key("coordinate"); coordinate(listing.coordinate)
        field("photoUrl", listing.photoURLs.first)
        field("rating", listing.rating)
        field("reviewCount", listing.reviewCount)
        field("isSuperhost", listing.host.isSuperhost)
        field("maxGuests", listing.maxGuests)
        field("bedrooms", listing.bedrooms)
        field("beds", listing.beds)
        field("bathrooms", listing.bathrooms)
        field("nightlyPrice", nightlyPrice)
        field("totalPrice", totalPrice)
        field("currency", listing.currency.rawValue)
    }

    /// The listing screen: the summary plus everything the detail page shows.
    mutating func listingDetail(_ listing: Listing, locationName: String) {
        object {
            $0.listingSummaryFields(listing, locationName: locationName,
                                    nightlyPrice: listing.pricing.basePrice, totalPrice: nil)
            $0.field("description", listing.description)
            $0.field("photos", strings: listing.photoURLs)
            $0.field("amenities", strings: listing.amenities)
            $0.key("host")
            $0.object {
                $0.field("name", listing.host.name)
                $0.field("isSuperhost", listing.host.isSuperhost)
                $0.field("since", date: listing.host.since)
            }
            $0.field("checkinTime", listing.checkinTime)
            $0.field("checkoutTime", listing.checkoutTime)
            $0.field("instantBook", listing.instantBook)
            $0.field("houseRules", strings: listing.houseRules)
            $0.key("pricing")
            $0.object {
                $0.field("basePrice", listing.pricing.basePrice)
                $0.field("weekendPrice", listing.pricing.weekendPrice)
                $0.field("extraGuestFee", listing.pricing.extraGuestFee)
                $0.field("guestsIncluded", listing.pricing.guestsIncluded)
                $0.field("cleaningFee", listing.pricing.cleaningFee)
                $0.field("weeklyDiscountBasisPoints", listing.pricing.weeklyDiscountBasisPoints)
                $0.field("monthlyDiscountBasisPoints", listing.pricing.monthlyDiscountBasisPoints)
            }
            $0.field("cleaningFee", listing.pricing.cleaningFee)
            $0.field("minNights", listing.minNights)
            $0.field("maxNights", listing.maxNights)
            $0.field("timeZone", listing.timeZone)
            $0.field("cancellationPolicy", listing.cancellationPolicy.rawValue)
        }
    }
}

extension JSONWriter {
    /// A calendar date as a JSON string `"YYYY-MM-DD"`, written digit by digit (calendars
    /// write hundreds of dates per response).
    mutating func date(_ date: CalendarDate) {
        withUnsafeTemporaryAllocation(byteCount: 12, alignment: 1) { text in
            Self.writeQuoted(date, into: text)
            raw(UnsafeRawBufferPointer(text))
        }
    }

    /// A date as a JSON string, with no separator (see `fragment(_:)`).
    @inline(__always) mutating func fragment(date: CalendarDate) {
        fragment(count: 12) { Self.writeQuoted(date, into: $0) }
    }

    /// `"YYYY-MM-DD"` with its quotes into 12 bytes, digit by digit: no formatter, no allocation.
    @inline(__always) static func writeQuoted(_ date: CalendarDate, into text: UnsafeMutableRawBufferPointer) {
        var year = date.year
        for index in stride(from: 4, through: 1, by: -1) { text[index] = 48 + UInt8(year % 10); year /= 10 }
        text[0] = 34; text[5] = 45; text[8] = 45; text[11] = 34
        text[6] = 48 + UInt8(date.month / 10); text[7] = 48 + UInt8(date.month % 10)
        text[9] = 48 + UInt8(date.day / 10); text[10] = 48 + UInt8(date.day % 10)
    }

    mutating func field(_ name: StaticString, date value: CalendarDate?) {
        key(name)
        if let value { date(value) } else { null() }
    }
}
