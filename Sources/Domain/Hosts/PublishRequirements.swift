/// Something a listing must have before it is published. Raw values are what clients
/// receive in the 422's list.
public enum PublishRequirement: String, CaseIterable, Hashable, Sendable {
    case title, photos, price, location
    case verifiedEmail
}

/// What is missing to publish a listing, in `PublishRequirement.allCases` order; empty
/// when it can be published. A title (non-empty), at least one photo, a base price, a
/// region and a coordinate, and an owner whose email is verified.
public enum PublishRequirements {
    public static func missing(_ content: HostListingContent, emailVerified: Bool) -> [PublishRequirement] {
        var missing: [PublishRequirement] = []
        if content.title.isEmpty { missing.append(.title) }
        if content.photos.isEmpty { missing.append(.photos) }
        if content.basePrice == nil { missing.append(.price) }
        if content.locationID == nil || content.coordinate == nil { missing.append(.location) }
        if !emailVerified { missing.append(.verifiedEmail) }
        return missing
    }
}
