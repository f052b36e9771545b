/// What an event announces. The raw value is the type's name in webhooks, notifications
/// and the `events` table; names never change once shipped (receivers switch on them).
public enum EventType: String, CaseIterable, Hashable, Sendable {
    case reservationRequested = "reservation.requested"
    case reservationConfirmed = "reservation.confirmed"
    case reservationDeclined = "reservation.declined"
    case reservationExpired = "reservation.expired"
    case reservationCancelled = "reservation.cancelled"
    case listingPublished = "listing.published"
    case listingUnpublished = "listing.unpublished"
    case calendarSyncFailed = "calendar.sync_failed"
    case calendarConflict = "calendar.conflict"
    case reviewPublished = "review.published"
    /// A stay's review window is open and this side (guest or host) has not reviewed yet:
    /// sent once per side, concerning that side only.
    case reviewReminder = "review.reminder"
    /// One of the host's webhooks stopped: a 410, or a whole retry period of failures.
    case webhookDisabled = "webhook.disabled"

    /// Whether the event is about a reservation (its data is a reservation's snapshot).
    public var isAboutReservation: Bool { rawValue.hasPrefix("reservation.") }
}

/// A webhook's subscription to event types: an exact name (`reservation.confirmed`), a
/// family (`reservation.*`) or everything (`*`). A value type.
public struct EventPattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// Nil unless `text` is `*`, a known type's name, or `<family>.*` for a family some
    /// known type belongs to: a typo is refused rather than silently matching nothing.
    public init?(_ text: String) {
        if text == "*" || EventType(rawValue: text) != nil {
            self.text = text
        } else if text.hasSuffix(".*"), EventType.allCases.contains(where: { $0.rawValue.hasPrefix(text.dropLast()) }) {
            self.text = text
        } else {
            return nil
        }
    }

    public func matches(_ type: EventType) -> Bool {
        if text == "*" { return true }
        if text.hasSuffix(".*") { return type.rawValue.hasPrefix(text.dropLast()) }
        return type.rawValue == text
    }

    public var description: String { text }
}
