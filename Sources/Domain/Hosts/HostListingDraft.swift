import Foundation

/// The body of `POST /host/listings` and `PATCH /host/listings/{id}`, as the client sent
/// it (types already read from JSON; the route reports a wrong JSON type itself).
///
/// Promises of `applied(to:regionTimeZone:)`: only the fields sent change; each sent field
/// is checked on its own, then the merged listing as a whole (`minNights <= maxNights`,
/// `guestsIncluded <= maxGuests`); every bad field is named in one
/// `StaysError.invalidParameters`, by its JSON name (`photos[2]` for one element), in the
/// order of the fields below. Text is trimmed of surrounding whitespace.
public struct HostListingDraft: Hashable, Sendable {
    public var title: DraftField<String> = .absent
    public var description: DraftField<String> = .absent
    public var locationID: DraftField<LocationID> = .absent
    public var coordinate: DraftField<Coordinate> = .absent
    public var address: DraftField<String> = .absent
    public var roomType: DraftField<String> = .absent
    public var maxGuests: DraftField<Int> = .absent
    public var bedrooms: DraftField<Int> = .absent
    public var beds: DraftField<Int> = .absent
    public var bathrooms: DraftField<Double> = .absent
    public var amenities: DraftField<[String]> = .absent
    public var photos: DraftField<[String]> = .absent
    public var houseRules: DraftField<[String]> = .absent
    public var timeZone: DraftField<String> = .absent
    public var currency: DraftField<String> = .absent
    public var basePrice: DraftField<Int64> = .absent
    public var weekendPrice: DraftField<Int64> = .absent
    public var cleaningFee: DraftField<Int64> = .absent
    public var extraGuestFee: DraftField<Int64> = .absent
    public var guestsIncluded: DraftField<Int> = .absent
    public var weeklyDiscountBasisPoints: DraftField<Int> = .absent
    public var monthlyDiscountBasisPoints: DraftField<Int> = .absent
    public var minNights: DraftField<Int> = .absent
    public var maxNights: DraftField<Int> = .absent
    public var checkinTime: DraftField<String> = .absent
    public var checkoutTime: DraftField<String> = .absent
    public var cancellationPolicy: DraftField<String> = .absent
    public var instantBook: DraftField<Bool> = .absent
    public var availabilityWindowDays: DraftField<Int> = .absent

    public init() {}

    /// The limits every field is held to.
    public enum Limits {
        public static let title = 1...100
        public static let description = 0...5000
        public static let address = 0...500
        public static let maxGuests = 1...50
        public static let bedrooms = 0...50
        public static let beds = 0...100
        /// In steps of a half (a half bath is a toilet without a shower).
        public static let bathrooms = 0.0...50.0
        public static let amenities = 100
        public static let amenityLength = 1...100
        public static let photos = 50
        public static let photoURLLength = 2048
        public static let houseRules = 50
        public static let houseRuleLength = 1...500
        /// Minor units: `Money.maximumAmount`.
        public static let money: ClosedRange<Int64> = 0...Money.maximumAmount
        public static let basisPoints = 0...10_000
        public static let nights = 1...StayParameters.maxNights
        public static let availabilityWindowDays = 1...730
    }

    /// `base` with the sent fields applied, or `invalidParameters` naming every bad field.
    /// - Parameter regionTimeZone: the time zone of the region `locationID` names, when the
    ///   draft sets one and it exists (nil: no such region, which is an issue). On a new
    ///   listing (`isNew`) without a `timeZone`, the listing takes the region's.
    public func applied(to base: HostListingContent, regionTimeZone: String?,
                        isNew: Bool = false) throws(StaysError) -> HostListingContent {
        var checker = Checker(content: base)
        checker.apply(self, regionTimeZone: regionTimeZone, isNew: isNew)
        guard checker.issues.isEmpty else { throw .invalidParameters(checker.issues) }
        return checker.content
    }

    /// Whether `text` is `HH:MM` on a 24-hour clock (00:00...23:59).
    public static func isClockTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":") else { return false }
        let digits = [bytes[0], bytes[1], bytes[3], bytes[4]].map { Int($0) - 48 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        return digits[0] * 10 + digits[1] < 24 && digits[2] * 10 + digits[3] < 60
    }

    /// Whether `name` is an IANA time zone name this system knows: `Area/Location` (such
    /// as `Asia/Seoul`, `America/Argentina/Buenos_Aires`, `Etc/GMT-9`) or `UTC`. Offsets
    /// and abbreviations Foundation also takes (`GMT+0900`, `EST`) are refused: they name
    /// no place, and no daylight-saving rule follows them.
    public static func isIANATimeZone(_ name: String) -> Bool {
        (name == "UTC" || name.contains("/")) && TimeZone(identifier: name) != nil
    }

    /// Why `text` is not a photo URL the listing can show (an absolute https URL with a
    /// host, at most `Limits.photoURLLength` bytes), or nil when it is.
    public static func photoURLProblem(_ text: String) -> String? {
        guard text.utf8.count <= Limits.photoURLLength else {
            return "must be at most \(Limits.photoURLLength) bytes"
        }
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
              let host = components.host, !host.isEmpty, !text.contains(where: \.isWhitespace) else {
            return "must be an https URL"
        }
        return nil
    }
}
