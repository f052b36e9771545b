import Domain
import Foundation
import Persistence
import TestSupport
import Testing

/// The searches the search index leaves to SQL, over a real socket on both engines: the
/// fixture catalog plus a listing at 2 × 10^18 a night, whose three-night total (6 × 10^18)
/// fits 64 bits but not the doubled total of the average nightly price, so the index hands
/// the whole search, map or histogram to SQL (SQLite turns to REAL there),
/// and a landmark near it for circle searches. PostgreSQL must answer each exactly as
/// SQLite does (`ListingSearchSQL` in its two dialects), not with a 500.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct SQLFallbackEndToEndTests {
    static let expensive = ListingID(301)
    static let nightly: Int64 = 2_000_000_000_000_000_000

    static func addOverflowingListing(_ writer: any CatalogWriting) throws {
        try writer.transaction {
            // Saving the fixture's district again returns its id.
            let gangnam = try writer.saveLocation(CatalogFixture.draft("gangnam", "seoul", .district, "강남구", "Gangnam-gu",
                                                                       "서울특별시 강남구", 37.5172, 127.0473))
            try writer.saveListing(CatalogFixture.listing(expensive, in: gangnam, base: nightly, at: (37.5100, 127.0500),
                                                          pricing: PricingRules(basePrice: nightly), maxGuests: 4, score: 70))
            var coex = CatalogFixture.draft("coex", "gangnam", .landmark, "코엑스", "COEX", "서울특별시 강남구 코엑스",
                                            37.5116, 127.0594)
            coex.searchRadiusKm = 5
            _ = try writer.saveLocation(coex)
        }
        try writer.refreshLocationStatistics()
    }

    static let servers: (sqlite: APITestServer, postgres: APITestServer) = {
        do {
            return (try APITestServer(engine: .sqlite, extra: addOverflowingListing),
                    try APITestServer(engine: .postgres, extra: addOverflowingListing))
        } catch { fatalError("cannot start the fallback servers: \(error)") }
    }()

    static let stay = "checkin=2028-01-10&checkout=2028-01-13&adults=2"

    func locationID(_ name: String) throws -> String {
        let found = try Self.servers.sqlite.json("/locations?query=\(APITestServer.encode(name))&limit=1")
        return try #require((found["items"] as? [[String: Any]])?.first?["id"] as? String)
    }

    func landmarkID() throws -> String { try locationID("코엑스") }

    /// Both engines' answer to `target`, which must be 200 on each and the same JSON.
    func expectSameAnswer(_ target: String) throws -> [String: Any] {
        let sqlite = try Self.servers.sqlite.json(target)
        let postgres = try Self.servers.postgres.json(target)
        #expect(NSDictionary(dictionary: sqlite) == NSDictionary(dictionary: postgres),
                "\(target)\nSQLite: \(sqlite)\nPostgreSQL: \(postgres)")
        return postgres
    }

    @Test(arguments: ["", "&sort=price_asc", "&sort=price_desc", "&sort=rating_desc", "&minPrice=100000&maxPrice=300000",
                      "&roomType=entire_home"])
    func searchesWithAnOverflowingStayAreSQLsAnswerOnBothEngines(_ extra: String) throws {
        var target = "/listings?\(Self.stay)&limit=3\(extra)"
        var pages = 0
        // Every page, through the cursors: the cursor's key goes back into the SQL.
        while pages < 10 {
            let page = try expectSameAnswer(target)
            pages += 1
            guard let cursor = page["nextCursor"] as? String else { break }
            target = "/listings?\(Self.stay)&limit=3\(extra)&cursor=\(APITestServer.encode(cursor))"
        }
        #expect(pages > 1 || !extra.isEmpty)
    }

    @Test func theOverflowingListingIsPricedAsSQLitePricesIt() throws {
        let page = try expectSameAnswer("/listings?\(Self.stay)&limit=50&sort=price_desc")
        let first = try #require((page["items"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "301")
        // Only SQL can answer this: the index refuses a stay total beyond 64 bits.
        #expect("\(first)".contains("\(Self.nightly)"), "\(first)")
    }

    @Test(arguments: ["/listings/map?zoom=11&", "/price-histogram?"])
    func mapAndHistogramWithAnOverflowingStay(_ path: String) throws {
        _ = try expectSameAnswer("\(path)locationId=\(try locationID("서울"))&\(Self.stay)")
        _ = try expectSameAnswer("\(path)bbox=37.4,126.8,37.7,127.2&\(Self.stay)")
    }

    @Test(arguments: ["", "&sort=distance", "&sort=price_asc", "&radiusKm=1.5"])
    func circleSearchesAroundALandmarkWithAnOverflowingStay(_ extra: String) throws {
        let id = try landmarkID()
        _ = try expectSameAnswer("/listings?locationId=\(id)&\(Self.stay)&limit=50\(extra)")
        _ = try expectSameAnswer("/listings/map?zoom=14&locationId=\(id)&\(Self.stay)\(extra.contains("sort") ? "" : extra)")
        _ = try expectSameAnswer("/price-histogram?locationId=\(id)&\(Self.stay)\(extra.contains("sort") ? "" : extra)")
    }

    @Test func locationBoundsAnswerOnBothEngines() throws {
        _ = try expectSameAnswer("/locations/\(try landmarkID())")
    }
}
