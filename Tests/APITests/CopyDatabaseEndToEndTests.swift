import DataImport
import Domain
import Foundation
import Persistence
import Storage
import TestSupport
import Testing

/// The SQLite → PostgreSQL move (`SQLiteToPostgresCopy`, `stays copy-database`), end to
/// end: a SQLite server with the demo catalog takes bookings (one cancelled), their
/// idempotency keys and a wishlist; its database is copied into an empty PostgreSQL one; a
/// server started on that answers listings, quotes, calendars, the guest's trips and
/// wishlist exactly as the SQLite server does, replays an idempotency key, and books on.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct CopyDatabaseEndToEndTests {
    static let stays = [("2028-01-10", "2028-01-12"), ("2028-01-11", "2028-01-14"), ("2028-02-01", "2028-02-03")]

    @Test func aSQLiteDeploymentCopiedToPostgreSQLAnswersTheSame() throws {
        let sqlite = try APITestServer(catalog: { directory in
            let pool = try openCatalogDatabase(path: directory.appendingPathComponent("demo.sqlite").path)
            let generator = DemoGenerator(seed: 20_261_124, listingCount: 300, today: CatalogFixture.today)
            _ = try DemoSeeder.seed(generator: generator, writer: SQLiteCatalogWriter(pool: pool), progress: { _ in })
            return pool
        })
        // Bookings: one per stay, each on the first listing that has it free.
        var guest = try BookingClient.newGuest(port: sqlite.port)
        var booked: [(listing: String, id: String, key: String, body: [String: Any])] = []
        for (index, (checkin, checkout)) in Self.stays.enumerated() {
            let stay = "checkin=\(checkin)&checkout=\(checkout)&adults=2"
            let items = try #require(try sqlite.json("/listings?\(stay)&limit=5")["items"] as? [[String: Any]])
            let listing = try #require(items[index % items.count]["id"] as? String)
            let quote = try sqlite.json("/quote?listingId=\(listing)&\(stay)")
            let body: [String: Any] = ["listingId": listing, "checkin": checkin, "checkout": checkout, "adults": 2,
                                       "expectedTotal": try #require(int64(quote["total"]))]
            let key = "copy-\(index)"
            let created = try guest.book(body, key: key)
            #expect(created.status == 201, "\(created.text)")
            booked.append((listing, try #require(created.object["id"] as? String), key, body))
        }
        #expect(try guest.send("POST", "/reservations/\(booked[1].id)/cancel").status == 200)
        #expect(try guest.send("PUT", "/wishlist/\(booked[2].listing)").status / 100 == 2)

        // The copy, into an empty database.
        let database = try #require(try TemporaryPostgresDatabase.make())
        let target = try openCatalogPostgres(url: database.url, maximumConnectionCount: 1)
        let counts = Dictionary(uniqueKeysWithValues: try SQLiteToPostgresCopy.copy(from: sqlite.pool, to: target))
        #expect(counts["listings"] == 300)
        #expect(counts["guests"] == 1)
        #expect(counts["reservations"] == 3)
        #expect(counts["idempotency_keys"] == 3)
        #expect(counts["wishlist"] == 1)
        // The nights of the two confirmed stays (a cancellation frees its nights).
        #expect(counts["reservation_nights"] == 4)
        #expect((counts["calendar_days"] ?? 0) > 0)
        #expect(throws: SQLiteToPostgresCopy.CopyRefusal.targetNotEmpty(table: "locations")) {
            _ = try SQLiteToPostgresCopy.copy(from: sqlite.pool, to: target)
        }

        let postgres = try PostgresEndToEndTests.Server(url: database.url)
        /// The same status and body on both (a problem's requestId aside).
        func same(_ target: String, as client: BookingClient? = nil) throws {
            let a = try (client ?? BookingClient(port: sqlite.port, token: nil)).send("GET", target)
            var other = client ?? BookingClient(port: postgres.port, token: nil)
            other = BookingClient(port: postgres.port, token: other.token)
            let b = try other.send("GET", target)
            #expect(a.status == b.status, "\(target): \(a.status) \(b.status)")
            var left = a.object, right = b.object
            left["requestId"] = nil
            right["requestId"] = nil
            #expect(!left.isEmpty && NSDictionary(dictionary: left) == NSDictionary(dictionary: right),
                    "\(target)\nSQLite: \(a.text)\nPostgreSQL: \(b.text)")
        }
        for (checkin, checkout) in Self.stays {
            let stay = "checkin=\(checkin)&checkout=\(checkout)&adults=2"
            try same("/listings?\(stay)&limit=50")
            try same("/listings?\(stay)&limit=20&sort=price_asc")
            for entry in booked {
                try same("/quote?listingId=\(entry.listing)&\(stay)")
            }
        }
        for entry in booked {
            try same("/listings/\(entry.listing)")
            try same("/calendar?listingId=\(entry.listing)&start=2028-01&months=2")
            try same("/reservations/\(entry.id)", as: guest)
        }
        // The booked nights stay booked: the confirmed stays cannot be quoted again, the
        // cancelled one can.
        for (index, entry) in booked.enumerated() {
            let stay = "checkin=\(entry.body["checkin"]!)&checkout=\(entry.body["checkout"]!)&adults=2"
            let status = try TestClient(port: postgres.port).get("/quote?listingId=\(entry.listing)&\(stay)").status
            #expect(status == (index == 1 ? 200 : 409), "\(entry)")
        }
        try same("/reservations", as: guest)
        try same("/wishlist", as: guest)
        try same("/listings?limit=50")
        try same("/locations/popular")

        // The guest's token and idempotency keys carry over: the same key replays the same
        // reservation, and the next booking gets a new random id of its own.
        guest = BookingClient(port: postgres.port, token: guest.token)
        let replay = try guest.book(booked[0].body, key: booked[0].key)
        #expect(replay.object["id"] as? String == booked[0].id, "\(replay.text)")
        let free = try #require(try postgres.json("/listings?checkin=2028-03-01&checkout=2028-03-03&adults=2&limit=1")["items"]
            as? [[String: Any]]).first?["id"] as? String
        let listing = try #require(free)
        let total = try postgres.total("listingId=\(listing)&checkin=2028-03-01&checkout=2028-03-03&adults=2")
        let next = try guest.book(["listingId": listing, "checkin": "2028-03-01", "checkout": "2028-03-03", "adults": 2,
                                   "expectedTotal": total])
        #expect(next.status == 201, "\(next.text)")
        let ids = Set(booked.compactMap { Int64($0.id) })
        let nextID = try #require(Int64(next.object["id"] as? String ?? ""), "\(next.text)")
        #expect(!ids.contains(nextID) && nextID >= 1_000_000_000_000_000 && nextID < 1 << 53, "\(next.text)")
    }
}
