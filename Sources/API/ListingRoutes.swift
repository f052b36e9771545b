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
            var filter = reader.listingFilter(today: today)
            let radiusKm = reader.double("radiusKm", in: LocationService.landmarkRadiusRange)
            // `rating` is the short name of `rating_desc` (best rated first).
            let sort = reader.string("sort") == "rating" ? .ratingDescending : reader.choice("sort", default: ListingSort.recommended)
            let limit = reader.integer("limit", default: 20, in: 1...50)
            var cursor: ListingCursor?
            if let token = reader.string("cursor") {
                cursor = CursorCodec.decode(token, sort: sort)
                if cursor == nil { reader.fail("cursor", "is not a cursor from a previous page of this search and sort") }
            }
            try reader.finish()
            filter = try services.resolvingArea(of: filter, radiusKm: radiusKm)

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
                            // Only around a point (a landmark's search), as the sort by it.
                            if let distance = result.items[index].distanceKm { $0.field("distanceKm", distance) }
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

        // The map screen in one request (docs/API.md): pins or clusters, and the total.
        router.get("/listings/map") { [services] request in
            let today = services.dateProvider.today(in: services.searchTimeZone)
            var reader = QueryReader(request.query)
            var filter = reader.listingFilter(today: today)
            let radiusKm = reader.double("radiusKm", in: LocationService.landmarkRadiusRange)
            if reader.string("bbox") == nil && reader.string("locationId") == nil {
                reader.fail("bbox", "is required unless locationId is given: swLat,swLng,neLat,neLng")
            }
            let zoom = reader.integer("zoom", in: MapGrid.zoomRange)
            if reader.string("zoom") == nil { reader.fail("zoom", "is required: 0...22") }
            let maxPins = reader.integer("maxPins", default: MapGrid.defaultMaxPins, in: 0...MapGrid.defaultMaxPins)
            try reader.finish()
            filter = try services.resolvingArea(of: filter, radiusKm: radiusKm)
            let map = try services.listings.map(filter: filter, zoom: zoom ?? 0, maxPins: maxPins)
            var writer = JSONWriter(capacity: 256 + 80 * MapGrid.defaultMaxPins)
            writer.object { w in
                w.field("total", map.total)
                w.field("currency", services.catalogCurrency.rawValue)
                w.field("zoom", zoom ?? 0)
                w.field("cellSize", map.cellSize)
                switch map.content {
                case .pins(let pins):
                    w.key("pins")
                    w.array { a in
                        for pin in pins {
                            a.object {
                                $0.field("id", pin.id.description)
                                $0.key("coordinate"); $0.coordinate(pin.coordinate)
                                $0.field("price", pin.nightlyPrice)
                                $0.field("totalPrice", pin.totalPrice)
                                $0.field("rating", pin.rating?.rating)
                                $0.field("reviewCount", pin.rating?.reviewCount ?? 0)
                                $0.key("ratingCategories"); $0.ratingCategories(pin.rating?.categories)
                            }
                        }
                    }
                    w.key("clusters"); w.null()
                case .clusters(let clusters):
                    w.key("pins"); w.null()
                    w.key("clusters")
                    w.array { a in
                        for cluster in clusters {
                            a.object {
                                $0.field("count", cluster.count)
                                $0.key("center"); $0.coordinate(cluster.center)
                                $0.key("bounds"); $0.boundingBox(cluster.bounds)
                                $0.field("minPrice", cluster.minPrice)
                            }
                        }
                    }
                }
            }
            return .json(writer.bytes, cache: .availability)
        }

        router.get("/listings/{id}") { [services] request in
            guard let id = ListingID(request.pathParameters["id"] ?? "") else {
                throw StaysError.invalidParameter("id", "must be a listing id")
            }
            try QueryReader(request.query).finish()
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
            var filter = reader.listingFilter(today: today)
            let radiusKm = reader.double("radiusKm", in: LocationService.landmarkRadiusRange)
            let bins = reader.integer("bins", default: 50, in: 1...HistogramService.maxBins)
            try reader.finish()
            filter = try services.resolvingArea(of: filter, radiusKm: radiusKm)
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
