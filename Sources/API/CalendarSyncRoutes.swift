import CalendarSync
import Domain
import HTTP1
import HTTPServer
import JSON

/// Calendar sync with other channels (docs/API.md, "Calendar sync"): the listing's export
/// URL (`GET /host/listings/{id}/ical`, `POST .../ical/rotate`), the feeds themselves
/// (`GET /ical/{token}.ics`, no authentication: the token is the secret), and imports
/// (`POST/GET /host/listings/{id}/calendar-imports`, `GET/DELETE .../{importId}`,
/// `POST .../{importId}/sync`).
///
/// Host routes need a signed-in account with the `host` role that owns the listing, checked
/// by the host side's one place (`HostService.listing(_:by:)`: 403 without the role, 404 for
/// another host's listing as for an unknown one, or a draft, which has no calendar yet).
/// Answers naming a secret URL are `Cache-Control: no-store`.
struct CalendarSyncRoutes {
    let sync: CalendarSyncService
    let hosts: HostService
    let signedIn: AccountAuthentication

    static let maximumBodyBytes = 8_192

    func register(in router: inout Router) {
        let signedIn: [any Middleware] = [self.signedIn]

        router.get("/ical/{file}") { [sync] request in
            let file = request.pathParameters["file"] ?? ""
            guard file.hasSuffix(".ics"), let body = try sync.feed(token: String(file.dropLast(4))) else {
                throw Problem(type: .notFound, status: .notFound, detail: "No calendar feed at \(request.path.prefix(12))….")
            }
            // The router adds the ETag and answers 304 to a matching If-None-Match.
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/calendar; charset=utf-8",
                                                       "Cache-Control": "no-cache"], body: Array(body.utf8))
        }

        router.get("/host/listings/{id}/ical", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            let link = try sync.exportLink(of: listing.id)
            return Self.exportLink(listing: listing.id, url: link.url, hint: link.hint)
        }

        router.post("/host/listings/{id}/ical/rotate", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            let url = try sync.rotateExport(of: listing.id)
            return Self.exportLink(listing: listing.id, url: url, hint: String(url.dropLast(4).suffix(4)))
        }

        router.post("/host/listings/{id}/calendar-imports", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let url = body.string("url")
            let name = body.optionalString("name")
            try body.finish()
            let (added, exportURL) = try sync.addImport(to: listing.id, name: name, url: url)
            var response = Self.json(try [(added, sync.conflicts(of: added))], exportURL: exportURL, single: true)
            response.status = .created
            response.headers.append(name: "Location", value: "/host/listings/\(listing.id)/calendar-imports/\(added.id)")
            return response
        }

        router.get("/host/listings/{id}/calendar-imports", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            let imports = try sync.imports(of: listing.id).map { ($0, try sync.conflicts(of: $0)) }
            return Self.json(imports, exportURL: nil, single: false)
        }

        router.get("/host/listings/{id}/calendar-imports/{importId}", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            let item = try sync.calendarImport(try importID(request), of: listing.id)
            return Self.json([(item, try sync.conflicts(of: item))], exportURL: nil, single: true)
        }

        router.delete("/host/listings/{id}/calendar-imports/{importId}", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            try sync.deleteImport(try importID(request), of: listing)
            return HTTPResponse(status: .noContent)
        }

        router.post("/host/listings/{id}/calendar-imports/{importId}/sync", using: signedIn) { [sync] request in
            let listing = try ownedListing(request)
            let id = try importID(request)
            _ = try sync.calendarImport(id, of: listing.id)
            let item = try sync.syncNow(id)
            return Self.json([(item, try sync.conflicts(of: item))], exportURL: nil, single: true)
        }
    }

    private func ownedListing(_ request: Request) throws -> CalendarListing {
        let principal = try request.signedInAccount()
        guard let id = ListingID(request.pathParameters["id"] ?? "") else {
            throw StaysError.invalidParameters([ParameterIssue(name: "id", reason: "must be a listing id")])
        }
        _ = try hosts.listing(id, by: principal.account.id)
        guard let listing = try sync.listing(id) else { throw StaysError.listingNotFound(id) }
        return listing
    }

    private func importID(_ request: Request) throws -> CalendarImportID {
        guard let id = CalendarImportID(request.pathParameters["importId"] ?? "") else {
            throw StaysError.invalidParameters([ParameterIssue(name: "importId", reason: "must be a calendar import id")])
        }
        return id
    }

    static func exportLink(listing: ListingID, url: String?, hint: String) -> HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.object { o in
            o.field("listingId", listing.description)
            o.field("url", url)
            o.field("urlHint", hint)
        }
        return .json(writer.bytes, cache: .never)
    }

    /// One import (`single`) or `{"imports": [...]}`; `exportURL` only in the answer that made it.
    static func json(_ items: [(CalendarImport, [CalendarConflict])], exportURL: String?, single: Bool) -> HTTPResponse {
        var writer = JSONWriter(capacity: 512 * max(1, items.count))
        func write(_ o: inout JSONWriter, _ item: CalendarImport, _ conflicts: [CalendarConflict]) {
            o.field("id", item.id.description)
            o.field("listingId", item.listingID.description)
            o.field("name", item.name)
            o.field("url", item.url)
            o.field("exportUrl", exportURL)
            o.field("exportUrlHint", item.exportTokenHint)
            o.field("lastSyncedAt", item.lastSyncedAt?.description)
            o.field("lastStatus", item.lastStatus?.rawValue)
            o.field("lastError", item.lastError)
            o.field("eventCount", item.eventCount)
            o.field("nightCount", item.nightCount)
            o.field("consecutiveFailures", item.consecutiveFailures)
            o.field("needsAttention", item.needsAttention)
            o.field("nextSyncAt", item.nextSyncAt.description)
            o.key("warnings")
            o.array { a in for warning in item.warnings { a.string(warning) } }
            o.key("conflicts")
            o.array { a in
                for conflict in conflicts {
                    a.object { c in
                        c.field("date", conflict.date.description)
                        c.field("reservationId", conflict.reservationID.description)
                    }
                }
            }
        }
        if single, let (item, conflicts) = items.first {
            writer.object { write(&$0, item, conflicts) }
        } else {
            writer.object { o in
                o.key("imports")
                o.array { a in for (item, conflicts) in items { a.object { write(&$0, item, conflicts) } } }
            }
        }
        return .json(writer.bytes, cache: .never)
    }
}
