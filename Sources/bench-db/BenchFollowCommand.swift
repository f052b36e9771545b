import API
import CommandLineOptions
import DataImport
import Domain
import Foundation
import Persistence
import SearchIndex
import Storage

/// `bench-db follow`: how the search index follows booking-like writes. WRITES TO THE
/// DATABASE (books and frees nights, appends change-log rows): run it on a copy.
///
/// (a) Visibility: `--writes` times, a one-listing booking commits — a real one, through
/// `BookingService` and `SQLiteBookingStore` on a pool of their own (another writer
/// connection, as another server or process would be), for a random listing and stay that
/// validates; then a search over the listing's location
/// and nights runs. Prints the time from COMMIT returning to the end of that search (which
/// must not return the listing: it counts the misses), the catch-up alone (version check,
/// log and listing reads, patch) and the patch alone (`SearchIndex.apply`), median and
/// p99. Every booking is cancelled the same way afterwards.
///
/// (b) Search CPU: `--threads` threads search for `--seconds` with no writes, then again
/// while a writer thread books and cancels at `--rate` writes/s. Prints CPU µs per search
/// of the searching threads (their own thread CPU time: the catch-ups they run are
/// included, the writer's SQL is not) for both.
enum BenchFollowCommand {
    static let specs: [OptionSpec] = [
        .value("database", "PATH", "the SQLite file to run on (default ./stays.sqlite)"),
        .value("writes", "N", "bookings timed for visibility (default 200)"),
        .value("seconds", "N", "seconds of each CPU phase (default 10)"),
        .value("rate", "N", "writes per second during the second CPU phase (default 100)"),
        .value("threads", "N", "searching threads (default: the number of cores)"),
        .today,
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        let writes = try options.integer("writes", default: 200, in: 1...100_000)
        let seconds = try options.integer("seconds", default: 10, in: 1...3600)
        let rate = try options.integer("rate", default: 100, in: 1...10_000)
        let threads = try options.integer("threads", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let today = try options.dateProvider().today(in: "Asia/Seoul")
        let path = options.string("database", default: "./stays.sqlite")
        guard FileManager.default.fileExists(atPath: path) else { throw UsageError("no database at \(path)") }

        let pool = try openCatalogDatabase(path: path, maximumReaderCount: threads + 2)
        let catalog = SQLiteCatalog(pool: pool)
        let indexed = try IndexedCatalog(catalog: catalog)
        print("bench-follow index: \(indexed.index.summary)")
        let targets: [(id: Int64, location: Int64)] = try pool.read { db in
            try db.prepare("SELECT id, location_id FROM listings WHERE (id * 2654435761) % 89 = 7 LIMIT 5000")
                .fetchAll { ($0.int64(0), $0.int64(1)) }
        }
        guard !targets.isEmpty else { throw UsageError("the database has no listings") }
        let booker = try BenchBooker(path: path, today: today)
        var random = SplitMix64(seed: 7)

        // (a) visibility
        var visible: [Double] = [], catchUps: [Double] = [], patches: [Double] = [], misses = 0
        var booked: [ReservationID] = []
        let clock = ContinuousClock()
        for _ in 0..<writes {
            var attempt: (target: (id: Int64, location: Int64), nights: Range<Int>, reservation: ReservationID)?
            while attempt == nil {
                let target = targets[random.int(in: 0...(targets.count - 1))]
                let checkin = today.daysSinceEpoch + random.int(in: 1...300)
                let nights = checkin..<checkin + random.int(in: 1...3)
                if let id = try booker.book(listing: target.id, nights: nights) { attempt = (target, nights, id) }
            }
            let committed = clock.now
            guard let (target, nights, reservation) = attempt else { continue }
            _ = try indexed.freshIndex()
            let caughtUp = clock.now
            let filter = ListingFilter(area: .location(LocationID(target.location)),
                                       stay: Stay(checkin: CalendarDate(daysSinceEpoch: nights.lowerBound),
                                                  checkout: CalendarDate(daysSinceEpoch: nights.upperBound)))
            let page = try indexed.searchListings(ListingSearch(filter: filter, limit: 20))
            let done = clock.now
            // The search after the catch-up finds nothing new to apply; the page must not
            // hold the listing (a page of 20 may not reach it anyway: also check its total
            // against the SQL once in a while would cost seconds, so the page is the check).
            if page.matches.contains(where: { $0.listing.id.rawValue == target.id }) { misses += 1 }
            visible.append(microseconds(done - committed))
            catchUps.append(microseconds(caughtUp - committed))
            patches.append(microseconds(indexed.lastPatchDuration))
            booked.append(reservation)
        }
        for id in booked { try booker.cancel(id) }
        _ = try indexed.freshIndex()
        print(String(format: "visibility writes=%d misses=%d commit_to_search_end_us p50=%.0f p99=%.0f "
                     + "catch_up_us p50=%.0f p99=%.0f patch_apply_us p50=%.0f p99=%.0f",
                     writes, misses, percentile(visible, 0.5), percentile(visible, 0.99),
                     percentile(catchUps, 0.5), percentile(catchUps, 0.99),
                     percentile(patches, 0.5), percentile(patches, 0.99)))

        // (b) search CPU, read-only then with writes
        let searches = try BenchSQLCommand.generate(route: .listings, catalog: catalog, pool: pool, today: today,
                                                    seed: 1, count: 2000).compactMap { operation -> ListingSearch? in
            if case .search(let search) = operation { return search }
            return nil
        }
        for writing in [false, true] {
            let stop = StopFlag()
            let writerDone = DispatchSemaphore(value: 0)
            let writeCount = WriteCounter()
            if writing {
                let targetList = targets
                Thread.detachNewThread {
                    var random = SplitMix64(seed: 11)
                    let interval = 1.0 / Double(rate)
                    var next = Date().timeIntervalSinceReferenceDate
                    var pending: ReservationID?
                    do {
                        let booker = try BenchBooker(path: path, today: today)
                        while !stop.isSet {
                            if let id = pending {
                                try booker.cancel(id)
                                pending = nil
                            } else {
                                let target = targetList[random.int(in: 0...(targetList.count - 1))]
                                let checkin = today.daysSinceEpoch + random.int(in: 1...300)
                                pending = try booker.book(listing: target.id, nights: checkin..<checkin + random.int(in: 1...3))
                            }
                            writeCount.add()
                            next += interval
                            let wait = next - Date().timeIntervalSinceReferenceDate
                            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                        }
                        if let id = pending { try booker.cancel(id) }
                    } catch {
                        FileHandle.standardError.write(Data("bench-follow writer: \(error)\n".utf8))
                    }
                    writerDone.signal()
                }
            }
            let totals = BenchSQLCommand.Counters()
            let cpu = CPUTotal()
            let deadline = ContinuousClock.now + .seconds(seconds)
            let wallStart = ContinuousClock.now
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var index = (thread * 7919) % searches.count
                var done = 0, failed = 0
                let before = threadCPUMicroseconds()
                while ContinuousClock.now < deadline {
                    for _ in 0..<4 {
                        do {
                            _ = try indexed.searchListings(searches[index])
                            done += 1
                        } catch {
                            failed += 1
                        }
                        index = (index + 1) % searches.count
                    }
                }
                cpu.add(threadCPUMicroseconds() - before)
                totals.add(done: done, failed: failed)
            }
            let wall = microseconds(ContinuousClock.now - wallStart) / 1e6
            stop.set()
            if writing { writerDone.wait() }
            let (done, failed) = totals.totals
            print(String(format: "search_cpu writes_per_s=%.0f threads=%d searches=%d errors=%d seconds=%.1f "
                         + "searches_per_s=%.0f cpu_us_per_search=%.1f rebuilds=%d",
                         writing ? Double(writeCount.count) / wall : 0.0, threads, done, failed, wall, Double(done) / wall,
                         done > 0 ? cpu.total / Double(done) : 0, indexed.rebuildCount))
        }
        return misses == 0 ? 0 : 1
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    static func percentile(_ values: [Double], _ rank: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * rank).rounded()))]
    }

    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// Set once by the measuring thread, read by the writer thread. Thread-safe.
    final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false  // guarded by `lock`
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Writes done by the writer thread. Thread-safe.
    final class WriteCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0  // guarded by `lock`
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }

    /// Sum of the searching threads' CPU time. Thread-safe.
    final class CPUTotal: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0.0  // guarded by `lock`
        var total: Double { lock.withLock { value } }
        func add(_ microseconds: Double) { lock.withLock { value += microseconds } }
    }
}

/// Books and cancels through the real write path (`BookingService` over
/// `SQLiteBookingStore`) on a pool of its own, as one guest. Used from one thread.
struct BenchBooker {
    let quotes: ListingService
    let bookings: BookingService
    let guest: GuestID

    init(path: String, today: CalendarDate) throws {
        let pool = try DatabasePool(path: path)
        let store = SQLiteBookingStore(pool: pool)
        let dates = FixedDateProvider(today)
        quotes = ListingService(listings: SQLiteCatalog(pool: pool), dateProvider: dates)
        bookings = BookingService(store: store, dateProvider: dates)
        guest = try GuestService(store: store, dateProvider: dates).createGuest().id
    }

    /// The new reservation, or nil when the stay cannot be booked (taken, a stay rule).
    func book(listing: Int64, nights: Range<Int>) throws -> ReservationID? {
        guard let stay = Stay(checkin: CalendarDate(daysSinceEpoch: nights.lowerBound),
                              checkout: CalendarDate(daysSinceEpoch: nights.upperBound)) else { return nil }
        let guests = GuestCount(adults: 1)
        do {
            let quote = try quotes.quote(listingID: ListingID(listing), stay: stay, guests: guests, language: .ko)
            let request = BookingRequest(listingID: ListingID(listing), stay: stay, guests: guests, expectedTotal: quote.total)
            let key = IdempotencyKey(UUID().uuidString)!
            guard case .created(let reservation, _) = try bookings.book(request, guest: guest, key: key, language: .ko,
                                                                      receipt: { BookingConfirmation($0) }) else { return nil }
            return reservation.id
        } catch is StaysError {
            return nil
        }
    }

    func cancel(_ id: ReservationID) throws {
        _ = try bookings.cancel(id, guest: guest, language: .ko)
    }
}
