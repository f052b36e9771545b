/// An in-app notification's id. Served as a JSON string.
public struct NotificationID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// Which side of an event an account is on: the wording differs ("your booking" for the
/// guest, "a booking of your listing" for the host).
public enum EventAudience: String, Hashable, Sendable {
    case guest, host
}

/// One notification as stored: the event it tells of, for whom, read or not. The text is
/// made when it is read (`NotificationText`), in the reader's current language.
public struct StoredNotification: Hashable, Sendable {
    public var id: NotificationID
    public var type: EventType
    public var audience: EventAudience
    public var snapshot: EventSnapshot
    public var createdAt: Instant
    public var readAt: Instant?

    public init(id: NotificationID, type: EventType, audience: EventAudience, snapshot: EventSnapshot,
                createdAt: Instant, readAt: Instant?) {
        self.id = id
        self.type = type
        self.audience = audience
        self.snapshot = snapshot
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

/// A notification as the API shows it: title and body in the account's language.
public struct AppNotification: Hashable, Sendable {
    public var id: NotificationID
    public var type: EventType
    public var title: String
    public var body: String
    public var listingID: ListingID?
    public var reservationID: ReservationID?
    public var createdAt: Instant
    public var readAt: Instant?

    public init(_ stored: StoredNotification, in language: Language) {
        id = stored.id
        type = stored.type
        (title, body) = NotificationText.make(stored.type, stored.snapshot, for: stored.audience, in: language)
        listingID = stored.snapshot.listingID
        reservationID = stored.snapshot.reservationID
        createdAt = stored.createdAt
        readAt = stored.readAt
    }
}

/// A page of notifications, newest first, and the cursor of the next (nil: none after).
public struct NotificationPage: Hashable, Sendable {
    public var notifications: [AppNotification]
    public var nextCursor: NotificationID?

    public init(notifications: [AppNotification], nextCursor: NotificationID?) {
        self.notifications = notifications
        self.nextCursor = nextCursor
    }
}
