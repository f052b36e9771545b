import Domain

/// One listing's values that `ListingAttributeFilter` looks at, packed for the scan (24
/// bytes, one per slot). Read only by searches that filter on them.
///
/// Exact by construction: bedrooms and beds are clamped to `Int32` (`Int32.min` for a
/// listing that does not say), and the queries the index answers keep their minimum inside
/// `Int32.min + 1 ... Int32.max` (`SearchIndexAttributeQuery`), where a clamped value
/// compares as the stored one does; bathrooms are NaN when unknown, which no minimum admits.
package struct SearchIndexAttributes {
    /// `AmenityCode.bit`s of the listing's amenity strings.
    let amenities: UInt64
    let bathrooms: Double
    let bedrooms: Int32
    let beds: Int32
    /// `instantBook` | `superhost`.
    let flags: UInt8
    /// `1 << index in CancellationPolicy.allCases`; `unknownPolicy` for one that does not
    /// decode, which no free-cancellation filter admits (as SQL's `IN` does not).
    let policy: UInt8

    static let instantBook: UInt8 = 1
    static let superhost: UInt8 = 2
    static let unknownPolicy: UInt8 = 0x80

    package init(amenities: UInt64, bathrooms: Double?, bedrooms: Int64?, beds: Int64?, instantBook: Bool, superhost: Bool,
         policy: CancellationPolicy?) {
        self.amenities = amenities
        self.bathrooms = bathrooms ?? .nan
        self.bedrooms = bedrooms.map { Int32(clamping: $0) } ?? .min
        self.beds = beds.map { Int32(clamping: $0) } ?? .min
        flags = (instantBook ? Self.instantBook : 0) | (superhost ? Self.superhost : 0)
        self.policy = policy.map(Self.bit) ?? Self.unknownPolicy
    }

    static func bit(of policy: CancellationPolicy) -> UInt8 {
        1 << UInt8(CancellationPolicy.allCases.firstIndex(of: policy)!)
    }
}

/// A `ListingAttributeFilter` (and the stay it applies to) as the scan compares it; built
/// once per search.
struct SearchIndexAttributeQuery {
    /// Every bit must be set in the listing's `amenities`.
    let amenities: UInt64
    /// Every bit must be set in the listing's `flags`.
    let flags: UInt8
    /// `Int32.min` when not asked (every listing passes, unknowns too).
    let minBedrooms: Int32
    let minBeds: Int32
    let minBathrooms: Double?
    /// The listing's `policy` bit must be one of these (all ones when not asked, which
    /// `unknownPolicy` passes too).
    let policies: UInt8

    /// Nil when a minimum lies outside what the index compares exactly (`Int32.min + 1 ...
    /// Int32.max`): SQL answers those.
    init?(_ filter: ListingAttributeFilter, stay: Stay?) {
        func minimum(_ value: Int?) -> Int32? {
            guard let value else { return .min }
            guard let narrow = Int32(exactly: value), narrow > .min else { return nil }
            return narrow
        }
        guard let minBedrooms = minimum(filter.minBedrooms), let minBeds = minimum(filter.minBeds) else { return nil }
        amenities = AmenityCode.mask(filter.amenities)
        flags = (filter.instantBookOnly ? SearchIndexAttributes.instantBook : 0)
            | (filter.superhostOnly ? SearchIndexAttributes.superhost : 0)
        self.minBedrooms = minBedrooms
        self.minBeds = minBeds
        minBathrooms = filter.minBathrooms
        policies = filter.freeCancellationPolicies(stay: stay)
            .map { $0.reduce(UInt8(0)) { $0 | SearchIndexAttributes.bit(of: $1) } } ?? .max
    }

    @inline(__always)
    func admits(_ listing: SearchIndexAttributes) -> Bool {
        guard listing.amenities & amenities == amenities, listing.flags & flags == flags,
              listing.policy & policies != 0,
              listing.bedrooms >= minBedrooms, listing.beds >= minBeds else { return false }
        if let minBathrooms { return listing.bathrooms >= minBathrooms }
        return true
    }
}
