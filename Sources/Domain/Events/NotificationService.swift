/// An account's notifications: the list (cursor paging, newest first), the unread count,
/// marking read and deleting, with title and body in the account's language. Immutable
/// and `Sendable`.
public final class NotificationService: Sendable {
    private let store: any NotificationStore
    private let dateProvider: any DateProvider

    public init(store: any NotificationStore, dateProvider: any DateProvider) {
        self.store = store
        self.dateProvider = dateProvider
    }

    public func page(of account: Account, before cursor: NotificationID?, unreadOnly: Bool, limit: Int) throws
        -> NotificationPage {
        let rows = try store.notifications(of: account.id, before: cursor, unreadOnly: unreadOnly, limit: limit + 1)
        let page = rows.prefix(limit).map { AppNotification($0, in: account.locale) }
        return NotificationPage(notifications: page, nextCursor: rows.count > limit ? page.last?.id : nil)
    }

    public func unreadCount(of account: Account) throws -> Int {
        try store.unreadCount(of: account.id)
    }

    /// The notification, now read; `.notificationNotFound` for an unknown id or another's.
    public func markRead(_ id: NotificationID, of account: Account) throws -> AppNotification {
        guard try store.markRead(id, of: account.id, at: dateProvider.now()),
              let stored = try store.notification(id, of: account.id) else { throw EventError.notificationNotFound }
        return AppNotification(stored, in: account.locale)
    }

    /// How many were unread.
    public func markAllRead(of account: Account) throws -> Int {
        try store.markAllRead(of: account.id, at: dateProvider.now())
    }

    public func delete(_ id: NotificationID, of account: Account) throws {
        guard try store.delete(id, of: account.id) else { throw EventError.notificationNotFound }
    }
}
