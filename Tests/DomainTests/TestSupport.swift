@testable import Domain

func date(_ text: String) -> CalendarDate {
    guard let value = CalendarDate(text) else { fatalError("bad test date \(text)") }
    return value
}

func stay(_ checkin: String, _ checkout: String) -> Stay {
    Stay(checkin: date(checkin), checkout: date(checkout))!
}

func makeListing(id: Int64 = 1, pricing: PricingRules = PricingRules(basePrice: 100_000), currency: CurrencyCode = .krw,
                 maxGuests: Int = 4, minNights: Int = 1, maxNights: Int = 365, availableUntil: CalendarDate? = nil,
                 locationID: Int64 = 1, timeZone: String = "Asia/Seoul") -> Listing {
    Listing(id: ListingID(id), locationID: LocationID(locationID), title: "Listing \(id)", description: "",
            roomType: .entireHome, coordinate: Coordinate(latitude: 37.5, longitude: 127.0), timeZone: timeZone,
            currency: currency, photoURLs: [], amenities: [], host: Host(name: "Host", isSuperhost: false, since: nil),
            maxGuests: maxGuests, bedrooms: 1, beds: 1, bathrooms: 1, rating: 4.8, reviewCount: 10, pricing: pricing,
            minNights: minNights, maxNights: maxNights, availableUntil: availableUntil)
}

/// Lower-case hex of a digest, to compare with `sha256sum` output.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
}
