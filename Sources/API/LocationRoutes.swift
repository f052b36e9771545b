import Domain
import HTTP1
import HTTPServer
import JSON

/// `/locations` (autocomplete), `/locations/popular`, `/locations/nearby`, `/locations/{id}`.
struct LocationRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        // Autocomplete (`query`), or the places inside a map box (`bbox`, `kind`, `sort`).
        router.get("/locations") { [services] request in
            var reader = QueryReader(request.query)
            let query = reader.string("query")
            let box = reader.boundingBox("bbox")
            let kindText = reader.string("kind")
            let kind = kindText.flatMap(LocationKind.init(rawValue:))
            if kindText != nil, kind == nil {
                reader.fail("kind", "must be one of: " + LocationKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let order = reader.choice("sort", default: LocationOrder.popular)
            if query != nil, reader.string("bbox") != nil {
                reader.fail("bbox", "cannot be combined with query")
            } else if query == nil, reader.string("bbox") == nil {
                reader.fail("query", "is required unless bbox is given")
            }
            if query != nil {
                if kindText != nil { reader.fail("kind", "applies only with bbox") }
                if reader.string("sort") != nil { reader.fail("sort", "applies only with bbox") }
            }
            let limit = reader.integer("limit", default: 10, in: 1...20)
            try reader.finish()
            let language = request.language
            if let box, query == nil {
                let places = try services.locations.inside(box, kind: kind, order: order, limit: limit)
                return .json(Self.items(places, language: language), cache: .locations, localized: true)
            }
            let suggestions = try services.locations.autocomplete(query: query ?? "", limit: limit)
            return .json(Self.items(suggestions.map(\.location), language: language), cache: .locations, localized: true)
        }
        router.get("/locations/popular") { [services] request in
            var reader = QueryReader(request.query)
            let limit = reader.integer("limit", default: 10, in: 1...20)
            try reader.finish()
            let language = request.language
            let popular = try services.locations.popular(limit: limit)
            return .json(Self.items(popular, language: language, withImage: true), cache: .locations, localized: true)
        }
        router.get("/locations/nearby") { [services] request in
            var reader = QueryReader(request.query)
            let lat = reader.double("lat", in: -90...90)
            let lng = reader.double("lng", in: -180...180)
            if reader.string("lat") == nil { reader.fail("lat", "is required") }
            if reader.string("lng") == nil { reader.fail("lng", "is required") }
            let limit = reader.integer("limit", default: 10, in: 1...20)
            try reader.finish()
            let language = request.language
            let nearby = try services.locations.nearby(coordinate: Coordinate(latitude: lat!, longitude: lng!), limit: limit)
            var writer = JSONWriter()
            writer.object { w in
                // Says how far "near" reaches, so an empty list reads as "nothing that near".
                w.field("maxDistanceKm", LocationService.nearbyMaximumKm)
                w.key("items")
                w.array { a in
                    for item in nearby {
                        a.object {
                            $0.locationFields(item.location, language: language)
                            $0.field("distanceKm", item.distanceKm)
                            $0.field("driveMinutes", item.driveMinutes)
                        }
                    }
                }
            }
            return .json(writer.bytes, cache: .locations, localized: true)
        }
        router.get("/locations/{id}") { [services] request in
            guard let id = LocationID(request.pathParameters["id"] ?? "") else {
                throw StaysError.invalidParameter("id", "must be a location id")
            }
            try QueryReader(request.query).finish()
            let detail = try services.locations.location(id: id)
            var writer = JSONWriter()
            writer.object {
                $0.locationFields(detail.location, language: request.language)
                $0.field("parentId", detail.location.parentID?.description)
                $0.field("imageUrl", detail.location.imageURL)
                $0.key("bounds"); $0.boundingBox(detail.bounds)
            }
            return .json(writer.bytes, cache: .locations, localized: true)
        }
    }

    static func items(_ locations: [Location], language: Language, withImage: Bool = false) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { w in
            w.key("items")
            w.array { a in
                for location in locations {
                    a.object {
                        $0.locationFields(location, language: language)
                        if withImage { $0.field("imageUrl", location.imageURL) }
                    }
                }
            }
        }
        return writer.bytes
    }
}
