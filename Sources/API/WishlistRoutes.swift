import Domain
import HTTP1
import HTTPServer
import JSON

/// `/wishlist`: the heart on a result card. Saving and removing are idempotent (204).
struct WishlistRoutes {
    let services: APIServices
    let authentication: GuestAuthentication

    func register(in router: inout Router) {
        router.put("/wishlist/{listingId}", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            try services.wishlist.save(try Self.listingID(request), guest: guest)
            return HTTPResponse(status: .noContent, headers: ["Cache-Control": CachePolicy.never.rawValue])
        }

        router.delete("/wishlist/{listingId}", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            try services.wishlist.remove(try Self.listingID(request), guest: guest)
            return HTTPResponse(status: .noContent, headers: ["Cache-Control": CachePolicy.never.rawValue])
        }

        router.get("/wishlist", using: [authentication]) { [services] request in
            let guest = try request.authenticatedGuest()
            var reader = QueryReader(request.query)
            var issues: [ParameterIssue] = []
            let stay = StayQuery.parse(checkin: reader.string("checkin"), checkout: reader.string("checkout"),
                                            today: nil, issues: &issues)
            let guests = reader.guests(&issues)
            reader.add(issues)
            try reader.finish()
            let items = try services.wishlist.items(guest: guest, stay: stay, guests: guests)
            let language = request.language
            let names = try services.locations.names(of: items.map(\.listing.locationID), language: language)
            var writer = JSONWriter(capacity: 256 + items.count * 700)
            writer.object { w in
                w.key("items")
                w.array { a in
                    for item in items {
                        a.object {
                            $0.listingSummaryFields(item.listing, locationName: names[item.listing.locationID] ?? "",
                                                    nightlyPrice: item.nightlyPrice, totalPrice: item.totalPrice)
                            if let available = item.available { $0.field("available", available) }
                        }
                    }
                }
            }
            return .json(writer.bytes, cache: .never, localized: true)
        }
    }

    private static func listingID(_ request: Request) throws -> ListingID {
        guard let id = ListingID(request.pathParameters["listingId"] ?? "") else {
            throw StaysError.invalidParameter("listingId", "must be a listing id")
        }
        return id
    }
}
