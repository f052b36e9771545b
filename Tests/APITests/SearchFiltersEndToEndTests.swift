import Domain
import Foundation
import Persistence
import PostgresStorage
import Testing
import TestSupport

/// The amenity, instant-booking, room, superhost and free-cancellation filters over a
/// real socket, on each engine: `/listings`, `/price-histogram` and `/listings/map` find
/// the same listings; bad values are a 400 naming the parameter; `GET /amenities` lists
/// the codes with their Korean and English names.
@Suite struct SearchFiltersEndToEndTests {
    /// Three listings in a town of their own ("today" is 2027-12-20):
    /// - 9001: 와이파이, 주방, 무료 주차; 2 bedrooms, 2 beds, 1.5 bathrooms; superhost; flexible.
    /// - 9002: Fast wifi, Pets allowed; 1 bedroom, 3 beds, 1 bathroom; strict; request to book.
    /// - 9003: Kitchen; rooms not given; superhost; moderate.
    static let listingIDs = [9001, 9002, 9003]

    final class Town {
        let server: APITestServer
        var location = LocationID(0)

        init(engine: APITestServer.Engine) throws {
            var town = LocationID(0)
            var listings: [Listing] = []
            server = try APITestServer(engine: engine, extra: { writer in
                town = try writer.saveLocation(CatalogFixture.draft("filters", nil, .city, "필터시", "Filter Town", "필터시",
                                                                    36.0, 128.0))
                let pricing = PricingRules(basePrice: 80_000)
                func listing(_ id: Int64, _ offset: Double, amenities: [String], rooms: (Int?, Int?, Double?),
                             superhost: Bool, policy: CancellationPolicy) -> Listing {
                    var listing = CatalogFixture.listing(ListingID(id), in: town, base: 80_000, at: (36.0 + offset, 128.0),
                                                         pricing: pricing, maxGuests: 4, score: 10)
                    listing.amenities = amenities
                    (listing.bedrooms, listing.beds, listing.bathrooms) = rooms
                    listing.host.isSuperhost = superhost
                    listing.cancellationPolicy = policy
                    return listing
                }
                listings = [
                    listing(9001, 0.001, amenities: ["와이파이", "주방", "무료 주차"], rooms: (2, 2, 1.5), superhost: true,
                            policy: .flexible),
                    listing(9002, 0.002, amenities: ["Fast wifi – 300 Mbps", "Pets allowed"], rooms: (1, 3, 1),
                            superhost: false, policy: .strict),
                    listing(9003, 0.003, amenities: ["Kitchen"], rooms: (nil, nil, nil), superhost: true, policy: .moderate),
                ]
                try writer.transaction {
                    for listing in listings { try writer.saveListing(listing) }
                }
                try writer.refreshLocationStatistics()
            })
            location = town
            // 9002 books on request: set while the server runs (a log row written with it), so
            // the index must follow the change rather than load it.
            var onRequest = listings[1]
            onRequest.instantBook = false
            if let database = server.postgres {
                try StoreCatalogWriter(pool: openCatalogPostgres(url: database.url, maximumConnectionCount: 1))
                    .saveListing(onRequest)
            } else {
                try SQLiteCatalogWriter(pool: server.pool).saveListing(onRequest)
            }
        }

        /// The ids `/listings` finds, after checking that `/price-histogram` and
        /// `/listings/map` count as many.
        func ids(_ query: String) throws -> [Int] {
            let base = "locationId=\(location)" + (query.isEmpty ? "" : "&" + query)
            let page = try server.json("/listings?\(base)&limit=50&sort=price_asc")
            let items = page["items"] as? [[String: Any]] ?? []
            let ids = items.compactMap { ($0["id"] as? String).flatMap(Int.init) }.sorted()
            #expect(page["total"] as? Int == ids.count, "\(query)")
            let histogram = try server.json("/price-histogram?\(base)")
            #expect(histogram["count"] as? Int == ids.count, "histogram: \(query)")
            let map = try server.json("/listings/map?\(base)&zoom=14")
            #expect(map["total"] as? Int == ids.count, "map: \(query)")
            let pins = (map["pins"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String).flatMap(Int.init) }
            #expect(pins.sorted() == ids, "map pins: \(query)")
            return ids
        }
    }

    @Test(arguments: APITestServer.Engine.available)
    func eachFilterFindsItsListingsOnEveryRoute(engine: APITestServer.Engine) throws {
        let town = try Town(engine: engine)
        #expect(try town.ids("") == [9001, 9002, 9003])
        #expect(try town.ids("amenities=wifi") == [9001, 9002])
        #expect(try town.ids("amenities=wifi,kitchen") == [9001])
        #expect(try town.ids("amenities=kitchen") == [9001, 9003])
        #expect(try town.ids("amenities=pets_allowed,%20wifi") == [9002])
        #expect(try town.ids("amenities=pool") == [])
        #expect(try town.ids("instantBook=true") == [9001, 9003])
        #expect(try town.ids("instantBook=false") == [9001, 9002, 9003])
        #expect(try town.ids("minBedrooms=2") == [9001])
        #expect(try town.ids("minBedrooms=1") == [9001, 9002])
        #expect(try town.ids("minBeds=3") == [9002])
        #expect(try town.ids("minBathrooms=1.5") == [9001])
        #expect(try town.ids("minBathrooms=1") == [9001, 9002])
        #expect(try town.ids("superhost=true") == [9001, 9003])
        #expect(try town.ids("superhost=true&instantBook=true&amenities=kitchen&minBeds=1") == [9001])
        // Check-in in 3 days: only flexible (free until the day before) still refunds in full;
        // moderate (5 days) and strict (14 days) no longer do.
        #expect(try town.ids("checkin=2027-12-23&checkout=2027-12-25&freeCancellation=true") == [9001])
        #expect(try town.ids("checkin=2027-12-23&checkout=2027-12-25") == [9001, 9002, 9003])
        // In 10 days: moderate too; in 21 days all three.
        #expect(try town.ids("checkin=2027-12-30&checkout=2028-01-02&freeCancellation=true") == [9001, 9003])
        #expect(try town.ids("checkin=2028-01-10&checkout=2028-01-12&freeCancellation=true") == [9001, 9002, 9003])
    }

    @Test func badValuesAreNamed() throws {
        let town = try Town(engine: .sqlite)
        let cases = [
            ("amenities=wifi,jacuzzi", "amenities"), ("amenities=WIFI", "amenities"), ("instantBook=yes", "instantBook"),
            ("instantBook=1", "instantBook"), ("superhost=TRUE", "superhost"), ("freeCancellation=no", "freeCancellation"),
            ("minBedrooms=0", "minBedrooms"), ("minBedrooms=two", "minBedrooms"), ("minBeds=51", "minBeds"),
            ("minBathrooms=1.25", "minBathrooms"), ("minBathrooms=0", "minBathrooms"), ("minBathrooms=nan", "minBathrooms"),
            ("freeCancellation=true", "freeCancellation"),
        ]
        for route in ["/listings", "/price-histogram", "/listings/map"] {
            for (query, name) in cases {
                let zoom = route == "/listings/map" ? "&zoom=10" : ""
                let target = "\(route)?locationId=\(town.location)\(zoom)&\(query)"
                let body = try town.server.json(target, status: 400)
                let names = (body["invalidParams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                #expect(names == [name], "\(target): \(body)")
            }
        }
        // Without dates, free cancellation names what it needs.
        let body = try town.server.json("/listings?freeCancellation=true", status: 400)
        let reason = (body["invalidParams"] as? [[String: Any]])?.first?["reason"] as? String
        #expect(reason?.contains("checkin and checkout") == true)
    }

    @Test func amenitiesAreListedWithTheirNames() throws {
        let server = try APITestServer()
        let korean = try server.json("/amenities")
        let items = try #require(korean["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["code"] as? String } == AmenityCode.allCases.map(\.rawValue))
        let wifi = try #require(items.first { $0["code"] as? String == "pets_allowed" })
        #expect(wifi["name"] as? String == "반려동물 동반 가능")
        #expect(wifi["labels"] as? [String: String] == ["ko": "반려동물 동반 가능", "en": "Pets allowed"])
        let english = try server.json("/amenities", headers: [("Accept-Language", "en")])
        let first = try #require((english["items"] as? [[String: Any]])?.first)
        #expect(first["code"] as? String == "wifi" && first["name"] as? String == "Wifi")
        #expect(try server.json("/amenities?lang=en", status: 400)["invalidParams"] != nil)
    }
}
