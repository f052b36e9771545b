import Domain
import HTTP1
import HTTPServer
import JSON

/// `/listings` (search for the list and the map), `/listings/{id}` and `/price-histogram`.
struct ListingRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        router.get("/listings") { [services] request in
            let today = services.dateProvider.today(in: services.searchTimeZone)
            var reader = QueryReader(request.query)
            let filter = reader.listingFilter(today: today)
            let sort = reader.choice("sort", default: ListingSort.recommended)
            let limit = reader.integer("limit", default: 20, in: 1...50)
            var cursor: ListingCursor?
            if let token = reader.string("cursor") {
                cursor = CursorCodec.decode(token, sort: sort)
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of this search and sort") }
            }
            try reader.finish()
            try services.requireKnownArea(filter.area)

            let result = try services.listings.search(ListingSearch(filter: filter, sort: sort, limit: limit, after: cursor))
            let language = request.language
            let names = try services.locations.names(of: result.items.map(\.listing.locationID), language: language)
            var writer = JSONWriter(capacity: 1024 + result.items.count * 700)
            writer.object { w in
                w.key("items")
                w.array { a in
                    // By index: each item is read in place, not copied with its strings retained.
                    for index in result.items.indices {
                        a.object {
                            $0.listingSummaryFields(result.items[index].listing,
                                                    locationName: names[result.items[index].listing.locationID] ?? "",
                                                    nightlyPrice: result.items[index].nightlyPrice,
                                                    totalPrice: result.items[index].totalPrice)
                        }
                    }
                }
                w.field("total", result.total)
                w.field("nextCursor", result.nextCursor.map { CursorCodec.encode($0, sort: sort) })
                w.key("bounds"); w.boundingBox(result.bounds)
                w.field("currency", (result.items.first?.listing.currency ?? services.catalogCurrency).rawValue)
            }
            return .json(writer.bytes, cache: .availability, localized: true)
        }

        router.get("/listings/{id}") { [services] request in
            guard let id = ListingID(request.pathParameters["id"] ?? "") else {
                throw StaysError.invalidParameter("id", "must be a listing id")
            }
            let listing = try services.listings.listing(id: id)
            let language = request.language
            let names = try services.locations.names(of: [listing.locationID], language: language)
            var writer = JSONWriter(capacity: 4096)
            writer.listingDetail(listing, locationName: names[listing.locationID] ?? "")
            return .json(writer.bytes, cache: .listing, localized: true)
        }

        router.get("/price-histogram") { [services] request in
            let today = services.dateProvider.today(in: services.searchTimeZone)
            var reader = QueryReader(request.query)
            let filter = reader.listingFilter(today: today)
            let bins = reader.integer("bins", default: 50, in: 1...HistogramService.maxBins)
            try reader.finish()
            try services.requireKnownArea(filter.area)
            let histogram = try services.histograms.histogram(filter: filter, bins: bins)
            var writer = JSONWriter(capacity: 256 + bins * 40)
            writer.object { w in
                w.field("currency", services.catalogCurrency.rawValue)
                w.field("count", histogram.count)
                w.field("min", histogram.min)
                w.field("max", histogram.max)
                w.field("average", histogram.average)
                w.field("median", histogram.median)
                w.key("bins")
                w.array { a in
                    for bin in histogram.bins {
                        a.object {
                            $0.field("min", bin.min)
                            $0.field("max", bin.max)
                            $0.field("count", bin.count)
                        }
                    }
                }
                w.field("countInRange", histogram.countInRange)
            }
            return .json(writer.bytes, cache: .availability)
        }
    }
}
