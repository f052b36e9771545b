/// Where an account's notifications live (written by the event outbox; read and tidied
/// here). Every call is scoped to one account: another account's id reads as missing.
/// Thread safety: `Sendable`.
public protocol NotificationStore: Sendable {
    /// Newest first, with ids below `cursor` (all when nil), unread ones only when asked, at
    /// most `limit`.
    func notifications(of account: AccountID, before cursor: NotificationID?, unreadOnly: Bool, limit: Int) throws
        -> [StoredNotification]
    func notification(_ id: NotificationID, of account: AccountID) throws -> StoredNotification?
    func unreadCount(of account: AccountID) throws -> Int
    /// Marks it read at `instant` (kept when already read); false when the account has no such notification.
    func markRead(_ id: NotificationID, of account: AccountID, at instant: Instant) throws -> Bool
    /// Marks every unread one read; returns how many.
    func markAllRead(of account: AccountID, at instant: Instant) throws -> Int
    /// False when the account has no such notification.
    func delete(_ id: NotificationID, of account: AccountID) throws -> Bool
}
