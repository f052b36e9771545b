import Foundation
import Domain
import PostgresStorage
import Storage
import TestSupport
@testable import Persistence
@testable import SearchIndex

func date(_ text: String) -> CalendarDate {
    guard let value = CalendarDate(text) else { preconditionFailure("bad test date \(text)") }
    return value
}

func stay(_ checkin: String, _ checkout: String) -> Stay {
    guard let value = Stay(checkin: date(checkin), checkout: date(checkout)) else { preconditionFailure("bad stay") }
    return value
}

/// A catalog on a temporary file with the real migrations and a small, known data set:
///
///     Seoul (city) ── Gangnam-gu (district) ── Yeoksam-dong (neighbourhood): listing 1
///                  │                        └─ listing 2 (directly in the district)
///                  └─ Mapo-gu (district): listing 3
///     Busan (city): listing 4
///     Taveuni (city, on the antimeridian): listing 2^53+1 (east, 179.5), listing 6 (west, -179.5)
///
/// The same data on either engine (`Engine`): suites that take an engine argument run one
/// test code against SQLite and, when `STAYS_TEST_POSTGRES_URL` is set, PostgreSQL. The
/// SQLite-typed members (`pool`, `catalog`, `writer`) are nil on PostgreSQL; the engine-neutral
/// ones (`reads`, `anyWriter`, `latestSequence`, `changes`) work on both.
final class CatalogFixture {
    static let bigID = ListingID(9_007_199_254_740_993)  // 2^53 + 1

    /// A storage engine a parameterized test runs against.
    enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
        /// SQLite always; PostgreSQL when a test server is configured (a note says so otherwise).
        static var available: [Engine] { TemporaryPostgresDatabase.isAvailable ? [.sqlite, .postgres] : [.sqlite] }
    }

    let engine: Engine
    let directory: URL
    let pool: DatabasePool!
    let catalog: SQLiteCatalog!
    let writer: SQLiteCatalogWriter!
    /// The engine's catalog reads and bulk writer.
    let reads: any CatalogReads
    let anyWriter: any CatalogWriting
    /// The engine every store of this fixture runs on.
    let store: any StoreEngine
    private let postgresDatabase: TemporaryPostgresDatabase?
    let postgresPool: PostgresPool?
    var seoul = LocationID(0), gangnam = LocationID(0), yeoksam = LocationID(0), mapo = LocationID(0)
    var busan = LocationID(0), taveuni = LocationID(0)
    private(set) var listings: [Listing] = []

    init(engine: Engine = .sqlite) throws {
        self.engine = engine
        directory = FileManager.default.temporaryDirectory.appending(path: "stays-persistence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        switch engine {
        case .sqlite:
            let pool = try openCatalogDatabase(path: directory.appending(path: "catalog.sqlite").path)
            self.pool = pool
            catalog = SQLiteCatalog(pool: pool)
            writer = SQLiteCatalogWriter(pool: pool)
            reads = catalog
            anyWriter = writer
            store = SQLiteEngine(pool: pool)
            postgresDatabase = nil
            postgresPool = nil
        case .postgres:
            guard let database = try TemporaryPostgresDatabase.make() else {
                throw PersistenceError.unsupported("no PostgreSQL test server (STAYS_TEST_POSTGRES_URL)")
            }
            let pool = try openCatalogPostgres(url: database.url, maximumConnectionCount: 4)
            postgresDatabase = database
            postgresPool = pool
            self.pool = nil
            catalog = nil
            writer = nil
            reads = StoreCatalog(pool: pool)
            anyWriter = StoreCatalogWriter(pool: pool)
            store = PostgresEngine(pool: pool)
        }
        let writer = anyWriter
        try writer.transaction {
            seoul = try writer.saveLocation(draft("seoul", nil, .city, "서울특별시", "Seoul", 37.5665, 126.9780))
            gangnam = try writer.saveLocation(draft("gangnam", "seoul", .district, "강남구", "Gangnam-gu", 37.5172, 127.0473))
            yeoksam = try writer.saveLocation(draft("yeoksam", "gangnam", .neighbourhood, "역삼동", "Yeoksam-dong", 37.5006, 127.0364))
            mapo = try writer.saveLocation(draft("mapo", "seoul", .district, "마포구", "Mapo-gu", 37.5663, 126.9019))
            busan = try writer.saveLocation(draft("busan", nil, .city, "부산광역시", "Busan", 35.1796, 129.0756))
            taveuni = try writer.saveLocation(draft("taveuni", nil, .city, "Taveuni", "Taveuni", -16.85, 179.9))

            try add(Self.listing(1, yeoksam, .entireHome, base: 100_000, weekend: 150_000, lat: 37.50, lng: 127.03,
                                 maxGuests: 4, rating: 4.8, score: 90, extraGuestFee: 10_000, guestsIncluded: 2))
            try add(Self.listing(2, gangnam, .privateRoom, base: 50_000, lat: 37.52, lng: 127.05,
                                 maxGuests: 2, rating: nil, score: 80))
            try add(Self.listing(3, mapo, .sharedRoom, base: 30_000, lat: 37.56, lng: 126.90, maxGuests: 1,
                                 rating: 4.2, score: 70, availableUntil: date("2028-01-01")))
            try add(Self.listing(4, busan, .hotelRoom, base: 200_000, lat: 35.18, lng: 129.07, maxGuests: 6,
                                 rating: 4.9, score: 95, minNights: 2))
            try add(Self.listing(Self.bigID.rawValue, taveuni, .entireHome, base: 80_000, lat: -16.8, lng: 179.5,
                                 maxGuests: 4, rating: 4.2, score: 10))
            try add(Self.listing(6, taveuni, .entireHome, base: 80_000, lat: -16.9, lng: -179.5,
                                 maxGuests: 4, rating: 3.0, score: 10))

            try writer.replaceCalendar(of: ListingID(1), with: [
                CalendarEntry(date: date("2027-12-30"), price: 120_000),
                CalendarEntry(date: date("2027-12-31"), price: 300_000),
                CalendarEntry(date: date("2028-01-03"), price: 999_000),  // a checkout day: never a night of the stay
                CalendarEntry(date: date("2028-02-29"), price: 111_111),
            ])
            try writer.replaceCalendar(of: ListingID(2), with: [
                CalendarEntry(date: date("2027-03-10"), status: .booked),
                CalendarEntry(date: date("2027-03-15"), closedToArrival: true),
                CalendarEntry(date: date("2027-03-20"), closedToDeparture: true),
                CalendarEntry(date: date("2027-03-25"), minNights: 3, maxNights: 4),
                CalendarEntry(date: date("2027-04-01"), price: 50_001),
            ])
        }
        try writer.refreshLocationStatistics()
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The change log's latest sequence, in one snapshot.
    func latestSequence() throws -> Int64 {
        func latest(_ engine: some StoreEngine) throws -> Int64 { try engine.read { try ChangeLog.latestSequence(in: $0) } }
        return try latest(store)
    }

    /// `ChangeLog.changes`, in one snapshot.
    func changes(after sequence: Int64, limit: Int) throws -> ChangeLogBatch {
        func changes(_ engine: some StoreEngine) throws -> ChangeLogBatch {
            try engine.read { try ChangeLog.changes(after: sequence, limit: limit, in: $0) }
        }
        return try changes(store)
    }

    /// (listing, reason) of the log rows after `sequence`, ascending.
    func changeLogRows(after sequence: Int64) throws -> [(listing: Int64?, reason: String)] {
        func rows(_ engine: some StoreEngine) throws -> [(listing: Int64?, reason: String)] {
            try engine.read {
                try $0.fetchAll("SELECT listing_id, reason FROM change_log WHERE seq > ? ORDER BY seq", [sequence]) {
                    ($0.optionalInt64(0), $0.string(1))
                }
            }
        }
        return try rows(store)
    }

    /// The writer's `trimChangeLog`.
    func trimChangeLog(createdBefore: Int64) throws -> Int {
        try store.trimChangeLog(createdBefore: createdBefore)
    }

    /// Runs `sql` with `arguments` in a write transaction of the engine (test set-up).
    func execute(_ sql: String, _ arguments: StoreArguments = .none) throws {
        func run(_ engine: some StoreEngine) throws { _ = try engine.write { try $0.run(sql, arguments) } }
        try run(store)
    }

    /// The first row of `sql`, decoded, from one snapshot of the engine.
    func fetchOne<T>(_ sql: String, _ arguments: StoreArguments = .none, _ decode: (any StoreRow) throws -> T) throws -> T? {
        func run(_ engine: some StoreEngine) throws -> T? { try engine.read { try $0.fetchOne(sql, arguments) { try decode($0) } } }
        return try run(store)
    }

    /// Every row of `sql`, decoded, from one snapshot of the engine.
    func fetchAll<T>(_ sql: String, _ arguments: StoreArguments = .none, _ decode: (any StoreRow) throws -> T) throws -> [T] {
        func run(_ engine: some StoreEngine) throws -> [T] { try engine.read { try $0.fetchAll(sql, arguments) { try decode($0) } } }
        return try run(store)
    }

    /// The engine's booking store.
    var bookings: any BookingStore { store.bookingStore() }

    /// The search index over this catalog, following its commits.
    func indexedCatalog() throws -> IndexedCatalog { try store.indexedCatalog() }

    func add(_ listing: Listing) throws {
        try anyWriter.saveListing(listing)
        listings.removeAll { $0.id == listing.id }
        listings.append(listing)
    }

    func draft(_ key: String, _ parent: String?, _ kind: LocationKind, _ name: String, _ english: String,
               _ lat: Double, _ lng: Double) -> LocationDraft {
        LocationDraft(externalKey: key, parentKey: parent, kind: kind, name: name, nameEnglish: english,
                      fullName: name, fullNameEnglish: english, coordinate: Coordinate(latitude: lat, longitude: lng),
                      imageURL: nil)
    }

    static func listing(_ id: Int64, _ location: LocationID, _ roomType: RoomType, base: Int64, weekend: Int64? = nil,
                        lat: Double, lng: Double, maxGuests: Int, rating: Double?, score: Int,
                        extraGuestFee: Int64 = 0, guestsIncluded: Int = 1, minNights: Int = 1,
                        availableUntil: CalendarDate? = nil) -> Listing {
        Listing(id: ListingID(id), locationID: location, title: "Listing \(id)", description: "A place, \"quoted\"\n",
                roomType: roomType, coordinate: Coordinate(latitude: lat, longitude: lng), timeZone: "Asia/Seoul",
                currency: .krw, photoURLs: ["https://example.com/\(id)/1.jpg", "https://example.com/\(id)/2.jpg"],
                amenities: ["Wifi", "주방"], host: Host(name: "호스트 \(id)", isSuperhost: id % 2 == 0, since: date("2019-05-01")),
                maxGuests: maxGuests, bedrooms: 1, beds: 2, bathrooms: 1.5, rating: rating,
                reviewCount: rating == nil ? 0 : 12,
                pricing: PricingRules(basePrice: base, weekendPrice: weekend, extraGuestFee: extraGuestFee,
                                      guestsIncluded: guestsIncluded, cleaningFee: 20_000),
                minNights: minNights, maxNights: 30, houseRules: ["No smoking"], availableUntil: availableUntil,
                recommendationScore: score)
    }

    /// Every match of `filter` over all pages, in order.
    func allMatches(_ filter: ListingFilter, sort: ListingSort = .recommended) throws -> [ListingMatch] {
        try reads.searchListings(ListingSearch(filter: filter, sort: sort, limit: 100)).matches
    }

    func ids(_ filter: ListingFilter, sort: ListingSort = .recommended) throws -> [Int64] {
        try allMatches(filter, sort: sort).map(\.listing.id.rawValue)
    }
}
