import Foundation
import TestSupport
import Testing
import Domain
import Storage
@testable import Persistence
@testable import SearchIndex

/// Each booking rule is defined once, in Domain; the fast paths that must spell it again
/// (the SQL, which cannot call Swift, and the search index's precomputed arithmetic) are
/// held to the Domain definition here, not only to each other (`SearchIndexEquivalenceTests`
/// checks index = SQL).
///
/// - Weekend nights: `CalendarDate.isWeekendNight(epochDay:)` vs
///   `ListingSearchSQL.isWeekendNight(day:)` run by SQLite.
/// - Nightly prices: every match's `accommodationTotal` and `nightlyPrice`, from the SQL
///   and from the index, vs `Quote` (`NightlyPricer`) for that listing, stay and party.
/// - Availability: the set of matches, from the SQL and from the index, vs the listings of
///   the area that `StayValidator` accepts (and whose Domain price is within the bounds).
@Suite struct FastPathRuleTests {
    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: the weekend rule

    /// The SQL expression, evaluated by SQLite for every epoch day of `days` at once (a
    /// recursive CTE from bound ends); returns the days where it disagrees with Domain.
    private static func sqlWeekendDisagreements(_ db: Database, _ days: ClosedRange<Int>) throws -> [Int] {
        let statement = try db.prepare("""
            WITH RECURSIVE d(day) AS (SELECT :first UNION ALL SELECT day + 1 FROM d WHERE day < :last) \
            SELECT day, \(ListingSearchSQL.isWeekendNight(day: "day")) FROM d
            """)
        try statement.bind(days.lowerBound, named: ":first")
        try statement.bind(days.upperBound, named: ":last")
        var wrong: [Int] = []
        var seen = 0
        try statement.forEachRow { row in
            let day = row.int(0)
            seen += 1
            if row.bool(1) != CalendarDate.isWeekendNight(epochDay: day) { wrong.append(day) }
        }
        #expect(seen == days.count)
        return wrong
    }

    /// Every day of 0001-01-01 ... 9999-12-31: every 400-year cycle boundary (1600-03-01,
    /// 2000-03-01, ...), every leap day, month and year end, and the days before the epoch.
    @Test func theSQLWeekendExpressionIsTheDomainRuleOnEveryDayOfYears1To9999() throws {
        let db = try Database(path: ":memory:")
        let first = CalendarDate(year: 1, month: 1, day: 1)!.daysSinceEpoch
        let last = CalendarDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
        #expect(first < -700_000 && last > 2_900_000)
        let wrong = try Self.sqlWeekendDisagreements(db, first...last)
        #expect(wrong.isEmpty, "first disagreeing days: \(wrong.prefix(10).map { CalendarDate(daysSinceEpoch: $0) })")
    }

    /// Days the calendar never names but the index's `Int32` days and SQLite's integers can
    /// hold: runs around the ends of `Int32` and far outside it, one bound day at a time.
    @Test func theSQLWeekendExpressionIsTheDomainRuleOnExtremeDays() throws {
        let db = try Database(path: ":memory:")
        var days: [Int] = []
        for center in [Int(Int32.min), Int(Int32.max), -1_000_000_000_000, 1_000_000_000_000,
                       Int(Int64.min) + 20, Int(Int64.max) - 20, 0] {
            days += (center - 20)...(center + 20)
        }
        let statement = try db.prepare("SELECT \(ListingSearchSQL.isWeekendNight(day: ":day"))")
        for day in days {
            statement.reset()
            try statement.bind(day, named: ":day")
            let sql: Bool? = try statement.fetchOne { $0.bool(0) }
            #expect(sql == CalendarDate.isWeekendNight(epochDay: day), "epoch day \(day)")
        }
        // And the runs through the CTE, as the whole-range test reads them.
        for center in [Int(Int32.min), Int(Int32.max)] {
            #expect(try Self.sqlWeekendDisagreements(db, (center - 400)...(center + 400)).isEmpty)
        }
    }

    // MARK: the nightly price rule

    /// Every match of every page the SQL and the index serve, for random catalogs and
    /// filters, is priced as the Domain prices it: with a stay, `accommodationTotal` is the
    /// sum of `Quote`'s nightly prices (override, else weekend price on weekend nights, else
    /// base price, plus the extra-guest fee) and `nightlyPrice` its average as the quote
    /// rounds it; without one, the base price plus the extra-guest fee.
    @Test(arguments: [false, true])
    func searchPricesAreTheDomainQuotesPrices(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0x9_1CE_FA2 : 0x9_1CE, listingCount: 250, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let listings = try Self.listingsByID(catalog)
        var random = TestRandom(seed: farRows ? 77 : 78)
        var priced = 0, withStay = 0, failures = 0
        for round in 0..<150 where failures < 5 {
            var filter = catalog.randomFilter(&random)
            filter.minPrice = nil
            filter.maxPrice = nil
            let search = ListingSearch(filter: filter, limit: 1_000)
            let fromSQL = try catalog.catalog.searchListings(search)
            #expect(indexed.index.search(search) != nil, "fell back to SQL: \(search)")
            let fromIndex = try indexed.searchListings(search)
            for (path, page) in [("sql", fromSQL), ("index", fromIndex)] {
                #expect(page.nextCursor == nil)
                for match in page.matches {
                    let listing = try #require(listings[match.listing.id])
                    let expected: (total: Int64?, nightly: Int64)
                    if let stay = filter.stay {
                        let entries = try catalog.catalog.calendarEntries(of: listing.id, in: Quote.calendarRange(of: stay))
                        let quote = Quote(listing: listing, stay: stay, guests: filter.guests, entries: entries)
                        #expect(quote.nightlyPrices.count == stay.nights)
                        expected = (quote.nightlyPrices.reduce(0) { $0 + $1.price }, quote.averageNightlyPrice)
                        withStay += 1
                    } else {
                        expected = (nil, NightlyPricer.priceWithoutStay(rules: listing.pricing, guests: filter.guests))
                    }
                    priced += 1
                    if match.accommodationTotal != expected.total || match.nightlyPrice != expected.nightly {
                        failures += 1
                        Issue.record("""
                            round \(round) \(path): listing \(listing.id) for \(filter) priced \
                            \(String(describing: match.accommodationTotal))/\(match.nightlyPrice), \
                            Domain says \(String(describing: expected.total))/\(expected.nightly)
                            """)
                    }
                }
            }
        }
        #expect(withStay > 1_000 && priced > 4_000, "only \(withStay) stays and \(priced) matches priced")
    }

    // MARK: availability

    /// A listing is a match of the SQL search and of the index exactly when it is in the
    /// search's area and room types (the same filter without stay, guests and prices),
    /// `StayValidator` accepts the stay for the guests with the listing's calendar entries,
    /// and the Domain quote's average nightly price is within the price bounds.
    @Test(arguments: [false, true])
    func searchMatchesAreTheStaysTheDomainAccepts(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0xA7A_FA2 : 0xA7A, listingCount: 250, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let listings = try Self.listingsByID(catalog)
        var random = TestRandom(seed: farRows ? 91 : 92)
        var accepted = 0, refused = 0, failures = 0
        var refusals: [String: Int] = [:]
        for round in 0..<250 where failures < 5 {
            var filter = catalog.randomFilter(&random)
            if filter.stay == nil {
                let checkin = CalendarDate(daysSinceEpoch: random.next(in: RandomCatalog.firstDay - 3...RandomCatalog.lastDay))
                filter.stay = Stay(checkin: checkin, checkout: checkin.adding(days: random.next(in: 1...10)))
            }
            let stay = try #require(filter.stay)
            let area = ListingFilter(area: filter.area, guests: GuestCount(adults: 0), roomTypes: filter.roomTypes)
            let candidates = try catalog.catalog.searchListings(ListingSearch(filter: area, limit: 1_000)).matches
            var expected = Set<ListingID>()
            var reasons: [ListingID: String] = [:]
            for candidate in candidates {
                let listing = try #require(listings[candidate.listing.id])
                let entries = try catalog.catalog.calendarEntries(of: listing.id, in: Quote.calendarRange(of: stay))
                do {
                    try StayValidator.validate(listing: listing, entries: entries, stay: stay, guests: filter.guests)
                } catch {
                    refused += 1
                    let reason = Self.kind(of: error)
                    refusals[reason, default: 0] += 1
                    reasons[listing.id] = "\(error)"
                    continue
                }
                let nightly = Quote(listing: listing, stay: stay, guests: filter.guests, entries: entries).averageNightlyPrice
                guard nightly >= filter.minPrice ?? .min && nightly <= filter.maxPrice ?? .max else {
                    reasons[listing.id] = "nightly \(nightly) outside the price bounds"
                    continue
                }
                accepted += 1
                expected.insert(listing.id)
            }
            let search = ListingSearch(filter: filter, limit: 1_000)
            let fromSQL = try catalog.catalog.searchListings(search)
            let fromIndex = try indexed.searchListings(search)
            #expect(indexed.index.search(search) != nil, "fell back to SQL: \(search)")
            for (path, page) in [("sql", fromSQL), ("index", fromIndex)] {
                let found = Set(page.matches.map(\.listing.id))
                #expect(page.total == found.count && page.nextCursor == nil)
                guard found != expected else { continue }
                failures += 1
                let missing = expected.subtracting(found).sorted { $0.rawValue < $1.rawValue }
                let extra = found.subtracting(expected).sorted { $0.rawValue < $1.rawValue }
                Issue.record("""
                    round \(round) \(path) disagrees with StayValidator for \(filter)
                      accepted by Domain, not found: \(missing.map { "\($0.rawValue)" })
                      found, refused by Domain: \(extra.map { "\($0.rawValue): \(reasons[$0] ?? "?")" })
                    """)
            }
        }
        // Every kind of refusal must occur, or the comparison proves little.
        #expect(accepted > 2_000 && refused > 2_000, "accepted \(accepted), refused \(refused)")
        for kind in ["unavailable", "minNights", "maxNights", "closedToArrival", "closedToDeparture", "capacity"] {
            #expect(refusals[kind, default: 0] > 3, "too few \(kind) refusals: \(refusals)")
        }
    }

    private static func listingsByID(_ catalog: RandomCatalog) throws -> [ListingID: Listing] {
        var listings: [ListingID: Listing] = [:]
        for id in catalog.listingIDs {
            guard let listing = try catalog.catalog.listing(ListingID(id)) else {
                throw TestFailure("listing \(id) is missing")
            }
            listings[ListingID(id)] = listing
        }
        return listings
    }

    private static func kind(of error: StaysError) -> String {
        switch error {
        case .unavailableDates: return "unavailable"
        case .stayRuleViolated(let rule):
            switch rule {
            case .minNights: return "minNights"
            case .maxNights: return "maxNights"
            case .closedToArrival: return "closedToArrival"
            case .closedToDeparture: return "closedToDeparture"
            case .capacity: return "capacity"
            }
        default: return "\(error)"
        }
    }
}
