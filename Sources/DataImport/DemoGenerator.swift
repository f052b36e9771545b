import Foundation
import Domain

/// Generates a Korean demo catalog: the cities, districts and neighbourhoods of
/// `DemoGeography`, the landmarks of `DemoLandmarks`, and `listingCount` listings with a year
/// of calendar from `today`.
///
/// Promises:
/// - Deterministic: the same seed, count and date give the same locations and the same
///   listing sequence, on every platform (own PRNG, no system randomness, no network).
///   Listing `i` depends only on the seed, `i` and `today`, so it can be made on its own.
/// - Streaming: listings are made one at a time (`listing(at:)`, or iterate the generator);
///   nothing is kept between them, so memory stays flat for any `listingCount`.
/// - About 10% of the ids are above 2^53 (9_007_199_254_740_993 + index); the rest are
///   index + 1. Ids are unique.
/// - KRW prices, time zone Asia/Seoul.
public struct DemoGenerator: Sequence, Sendable {
    public let seed: UInt64
    public let listingCount: Int
    public let today: CalendarDate

    /// The first id of the large-id range: 2^53 + 1, the first integer a Double cannot hold.
    public static let largeIDBase: Int64 = 9_007_199_254_740_993
    public static let timeZone = "Asia/Seoul"
    /// Days of calendar generated (and `availableUntil` = today + this).
    public static let calendarDays = 365

    struct Slot: Sendable {
        var key: String
        var city: DemoGeography.City
        var place: DemoGeography.Place
        var district: DemoGeography.Place
        var isNeighbourhood: Bool
    }

    let slots: [Slot]
    let cumulativeWeights: [Double]

    public init(seed: UInt64, listingCount: Int, today: CalendarDate) {
        precondition(listingCount >= 0, "listingCount must not be negative")
        self.seed = seed
        self.listingCount = listingCount
        self.today = today
        var slots: [Slot] = []
        var cumulative: [Double] = []
        var total = 0.0
        for city in DemoGeography.cities {
            let cityWeight = city.districts.reduce(0) { $0 + $1.weight + $1.children.reduce(0) { $0 + $1.weight } }
            for district in city.districts {
                let districtKey = Self.key(city, district)
                total += city.weight * district.weight / cityWeight
                slots.append(Slot(key: districtKey, city: city, place: district, district: district, isNeighbourhood: false))
                cumulative.append(total)
                for child in district.children {
                    total += city.weight * child.weight / cityWeight
                    slots.append(Slot(key: districtKey + ":" + Self.slug(child.nameEnglish), city: city, place: child,
                                      district: district, isNeighbourhood: true))
                    cumulative.append(total)
                }
            }
        }
        self.slots = slots
        self.cumulativeWeights = cumulative
    }

    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    static func key(_ city: DemoGeography.City) -> String { "demo:\(city.slug)" }
    static func key(_ city: DemoGeography.City, _ district: DemoGeography.Place) -> String {
        "demo:\(city.slug):\(slug(district.nameEnglish))"
    }

    /// The picture of the location with `key` ("demo:seoul:gangnam-gu" → seoul-gangnam-gu).
    static func imagePath(_ key: String) -> String {
        DemoImagePath.location(slug: String(key.dropFirst("demo:".count)).replacingOccurrences(of: ":", with: "-"))
    }

    /// Every location, parents before children.
    public var locations: [LocationDraft] {
        var drafts: [LocationDraft] = []
        for city in DemoGeography.cities {
            let cityKey = Self.key(city)
            drafts.append(LocationDraft(
                externalKey: cityKey, parentKey: nil, kind: .city, name: city.name, nameEnglish: city.nameEnglish,
                fullName: city.fullName, fullNameEnglish: city.fullNameEnglish,
                coordinate: Coordinate(latitude: city.latitude, longitude: city.longitude),
                imageURL: Self.imagePath(cityKey)))
            for district in city.districts {
                let districtKey = Self.key(city, district)
                drafts.append(LocationDraft(
                    externalKey: districtKey, parentKey: cityKey, kind: .district, name: district.name,
                    nameEnglish: district.nameEnglish, fullName: "\(city.fullName) \(district.name)",
                    fullNameEnglish: "\(district.nameEnglish), \(city.fullNameEnglish)",
                    coordinate: Coordinate(latitude: district.latitude, longitude: district.longitude),
                    imageURL: Self.imagePath(districtKey)))
                for child in district.children {
                    let childKey = districtKey + ":" + Self.slug(child.nameEnglish)
                    drafts.append(LocationDraft(
                        externalKey: childKey, parentKey: districtKey, kind: .neighbourhood, name: child.name,
                        nameEnglish: child.nameEnglish, fullName: "\(city.fullName) \(district.name) \(child.name)",
                        fullNameEnglish: "\(child.nameEnglish), \(district.nameEnglish), \(city.fullNameEnglish)",
                        coordinate: Coordinate(latitude: child.latitude, longitude: child.longitude),
                        imageURL: Self.imagePath(childKey)))
                }
            }
        }
        // After every place, so that adding landmarks leaves the places' ids as they were.
        for landmark in DemoLandmarks.all { drafts.append(Self.draft(landmark)) }
        return drafts
    }

    /// A landmark under its district (or city), with the district's names in its full names.
    public static func draft(_ landmark: DemoLandmarks.Landmark) -> LocationDraft {
        guard let city = DemoGeography.cities.first(where: { $0.slug == landmark.city }) else {
            preconditionFailure("landmark \(landmark.name) in unknown city \(landmark.city)")
        }
        let district = landmark.district.map { name in
            guard let district = city.districts.first(where: { $0.name == name }) else {
                preconditionFailure("landmark \(landmark.name) in unknown district \(name) of \(city.slug)")
            }
            return district
        }
        let key = "demo:\(city.slug):landmark:\(slug(landmark.nameEnglish))"
        return LocationDraft(
            externalKey: key, parentKey: district.map { Self.key(city, $0) } ?? Self.key(city), kind: .landmark,
            name: landmark.name, nameEnglish: landmark.nameEnglish,
            fullName: [city.fullName, district?.name, landmark.name].compactMap { $0 }.joined(separator: " "),
            fullNameEnglish: [landmark.nameEnglish, district?.nameEnglish, city.fullNameEnglish].compactMap { $0 }
                .joined(separator: ", "),
            coordinate: Coordinate(latitude: landmark.latitude, longitude: landmark.longitude),
            imageURL: Self.imagePath(key),
            aliases: landmark.aliases, searchRadiusKm: landmark.searchRadiusKm)
    }

    /// The id of listing `index`.
    public func id(at index: Int) -> ListingID {
        let isLarge = SplitMix64.mix(seed ^ 0x1D5_0F_1A_46E ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03)) % 10 == 0
        return ListingID(isLarge ? Self.largeIDBase + Int64(index) : Int64(index) + 1)
    }

    /// Listing number `index` (0 ..< listingCount) with its calendar.
    public func listing(at index: Int) -> DemoListing {
        precondition((0..<listingCount).contains(index), "listing index out of range")
        var rng = SplitMix64(seed: SplitMix64.mix(seed) &+ UInt64(index) &* 0xA076_1D64_78BD_642F)
        var maker = DemoListingMaker(generator: self, index: index, rng: rng.fork())
        return maker.make()
    }

    func slot(for value: Double) -> Slot {
        let target = value * (cumulativeWeights.last ?? 0)
        var low = 0
        var high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] > target { high = middle } else { low = middle + 1 }
        }
        return slots[low]
    }

    public struct Iterator: IteratorProtocol {
        let generator: DemoGenerator
        var index = 0
        public mutating func next() -> DemoListing? {
            guard index < generator.listingCount else { return nil }
            defer { index += 1 }
            return generator.listing(at: index)
        }
    }

    public func makeIterator() -> Iterator { Iterator(generator: self) }
    public var underestimatedCount: Int { listingCount }
}

extension SplitMix64 {
    /// A generator seeded from this one's next output (decorrelates nearby seeds).
    mutating func fork() -> SplitMix64 { SplitMix64(seed: next()) }
}
