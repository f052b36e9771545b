import Domain
import Foundation
import HTTP1
import HTTPServer
import JSON

/// A host's listings: `POST/GET /host/listings`, `GET/PATCH /host/listings/{id}`,
/// `POST /host/listings/{id}/publish` and `/unpublish`. Every route needs a signed-in
/// account (401) with the host role (403 `/problems/host-role-required`); another host's
/// listing and an unknown id are the same 404. Answers carry the listing's `ETag`
/// (`"<id>.<version>"`); `PATCH` needs it back in `If-Match` (428 without, 412 when stale).
struct HostListingRoutes {
    let services: APIServices
    let hosts: HostService
    let signedIn: AccountAuthentication

    static let maximumBodyBytes = 65_536

    func register(in router: inout Router) {
        router.post("/host/listings", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let draft = HostRequestBodies.draft(&body)
            try body.finish()
            let listing = try hosts.createListing(draft, by: account)
            var response = try Self.json(listing, services: services, language: request.language)
            response.status = .created
            response.headers.append(name: "Location", value: "/host/listings/\(listing.id)")
            return response
        }

        router.get("/host/listings", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            var query = QueryReader(request.query)
            let cursor = query.string("cursor")
            let limit = query.integer("limit", default: 20, in: 1...hosts.configuration.maximumPageSize)
            var after: ListingID?
            if let cursor {
                after = ListingID(cursor)
                if after == nil { query.fail("cursor", "must be the nextCursor of a previous page") }
            }
            try query.finish()
            let page = try hosts.listings(by: account, after: after, limit: limit)
            let names = try services.locations.names(of: page.items.compactMap(\.content.locationID), language: request.language)
            var writer = JSONWriter(capacity: 256 + page.items.count * 1500)
            writer.object { o in
                o.key("listings")
                o.array { a in
                    for listing in page.items {
                        a.hostListing(listing, locationName: listing.content.locationID.flatMap { names[$0] })
                    }
                }
                o.field("nextCursor", page.nextCursor?.description)
            }
            return .json(writer.bytes, cache: .never, localized: true)
        }

        router.get("/host/listings/{id}", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            return try Self.json(try hosts.listing(try Self.listingID(request), by: account), services: services,
                             language: request.language)
        }

        router.add(.patch, "/host/listings/{id}", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            let id = try Self.listingID(request)
            var body = try request.jsonObject(maxBytes: Self.maximumBodyBytes)
            let draft = HostRequestBodies.draft(&body)
            try body.finish()
            guard let ifMatch = request.header("If-Match") else {
                throw Problem(type: .preconditionRequired, status: .preconditionRequired,
                              title: "Precondition required",
                              detail: "Send the listing's ETag in If-Match, so that an edit never overwrites another unseen.")
            }
            let listing = try hosts.updateListing(id, draft, ifMatch: Self.entityTag(ifMatch), by: account)
            return try Self.json(listing, services: services, language: request.language)
        }

        router.post("/host/listings/{id}/publish", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            return try Self.json(try hosts.publish(try Self.listingID(request), by: account), services: services,
                             language: request.language)
        }

        router.post("/host/listings/{id}/unpublish", using: [signedIn]) { [hosts, services] request in
            let account = try request.signedInAccount().account.id
            return try Self.json(try hosts.unpublish(try Self.listingID(request), by: account), services: services,
                             language: request.language)
        }
    }

    /// Anything that is not an id of ours cannot be the host's listing: 404, as for an
    /// unknown id or another host's, so ids reveal nothing.
    static func listingID(_ request: Request) throws -> ListingID {
        guard let id = ListingID(request.pathParameters["id"] ?? "") else { throw StaysError.listingNotFound(ListingID(0)) }
        return id
    }

    /// The tag `If-Match` names, as the service compares it: nil for `*` (any version);
    /// the `-gzip` suffix a compressed answer's tag carries removed (same listing version).
    static func entityTag(_ header: String) -> String? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value != "*" else { return nil }
        if value.hasSuffix("-gzip\"") { return String(value.dropLast(6)) + "\"" }
        return value
    }

    static func json(_ listing: HostListing, services: APIServices, language: Language) throws -> HTTPResponse {
        let name = try listing.content.locationID.map { try services.locations.names(of: [$0], language: language)[$0] } ?? nil
        var writer = JSONWriter(capacity: 2048)
        writer.hostListing(listing, locationName: name)
        var response = HTTPResponse.json(writer.bytes, cache: .never, localized: true)
        response.headers.append(name: "ETag", value: listing.etag)
        return response
    }
}
