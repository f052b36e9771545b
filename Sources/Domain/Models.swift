/// A point on the earth in WGS 84 degrees.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public enum RoomType: String, CaseIterable, Sendable {
    case entireHome = "entire_home"
    case privateRoom = "private_room"
    case sharedRoom = "shared_room"
    case hotelRoom = "hotel_room"
}

public enum LocationKind: String, CaseIterable, Sendable {
    case city, district, neighbourhood
    /// A well-known place (a palace, market, station, airport, ...): it holds no listings;
    /// searching it searches the listings around it (`Location.searchRadiusKm`).
    case landmark

    /// A region a guest browses (`/locations/popular`, `/locations/nearby`): cities,
    /// districts and neighbourhoods hold listings; a landmark is a point found by name, and
    /// its count overlaps the regions' around it.
    public var isDestination: Bool { self != .landmark }
}

/// An ISO 4217 currency code with its minor-unit exponent.
public struct CurrencyCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// nil unless `code` (any case) is an active ISO 4217 currency (`activeISO4217`).
    public init?(validating code: String) {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }),
              Self.activeISO4217.contains(code.uppercased()) else { return nil }
        self.rawValue = code.uppercased()
    }

    /// The currencies of ISO 4217's list of active codes (2025), without funds, precious
    /// metals and test codes (XAU, XDR, XTS, ...), which no listing is priced in.
    public static let activeISO4217: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD",
        "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY",
        "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP",
        "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR",
        "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT",
        "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR",
        "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK",
        "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD",
        "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY",
        "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD",
        "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG"
    ]
    public static let krw = CurrencyCode(rawValue: "KRW")

    /// Digits after the decimal point in the minor unit (KRW and JPY have none).
    public var minorUnitDigits: Int {
        switch rawValue {
        case "KRW", "JPY", "VND", "CLP", "ISK", "PYG", "UGX", "XAF", "XOF": return 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD": return 3
        default: return 2
        }
    }
}

/// A city, district, neighbourhood or landmark guests can search.
public struct Location: Hashable, Sendable {
    public var id: LocationID
    public var parentID: LocationID?
    public var kind: LocationKind
    public var name: String
    public var nameEnglish: String
    public var fullName: String
    public var fullNameEnglish: String
    public var coordinate: Coordinate
    public var imageURL: String?
    /// Listings in this location and every location below it; for a landmark, the listings
    /// within `searchRadiusKm` of it.
    public var listingCount: Int
    /// Other names autocomplete finds it by (`인천공항` for 인천국제공항).
    public var aliases: [String]
    /// A landmark's default search radius (its listings are those within it); nil for the
    /// other kinds, whose listings are those inside them.
    public var searchRadiusKm: Double?
    /// The box around the place's own area, when the catalog knows it (an imported
    /// neighbourhood's polygon); nil otherwise.
    public var area: BoundingBox?

    public init(id: LocationID, parentID: LocationID?, kind: LocationKind, name: String, nameEnglish: String,
                fullName: String, fullNameEnglish: String, coordinate: Coordinate, imageURL: String?, listingCount: Int,
                aliases: [String] = [], searchRadiusKm: Double? = nil, area: BoundingBox? = nil) {
        self.id = id
        self.parentID = parentID
        self.kind = kind
        self.name = name
        self.nameEnglish = nameEnglish
        self.fullName = fullName
        self.fullNameEnglish = fullNameEnglish
        self.coordinate = coordinate
        self.imageURL = imageURL
        self.listingCount = listingCount
        self.aliases = aliases
        self.searchRadiusKm = searchRadiusKm
        self.area = area
    }
}

/// The host's prices for a listing. All amounts in minor units of the listing's currency;
/// rates in basis points (1% = 100).
public struct PricingRules: Hashable, Sendable {
    public var basePrice: Int64
    /// Friday and Saturday nights, when set.
    public var weekendPrice: Int64?
    /// Per night, for each guest above `guestsIncluded` (adults + children).
    public var extraGuestFee: Int64
    public var guestsIncluded: Int
    public var cleaningFee: Int64
    public var weeklyDiscountBasisPoints: Int
    public var monthlyDiscountBasisPoints: Int

    public init(basePrice: Int64, weekendPrice: Int64? = nil, extraGuestFee: Int64 = 0, guestsIncluded: Int = 1,
                cleaningFee: Int64 = 0, weeklyDiscountBasisPoints: Int = 0, monthlyDiscountBasisPoints: Int = 0) {
        self.basePrice = basePrice
        self.weekendPrice = weekendPrice
        self.extraGuestFee = extraGuestFee
        self.guestsIncluded = guestsIncluded
        self.cleaningFee = cleaningFee
        self.weeklyDiscountBasisPoints = weeklyDiscountBasisPoints
        self.monthlyDiscountBasisPoints = monthlyDiscountBasisPoints
    }
}

public struct Host: Hashable, Sendable {
    public var name: String
    public var isSuperhost: Bool
    public var since: CalendarDate?
    public init(name: String, isSuperhost: Bool, since: CalendarDate?) {
        self.name = name
        self.isSuperhost = isSuperhost
        self.since = since
    }
}

/// A place to stay, with everything the listing screen shows.
public struct Listing: Hashable, Sendable {
    public var id: ListingID
    public var locationID: LocationID
    public var title: String
    public var description: String
    public var roomType: RoomType
    public var coordinate: Coordinate
    /// IANA time zone name; the listing's calendar dates are dates in this zone.
    public var timeZone: String
    public var currency: CurrencyCode
    public var photoURLs: [String]
    public var amenities: [String]
    public var host: Host
    public var maxGuests: Int
    public var bedrooms: Int?
    public var beds: Int?
    public var bathrooms: Double?
    /// 0...5; nil when there are no reviews.
    public var rating: Double?
    public var reviewCount: Int
    public var pricing: PricingRules
    public var minNights: Int
    public var maxNights: Int
    public var checkinTime: String
    public var checkoutTime: String
    public var houseRules: [String]
    /// Nights on or after this date cannot be booked; nil for no limit.
    public var availableUntil: CalendarDate?
    /// Higher comes first in the `recommended` order.
    public var recommendationScore: Int
    public var cancellationPolicy: CancellationPolicy
    /// false: a guest's booking is a request the host accepts or declines (issue 27).
    public var instantBook = true

    public init(id: ListingID, locationID: LocationID, title: String, description: String, roomType: RoomType,
                coordinate: Coordinate, timeZone: String, currency: CurrencyCode, photoURLs: [String],
                amenities: [String], host: Host, maxGuests: Int, bedrooms: Int?, beds: Int?, bathrooms: Double?,
                rating: Double?, reviewCount: Int, pricing: PricingRules, minNights: Int, maxNights: Int,
                checkinTime: String = "15:00", checkoutTime: String = "11:00", houseRules: [String] = [],
                availableUntil: CalendarDate? = nil, recommendationScore: Int = 0,
                cancellationPolicy: CancellationPolicy = .moderate) {
        self.id = id
        self.locationID = locationID
        self.title = title
        self.description = description
        self.roomType = roomType
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.currency = currency
        self.photoURLs = photoURLs
        self.amenities = amenities
        self.host = host
        self.maxGuests = maxGuests
        self.bedrooms = bedrooms
        self.beds = beds
        self.bathrooms = bathrooms
        self.rating = rating
        self.reviewCount = reviewCount
        self.pricing = pricing
        self.minNights = minNights
        self.maxNights = maxNights
        self.checkinTime = checkinTime
        self.checkoutTime = checkoutTime
        self.houseRules = houseRules
        self.availableUntil = availableUntil
        self.recommendationScore = recommendationScore
        self.cancellationPolicy = cancellationPolicy
    }
}

public enum DayStatus: String, Sendable, CaseIterable {
    case available, booked, blocked
}

/// One day of a listing's calendar that differs from the listing's defaults. A date with
/// no entry is available at the listing's own prices and min/max nights.
public struct CalendarEntry: Hashable, Sendable {
    public var date: CalendarDate
    public var status: DayStatus
    /// Overrides the nightly price of this date.
    public var price: Int64?
    /// Overrides the minimum / maximum nights of a stay that checks in on this date.
    public var minNights: Int?
    public var maxNights: Int?
    public var closedToArrival: Bool
    public var closedToDeparture: Bool

    public init(date: CalendarDate, status: DayStatus = .available, price: Int64? = nil, minNights: Int? = nil,
                maxNights: Int? = nil, closedToArrival: Bool = false, closedToDeparture: Bool = false) {
        self.date = date
        self.status = status
        self.price = price
        self.minNights = minNights
        self.maxNights = maxNights
        self.closedToArrival = closedToArrival
        self.closedToDeparture = closedToDeparture
    }
}
