/// A calendar import's id (random, below 2^53, like reservation ids). Served as a JSON string.
public struct CalendarImportID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// Another channel's iCalendar feed a listing imports, and where its syncing stands.
public struct CalendarImport: Hashable, Sendable {
    /// How the last sync ended.
    public enum Status: String, Sendable {
        case ok, failed
    }

    public var id: CalendarImportID
    public var listingID: ListingID
    public var name: String
    public var url: String
    /// The last 4 characters of the import's own export token (the URL itself is shown
    /// only when it is made).
    public var exportTokenHint: String
    public var createdAt: Instant
    /// When the last sync ended, successful or not; nil before the first.
    public var lastSyncedAt: Instant?
    public var lastStatus: Status?
    /// Why the last sync failed (nil after a good one).
    public var lastError: String?
    /// Events read by the last good sync.
    public var eventCount: Int
    /// Nights the last good sync holds.
    public var nightCount: Int
    /// What the last good sync could not read, one line each.
    public var warnings: [String]
    /// Failed syncs in a row since the last good one: at 3 the host is told.
    public var consecutiveFailures: Int
    public var nextSyncAt: Instant

    public init(id: CalendarImportID, listingID: ListingID, name: String, url: String, exportTokenHint: String,
                createdAt: Instant, lastSyncedAt: Instant? = nil, lastStatus: Status? = nil, lastError: String? = nil,
                eventCount: Int = 0, nightCount: Int = 0, warnings: [String] = [], consecutiveFailures: Int = 0,
                nextSyncAt: Instant) {
        self.id = id
        self.listingID = listingID
        self.name = name
        self.url = url
        self.exportTokenHint = exportTokenHint
        self.createdAt = createdAt
        self.lastSyncedAt = lastSyncedAt
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.eventCount = eventCount
        self.nightCount = nightCount
        self.warnings = warnings
        self.consecutiveFailures = consecutiveFailures
        self.nextSyncAt = nextSyncAt
    }

    /// Failures in a row after which the host must be told (the import shows `failing`).
    public static let failuresBeforeAlert = 3
    public var needsAttention: Bool { consecutiveFailures >= Self.failuresBeforeAlert }
}

/// An imported night a Stays reservation (or pending request) holds: the reservation stays,
/// and the host sees the conflict.
public struct CalendarConflict: Hashable, Sendable {
    public var date: CalendarDate
    public var reservationID: ReservationID
    public init(date: CalendarDate, reservationID: ReservationID) {
        self.date = date
        self.reservationID = reservationID
    }
}
