/// Where a host's listing stands: only a published one is in search, quotes and bookings.
public enum HostListingStatus: String, CaseIterable, Hashable, Sendable {
    case draft, published, unpublished
}

/// A listing as its host sees and edits it.
///
/// Promises: `version` starts at 1 and grows by one with every stored change of content or
/// status, so `etag` changes exactly when the listing does (`If-Match` compares it).
public struct HostListing: Hashable, Sendable {
    public var id: ListingID
    public var host: AccountID
    public var status: HostListingStatus
    public var content: HostListingContent
    public var version: Int64
    public var createdAt: Instant
    public var updatedAt: Instant

    public init(id: ListingID, host: AccountID, status: HostListingStatus, content: HostListingContent,
                version: Int64, createdAt: Instant, updatedAt: Instant) {
        self.id = id
        self.host = host
        self.status = status
        self.content = content
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The strong ETag of this version, quotes included: `"<id>.<version>"`.
    public var etag: String { Self.etag(id: id, version: version) }

    public static func etag(id: ListingID, version: Int64) -> String { "\"\(id).\(version)\"" }
}

/// A listing to insert (version 1).
public struct NewHostListing: Hashable, Sendable {
    public var host: AccountID
    public var content: HostListingContent
    public var createdAt: Instant
    public init(host: AccountID, content: HostListingContent, createdAt: Instant) {
        self.host = host
        self.content = content
        self.createdAt = createdAt
    }
}
