import Domain
import HTTP1
import HTTPServer
import JSON

/// The host's side of reservations and requests to book: `GET /host/reservations`
/// (`status`, `listingId`, cursor paging), `GET /host/reservations/{id}`, `POST
/// /host/reservations/{id}/accept` | `/decline` | `/cancel`, and `GET /host/earnings`. Each
/// reservation shows its status as of now (a request past `expiresAt` is `expired`) and the
/// host's payout, line by line.
struct HostReservationRoutes {
    let hosts: HostService
    let signedIn: AccountAuthentication

    func register(in router: inout Router) {
        router.get("/host/reservations", using: [signedIn]) { [hosts] request in
            let account = try request.signedInAccount().account.id
            var query = QueryReader(request.query)
            var status: HostReservationStatus?
            if let raw = query.string("status") {
                status = HostReservationStatus(rawValue: raw)
                if status == nil {
                    query.fail("status", "must be one of \(HostReservationStatus.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            var listing: ListingID?
            if let raw = query.string("listingId") {
                listing = ListingID(raw)
                if listing == nil { query.fail("listingId", "must be a listing id") }
            }
            var after: HostReservationCursor?
            if let raw = query.string("cursor") {
                after = HostReservationCursorCodec.decode(raw)
                if after == nil { query.fail("cursor", "must be the nextCursor of a previous page") }
            }
            let limit = query.integer("limit", default: 20, in: 1...hosts.configuration.maximumPageSize)
            try query.finish()
            let page = try hosts.reservations(by: account, status: status, listing: listing, after: after, limit: limit)
            let titles = try Self.titles(of: page.items, hosts: hosts, account: account)
            var writer = JSONWriter(capacity: 256 + page.items.count * 900)
            writer.object { o in
                o.key("reservations")
                o.array { a in
                    for reservation in page.items {
                        a.hostReservation(reservation, payout: hosts.payout(of: reservation),
                                          listingTitle: titles[reservation.listingID], language: request.language)
                    }
                }
                o.field("nextCursor", page.nextCursor.map(HostReservationCursorCodec.encode))
            }
            return .json(writer.bytes, cache: .never, localized: true)
        }

        router.get("/host/reservations/{id}", using: [signedIn]) { [hosts] request in
            let account = try request.signedInAccount().account.id
            return try Self.json(try hosts.reservation(try Self.reservationID(request), by: account), hosts: hosts,
                                 account: account, language: request.language)
        }

        for (action, decide) in [("accept", HostService.accept), ("decline", HostService.decline),
                                 ("cancel", HostService.cancel)] {
            router.post("/host/reservations/{id}/\(action)", using: [signedIn]) { [hosts] request in
                let account = try request.signedInAccount().account.id
                let reservation = try decide(hosts)(try Self.reservationID(request), account)
                return try Self.json(reservation, hosts: hosts, account: account, language: request.language)
            }
        }

        router.get("/host/earnings", using: [signedIn]) { [hosts] request in
            let account = try request.signedInAccount().account.id
            var query = QueryReader(request.query)
            func date(_ name: String) -> CalendarDate? {
                guard let raw = query.string(name) else {
                    query.fail(name, "is required (YYYY-MM-DD)")
                    return nil
                }
                guard let date = CalendarDate(raw) else {
                    query.fail(name, "must be a date as YYYY-MM-DD")
                    return nil
                }
                return date
            }
            let from = date("from"), to = date("to")
            try query.finish()
            guard let from, let to else { throw StaysError.invalidParameter("from", "is required") }
            let earnings = try hosts.earnings(by: account, from: from, to: to)
            var writer = JSONWriter(capacity: 256 + earnings.rows.count * 120)
            writer.object { o in
                o.field("from", earnings.from.description)
                o.field("to", earnings.to.description)
                o.key("months")
                o.array { a in
                    for row in earnings.rows {
                        a.object { r in
                            r.field("month", row.month.description)
                            r.field("listingId", row.listingID.description)
                            r.field("currency", row.currency.rawValue)
                            r.field("payout", row.payout)
                            r.field("reservations", row.reservations)
                        }
                    }
                }
                o.key("totals")
                o.array { a in
                    for total in earnings.totals {
                        a.object { $0.field("currency", total.currency.rawValue); $0.field("payout", total.amount) }
                    }
                }
            }
            return .json(writer.bytes, cache: .never)
        }
    }

    /// Anything that is not an id of ours: the same 404 as an unknown or another host's id.
    static func reservationID(_ request: Request) throws -> ReservationID {
        guard let id = ReservationID(request.pathParameters["id"] ?? "") else {
            throw StaysError.reservationNotFound(ReservationID(0))
        }
        return id
    }

    /// The titles of the listings `reservations` are on (each the host's own).
    static func titles(of reservations: [HostReservation], hosts: HostService, account: AccountID) throws
        -> [ListingID: String] {
        var titles: [ListingID: String] = [:]
        for id in Set(reservations.map(\.listingID)) { titles[id] = try hosts.listing(id, by: account).content.title }
        return titles
    }

    static func json(_ reservation: HostReservation, hosts: HostService, account: AccountID, language: Language) throws
        -> HTTPResponse {
        let title = try titles(of: [reservation], hosts: hosts, account: account)[reservation.listingID]
        var writer = JSONWriter(capacity: 1024)
        writer.hostReservation(reservation, payout: hosts.payout(of: reservation), listingTitle: title, language: language)
        return .json(writer.bytes, cache: .never, localized: true)
    }
}

/// The opaque `nextCursor` of a host's reservations: (createdAt, id) of the page's last one.
enum HostReservationCursorCodec {
    static func encode(_ cursor: HostReservationCursor) -> String {
        CursorToken.encode("h1", createdAt: cursor.createdAt, id: cursor.id)
    }

    static func decode(_ token: String) -> HostReservationCursor? {
        guard let (at, id) = CursorToken.createdAtAndID(of: token, tag: "h1"), let id = ReservationID(id) else { return nil }
        return HostReservationCursor(createdAt: at, id: id)
    }
}
