import CommandLineOptions
import DataImport
import Domain
import Foundation
import Persistence
import SearchIndex
import Storage

/// `bench-db sql`: the SQLite floor of a route. Runs the same SQL a route runs, in a loop
/// on several threads, with varied inputs, and prints operations per second and process CPU
/// time per operation. No HTTP, no JSON: what is left between this and the server's CPU per
/// request is the cost of everything else.
///
/// `/listings` and `/price-histogram` search the in-memory index, so their SQL is the
/// index's freshness check and, for `/listings`, reading the page's listings by id (the
/// pages are found once, before timing). `--sql-search` times the SQL search path instead
/// (`SQLiteCatalog.searchListings`, the reference implementation the index replaced), and
/// `--index` times everything the route's service asks of its repository: the index search
/// and the SQL together (what is left then is HTTP, validation, pricing labels and JSON).
///
/// Inputs come from `--requests FILE` (the request paths the HTTP benchmark sends, one per
/// line, so both measure the same work) or, without it, from a deterministic generator
/// over the database's own listings and locations.
enum BenchSQLCommand {
    static let specs: [OptionSpec] = [
        .value("database", "PATH", "the SQLite file to run on (default ./stays.sqlite)"),
        .value("route", "NAME", "listings, histogram, calendar, quote or locations (default listings)"),
        .value("seconds", "N", "how long to run (default 5)"),
        .value("threads", "N", "threads calling the catalog (default: the number of cores)"),
        .value("requests", "FILE", "request paths (path?query per line) to take inputs from"),
        .value("seed", "S", "seed of the generated inputs (default 1)"),
        .flag("sql-search", "time the SQL search path for listings and histogram instead of the index's SQL"),
        .flag("index", "time the index search and its SQL together for listings and histogram"),
        .today,
    ]

    enum Route: String, CaseIterable {
        case listings, histogram, calendar, quote, locations
        /// The request path whose SQL this route runs.
        var path: String {
            switch self {
            case .listings: return "/listings"
            case .histogram: return "/price-histogram"
            case .calendar: return "/calendar"
            case .quote: return "/quote"
            case .locations: return "/locations"
            }
        }
    }

    /// One call's inputs.
    enum Operation: Sendable {
        case search(ListingSearch)
        case prices(ListingFilter)
        case calendar(ListingID, Range<CalendarDate>)
        case quote(ListingID, Range<CalendarDate>)
        case locations
        /// The index's freshness check, then the page's listings by id.
        case page([ListingID])
        /// The index's freshness check alone.
        case freshness
        /// The repository calls of the route's service: index search (and page), index prices.
        case indexedSearch(ListingSearch)
        case indexedPrices(ListingFilter)
    }

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let routeText = options.string("route", default: "listings")
        guard let route = Route(rawValue: routeText) else {
            throw options.invalid("route", routeText, "expected one of " + Route.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let seconds = try options.integer("seconds", default: 5, in: 1...3600)
        let threads = try options.integer("threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let seedText = options.string("seed", default: "1")
        guard let seed = UInt64(seedText) else { throw options.invalid("seed", seedText, "expected a whole number") }
        let today = try options.dateProvider().today(in: "Asia/Seoul")
        let path = options.string("database", default: "./stays.sqlite")
        guard FileManager.default.fileExists(atPath: path) else { throw UsageError("no database at \(path)") }

        let pool = try openCatalogDatabase(path: path, maximumReaderCount: max(threads, 1))
        let catalog = SQLiteCatalog(pool: pool)
        var inputs: [Operation]
        if let file = options.string("requests") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            inputs = text.split(separator: "\n").compactMap { operation(fromRequest: String($0), route: route, today: today) }
            guard !inputs.isEmpty else { throw UsageError("no \(route.path) requests in \(file)") }
        } else {
            inputs = try generate(route: route, catalog: catalog, pool: pool, today: today, seed: seed, count: 2000)
        }

        var index: IndexedCatalog?
        if (route == .listings || route == .histogram), try !options.flag("sql-search") {
            let indexedCatalog = try IndexedCatalog(catalog: catalog)
            let wholeCalls = try options.flag("index")
            inputs = try inputs.map { operation in
                switch operation {
                case .search(let search) where wholeCalls: return .indexedSearch(search)
                case .prices(let filter) where wholeCalls: return .indexedPrices(filter)
                case .search(let search): return .page(try indexedCatalog.searchListings(search).matches.map(\.listing.id))
                case .prices: return .freshness
                default: return operation
                }
            }
            index = indexedCatalog
        }
        let operations = inputs
        let indexed = index

        let counters = Counters()
        let deadline = ContinuousClock.now + .seconds(seconds)
        let cpuBefore = processCPUMicroseconds()
        let wallStart = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var index = (thread * 7919) % operations.count
            var done = 0, failed = 0
            while ContinuousClock.now < deadline {
                // A batch between clock reads keeps the clock out of the measurement.
                for _ in 0..<8 {
                    do {
                        try perform(operations[index], catalog: catalog, indexed: indexed)
                        done += 1
                    } catch {
                        failed += 1
                    }
                    index = (index + 1) % operations.count
                }
            }
            counters.add(done: done, failed: failed)
        }
        let wall = ContinuousClock.now - wallStart
        let cpu = processCPUMicroseconds() - cpuBefore
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let (done, failed) = counters.totals
        let opsPerSecond = Double(done) / wallSeconds
        let cpuPerOp = done > 0 ? cpu / Double(done) : 0
        print(String(format: "bench-sql route=%@ threads=%d inputs=%d ops=%d errors=%d seconds=%.2f ops_per_s=%.1f cpu_us_per_op=%.1f",
                     route.rawValue, threads, operations.count, done, failed, wallSeconds, opsPerSecond, cpuPerOp))
        return failed == 0 ? 0 : 1
    }

    static func perform(_ operation: Operation, catalog: SQLiteCatalog, indexed: IndexedCatalog?) throws {
        switch operation {
        case .page(let ids):
            _ = try indexed?.freshIndex()
            _ = try catalog.listingSummaries(ids)
        case .freshness:
            _ = try indexed?.freshIndex()
        case .indexedSearch(let search):
            _ = try indexed?.searchListings(search)
        case .indexedPrices(let filter):
            _ = try indexed?.nightlyPrices(matching: filter)
        case .search(let search):
            _ = try catalog.searchListings(search)
        case .prices(let filter):
            _ = try catalog.nightlyPrices(matching: filter)
        case .calendar(let id, let range), .quote(let id, let range):
            // What CalendarService and ListingService.quote read: the listing and its days.
            _ = try catalog.listingAndCalendar(id, calendarIn: { _ in range })
        case .locations:
            // The route answers from LocationService's 5-second cache of this call.
            _ = try catalog.allLocations()
        }
    }

    /// CPU time (user + system) of every thread of this process, in microseconds.
    static func processCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// Totals of every thread. Thread-safe.
    final class Counters: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var done = 0
        private var failed = 0
        func add(done: Int, failed: Int) {
            lock.lock(); defer { lock.unlock() }
            self.done += done
            self.failed += failed
        }
        var totals: (Int, Int) {
            lock.lock(); defer { lock.unlock() }
            return (done, failed)
        }
    }
}

// MARK: inputs from request paths

extension BenchSQLCommand {
    /// The catalog call a request makes, or nil for a request of another route.
    static func operation(fromRequest line: String, route: Route, today: CalendarDate) -> Operation? {
        let parts = line.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pathPart = parts.first, String(pathPart) == route.path else { return nil }
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(kv[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(kv[0])
                let raw = kv.count == 2 ? String(kv[1]) : ""
                query[name] = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? raw
            }
        }
        let guests = GuestCount(adults: query["adults"].flatMap { Int($0) } ?? 1,
                                children: query["children"].flatMap { Int($0) } ?? 0)
        switch route {
        case .listings, .histogram:
            var filter = ListingFilter(guests: guests)
            if let id = query["locationId"].flatMap({ LocationID($0) }) {
                filter.area = .location(id)
            } else if let box = query["bbox"]?.split(separator: ",").compactMap({ Double($0) }), box.count == 4 {
                filter.area = .boundingBox(BoundingBox(southWest: Coordinate(latitude: box[0], longitude: box[1]),
                                                       northEast: Coordinate(latitude: box[2], longitude: box[3])))
            }
            if let checkin = query["checkin"].flatMap({ CalendarDate($0) }),
               let checkout = query["checkout"].flatMap({ CalendarDate($0) }) {
                filter.stay = Stay(checkin: checkin, checkout: checkout)
            }
            filter.roomTypes = Set((query["roomType"] ?? "").split(separator: ",").compactMap { RoomType(rawValue: String($0)) })
            filter.minPrice = query["minPrice"].flatMap { Int64($0) }
            filter.maxPrice = query["maxPrice"].flatMap { Int64($0) }
            if route == .histogram { return .prices(filter) }
            let sort = query["sort"].flatMap { ListingSort(rawValue: $0) } ?? .recommended
            let limit = query["limit"].flatMap { Int($0) } ?? 20
            return .search(ListingSearch(filter: filter, sort: sort, limit: limit))
        case .calendar:
            guard let id = query["listingId"].flatMap({ ListingID($0) }) else { return nil }
            let months = query["months"].flatMap { Int($0) } ?? 12
            let start = query["start"].flatMap { YearMonth($0) } ?? YearMonth(today)
            let checkin = query["checkin"].flatMap { CalendarDate($0) }
            return .calendar(id, CalendarGrid.entryRange(start: start, count: months, checkin: checkin, today: today))
        case .quote:
            guard let id = query["listingId"].flatMap({ ListingID($0) }),
                  let checkin = query["checkin"].flatMap({ CalendarDate($0) }),
                  let checkout = query["checkout"].flatMap({ CalendarDate($0) }), checkout > checkin else { return nil }
            return .quote(id, checkin..<checkout.adding(days: 1))
        case .locations:
            return .locations
        }
    }
}

// MARK: generated inputs

extension BenchSQLCommand {
    /// `count` varied inputs for `route` over the database's own listings and locations:
    /// areas from cities down to neighbourhoods and map boxes around them, stays starting
    /// within the next year, one to four adults, some price ranges and room types.
    static func generate(route: Route, catalog: SQLiteCatalog, pool: DatabasePool, today: CalendarDate,
                         seed: UInt64, count: Int) throws -> [Operation] {
        var random = SplitMix64(seed: seed)
        let locations = try catalog.allLocations().filter { $0.listingCount > 0 }
        let ids: [Int64] = try pool.read { db in
            let statement = try db.prepare("SELECT id FROM listings WHERE (id * 2654435761) % 97 = ? LIMIT 5000")
            try statement.bind(Int64(seed % 97), at: 1)
            return try statement.fetchAll { $0.int64(0) }
        }
        guard !locations.isEmpty, !ids.isEmpty else { throw UsageError("the database has no listings") }

        func stay() -> Stay {
            let checkin = today.adding(days: random.int(in: 1...330))
            return Stay(checkin: checkin, checkout: checkin.adding(days: random.int(in: 1...7)))!
        }
        func filter() -> ListingFilter {
            var filter = ListingFilter(guests: GuestCount(adults: random.int(in: 1...4), children: random.int(in: 0...2) == 2 ? 1 : 0))
            let location = locations[random.int(in: 0...(locations.count - 1))]
            if random.int(in: 0...9) < 6 {
                filter.area = .location(location.id)
            } else {
                let half = [0.01, 0.03, 0.08][random.int(in: 0...2)]
                let c = location.coordinate
                filter.area = .boundingBox(BoundingBox(
                    southWest: Coordinate(latitude: c.latitude - half, longitude: c.longitude - half * 1.3),
                    northEast: Coordinate(latitude: c.latitude + half, longitude: c.longitude + half * 1.3)))
            }
            if random.int(in: 0...9) < 7 { filter.stay = stay() }
            if random.int(in: 0...9) < 3 {
                let low = Int64(random.int(in: 0...10)) * 10_000
                filter.minPrice = low
                filter.maxPrice = low + Int64(random.int(in: 5...30)) * 10_000
            }
            if random.int(in: 0...9) < 2 { filter.roomTypes = [RoomType.allCases[random.int(in: 0...(RoomType.allCases.count - 1))]] }
            return filter
        }
        func listingID() -> ListingID { ListingID(ids[random.int(in: 0...(ids.count - 1))]) }

        return (0..<count).map { _ in
            switch route {
            case .listings:
                let sorts: [ListingSort] = [.recommended, .recommended, .recommended, .priceAscending, .ratingDescending]
                return .search(ListingSearch(filter: filter(), sort: sorts[random.int(in: 0...(sorts.count - 1))], limit: 20))
            case .histogram:
                return .prices(filter())
            case .calendar:
                return .calendar(listingID(), CalendarGrid.entryRange(start: YearMonth(today), count: 12, checkin: nil,
                                                                             today: today))
            case .quote:
                let s = stay()
                return .quote(listingID(), s.checkin..<s.checkout.adding(days: 1))
            case .locations:
                return .locations
            }
        }
    }
}
