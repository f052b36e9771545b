import Domain

/// Accounts' notifications on either engine (`NotificationStore`). Each statement is scoped
/// by `account_id`, so another account's id matches no row.
///
/// Thread safety: `Sendable`, as its engine.
public final class StoreNotifications<Engine: StoreEngine>: NotificationStore {
    let engine: Engine

    init(engine: Engine) {
        self.engine = engine
    }

    private static var select: String { """
        SELECT n.id, e.type, n.audience, e.data, n.created_at, n.read_at FROM notifications n JOIN events e ON e.id = n.event_id
        """ }

    private static func decode(_ row: Engine.Connection.Row) -> StoredNotification? {
        guard let type = EventType(rawValue: row.string(1)), let audience = EventAudience(rawValue: row.string(2)) else {
            return nil  // a type this build does not know (a newer server wrote it): left out
        }
        return StoredNotification(id: NotificationID(row.int64(0)), type: type, audience: audience,
                                  snapshot: EventSnapshot(json: row.string(3)),
                                  createdAt: Instant(millisecondsSinceEpoch: row.int64(4)),
                                  readAt: row.optionalInt64(5).map { Instant(millisecondsSinceEpoch: $0) })
    }

    public func notifications(of account: AccountID, before cursor: NotificationID?, unreadOnly: Bool, limit: Int) throws
        -> [StoredNotification] {
        try engine.read { connection in
            try connection.fetchAll(Self.select + """
                 WHERE n.account_id = ? AND n.id < ? AND (n.read_at IS NULL OR ? = 0) ORDER BY n.id DESC LIMIT ?
                """, [account.rawValue, cursor?.rawValue ?? Int64.max, unreadOnly ? 1 : 0, limit], Self.decode)
                .compactMap { $0 }
        }
    }

    public func notification(_ id: NotificationID, of account: AccountID) throws -> StoredNotification? {
        try engine.read { connection in
            try connection.fetchOne(Self.select + " WHERE n.id = ? AND n.account_id = ?", [id.rawValue, account.rawValue],
                                    Self.decode) ?? nil
        }
    }

    public func unreadCount(of account: AccountID) throws -> Int {
        try engine.readOne { connection in
            try connection.fetchOne("SELECT count(*) FROM notifications WHERE account_id = ? AND read_at IS NULL",
                                    [account.rawValue]) { $0.int(0) } ?? 0
        }
    }

    public func markRead(_ id: NotificationID, of account: AccountID, at instant: Instant) throws -> Bool {
        try engine.write { connection in
            try connection.run("""
                UPDATE notifications SET read_at = coalesce(read_at, ?) WHERE id = ? AND account_id = ?
                """, [instant.millisecondsSinceEpoch, id.rawValue, account.rawValue]) > 0
        }
    }

    public func markAllRead(of account: AccountID, at instant: Instant) throws -> Int {
        try engine.write { connection in
            try connection.run("UPDATE notifications SET read_at = ? WHERE account_id = ? AND read_at IS NULL",
                               [instant.millisecondsSinceEpoch, account.rawValue])
        }
    }

    public func delete(_ id: NotificationID, of account: AccountID) throws -> Bool {
        try engine.write { connection in
            try connection.run("DELETE FROM notifications WHERE id = ? AND account_id = ?", [id.rawValue, account.rawValue]) > 0
        }
    }
}
