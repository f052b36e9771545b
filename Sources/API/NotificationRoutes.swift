import Domain
import HTTP1
import HTTPServer
import JSON

/// `/notifications`: the signed-in account's notifications, newest first (cursor paging,
/// `?unread=true`), the unread count, marking read and deleting. Another account's
/// notification answers 404, as an unknown one does.
struct NotificationRoutes {
    let notifications: NotificationService
    let accounts: AccountService

    func register(in router: inout Router) {
        let signedIn = AccountAuthentication(accounts: accounts)

        router.get("/notifications", using: [signedIn]) { [notifications] request in
            let account = try request.signedInAccount().account
            var reader = QueryReader(request.query)
            let limit = reader.integer("limit", default: 20, in: 1...100)
            var cursor: NotificationID?
            if let token = reader.string("cursor") {
                cursor = Self.decodeCursor(token)
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of notifications") }
            }
            var unreadOnly = false
            if let unread = reader.string("unread") {
                switch unread {
                case "true": unreadOnly = true
                case "false": unreadOnly = false
                default: reader.fail("unread", "must be true or false")
                }
            }
            try reader.finish()
            let page = try notifications.page(of: account, before: cursor, unreadOnly: unreadOnly, limit: limit)
            var writer = JSONWriter(capacity: 256 + page.notifications.count * 400)
            writer.object { w in
                w.key("items")
                w.array { a in for notification in page.notifications { a.notification(notification) } }
                w.field("nextCursor", page.nextCursor.map(Self.encodeCursor))
            }
            return .json(writer.bytes, cache: .never)
        }

        router.get("/notifications/unread-count", using: [signedIn]) { [notifications] request in
            let account = try request.signedInAccount().account
            try QueryReader(request.query).finish()
            let count = try notifications.unreadCount(of: account)
            var writer = JSONWriter(capacity: 32)
            writer.object { $0.field("unread", count) }
            return .json(writer.bytes, cache: .never)
        }

        router.post("/notifications/read-all", using: [signedIn]) { [notifications] request in
            let account = try request.signedInAccount().account
            let marked = try notifications.markAllRead(of: account)
            var writer = JSONWriter(capacity: 32)
            writer.object { $0.field("marked", marked) }
            return .json(writer.bytes, cache: .never)
        }

        router.post("/notifications/{id}/read", using: [signedIn]) { [notifications] request in
            let account = try request.signedInAccount().account
            let notification = try notifications.markRead(try Self.notificationID(request), of: account)
            var writer = JSONWriter(capacity: 512)
            writer.notification(notification)
            return .json(writer.bytes, cache: .never)
        }

        router.delete("/notifications/{id}", using: [signedIn]) { [notifications] request in
            let account = try request.signedInAccount().account
            try notifications.delete(try Self.notificationID(request), of: account)
            return HTTPResponse(status: .noContent)
        }
    }

    /// Anything that is not an id of ours cannot be the account's: 404, as for another's.
    private static func notificationID(_ request: Request) throws -> NotificationID {
        guard let id = NotificationID(request.pathParameters["id"] ?? "") else { throw EventError.notificationNotFound }
        return id
    }

    static func encodeCursor(_ id: NotificationID) -> String { CursorToken.encode(["n1", id.description]) }

    static func decodeCursor(_ token: String) -> NotificationID? {
        guard let fields = CursorToken.fields(of: token, count: 2), fields[0] == "n1" else { return nil }
        return NotificationID(fields[1])
    }
}

extension JSONWriter {
    mutating func notification(_ notification: AppNotification) {
        object { o in
            o.field("id", notification.id.description)
            o.field("type", notification.type.rawValue)
            o.field("title", notification.title)
            o.field("body", notification.body)
            o.field("listingId", notification.listingID?.description)
            o.field("reservationId", notification.reservationID?.description)
            o.field("createdAt", notification.createdAt.description)
            o.field("readAt", notification.readAt?.description)
        }
    }
}
