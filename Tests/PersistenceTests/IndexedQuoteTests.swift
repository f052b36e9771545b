import Foundation
import TestSupport
import Testing
import Domain
import PostgresStorage
import Storage
@testable import Persistence
@testable import SearchIndex

/// A quote (and a calendar) read from the search index must be the one read from the
/// database: the same stay terms and the same calendar rows, and so the same nights,
/// prices, line items, total — or the same refusal (409 naming the same nights, 422 naming
/// the same rule and value).
@Suite struct IndexedQuoteTests {
    /// The outcome a client sees: a quote, or the error that maps to its problem.
    static func outcome(_ terms: StayTerms, _ entries: [CalendarEntry], _ stay: Stay, _ guests: GuestCount,
                        today: CalendarDate) -> Result<Quote, StaysError> {
        Result { () throws(StaysError) -> Quote in
            try Quote.validated(terms: terms, entries: entries, stay: stay, guests: guests, today: today,
                                configuration: .standard, language: .ko)
        }
    }

    /// The database's rows as the index gives them back: without the available rows that
    /// override and rule nothing (the same as no row).
    static func kept(_ entries: [CalendarEntry]) -> [CalendarEntry] {
        entries.filter { $0 != CalendarEntry(date: $0.date) }
    }

    static func randomStay(_ random: inout TestRandom, farRows: Bool) -> Stay {
        let special = ["2027-12-31", "2027-12-30", "2028-02-29", "2028-02-28", "2027-11-30", "2028-01-31", "2027-10-01",
                       "2028-04-30"]
        let checkin = farRows && random.chance(30)
            ? CalendarDate(daysSinceEpoch: random.next(in: RandomCatalog.farDay - 35...RandomCatalog.farDay + 35))
            : random.chance(25)
            ? CalendarDate(special[random.next(below: special.count)])!
            : CalendarDate(daysSinceEpoch: random.next(in: RandomCatalog.firstDay - 5...RandomCatalog.lastDay + 5))
        let nights = random.chance(70) ? random.next(in: 1...7) : random.chance(90) ? random.next(in: 1...40) : random.next(in: 300...365)
        return Stay(checkin: checkin, checkout: checkin.adding(days: nights))!
    }

    static func randomGuests(_ random: inout TestRandom) -> GuestCount {
        GuestCount(adults: random.chance(5) ? random.next(in: 9...20) : random.next(in: 1...5),
                   children: random.chance(20) ? random.next(in: 1...2) : 0, infants: random.chance(10) ? 1 : 0)
    }

    /// For tests that patch the index: listing `id`'s quotes for a few random stays, from the
    /// index and from the database, must agree (the index may not answer only for a listing
    /// that no longer exists). Returns a description of the first difference.
    static func difference(_ indexed: IndexedCatalog, _ catalog: RandomCatalog, _ id: Int64,
                           _ random: inout TestRandom) throws -> String? {
        let today = CalendarDate(daysSinceEpoch: RandomCatalog.firstDay - 3)
        for _ in 0..<3 {
            let stay = randomStay(&random, farRows: catalog.farRows)
            let range = Quote.calendarRange(of: stay)
            let expected = try catalog.catalog.listingAndCalendar(ListingID(id), calendarIn: range)
            guard let actual = try indexed.freshIndex().stayTermsAndCalendar(id, in: range) else {
                if expected == nil { continue }
                return "the index did not answer for \(id)"
            }
            guard let expected else { return "the index answered for \(id), which no longer exists" }
            if actual.terms != expected.listing.stayTerms || actual.entries != kept(expected.entries) {
                return "\(id) over \(range): \(expected.listing.stayTerms) \(kept(expected.entries)) vs \(actual.terms) \(actual.entries)"
            }
            let guests = randomGuests(&random)
            let want = outcome(expected.listing.stayTerms, expected.entries, stay, guests, today: today)
            let got = outcome(actual.terms, actual.entries, stay, guests, today: today)
            if want != got { return "\(id) \(stay) \(guests): \(want) vs \(got)" }
        }
        return nil
    }

    /// Every listing of a random catalog (prices too wide for the compact record, capacities
    /// past the index's rows, price overrides on booked days, rules, calendars reaching years
    /// past the bitset window, four currencies and time zones, three policies), random stays
    /// over month, year and leap-day ends: the index answers every one, exactly as the database.
    @Test(arguments: [false, true])
    func quotesFromTheIndexMatchTheDatabase(farRows: Bool) throws {
        let catalog = try RandomCatalog(seed: farRows ? 0x0A7E : 0x9A07E, listingCount: 300, farRows: farRows)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let today = CalendarDate(daysSinceEpoch: RandomCatalog.firstDay - 3)
        var random = TestRandom(seed: farRows ? 31 : 32)
        var outcomes: [String: Int] = [:]
        var failures = 0
        for round in 0..<3_000 where failures < 5 {
            let id = random.chance(3) ? ListingID(Int64(random.next(in: 1...6_000)))
                : ListingID(catalog.listingIDs[random.next(below: catalog.listingIDs.count)])
            let stay = Self.randomStay(&random, farRows: farRows)
            let range = Quote.calendarRange(of: stay)
            let fromIndex = indexed.index.stayTermsAndCalendar(id.rawValue, in: range)
            guard let expected = try catalog.catalog.listingAndCalendar(id, calendarIn: range) else {
                #expect(fromIndex == nil, "round \(round): listing \(id) does not exist")
                continue
            }
            let actual = try #require(fromIndex, "round \(round): the index did not answer for \(id)")
            if actual.terms != expected.listing.stayTerms || actual.entries != Self.kept(expected.entries) {
                failures += 1
                Issue.record("""
                    round \(round): \(id) over \(range)
                     db:    \(expected.listing.stayTerms) \(Self.kept(expected.entries))
                     index: \(actual.terms) \(actual.entries)
                    """)
            }
            for _ in 0..<3 {
                let guests = Self.randomGuests(&random)
                let want = Self.outcome(expected.listing.stayTerms, expected.entries, stay, guests, today: today)
                let got = Self.outcome(actual.terms, actual.entries, stay, guests, today: today)
                if want != got {
                    failures += 1
                    Issue.record("round \(round): \(id) \(stay) \(guests)\n db:    \(want)\n index: \(got)")
                }
                switch want {
                case .success: outcomes["quoted", default: 0] += 1
                case .failure(let error): outcomes["\(error)".prefix(while: { $0 != "(" }).description, default: 0] += 1
                }
            }
        }
        // Every kind of answer must occur often, or the comparison proves little.
        #expect(outcomes["quoted", default: 0] > 1_000, "\(outcomes)")
        #expect(outcomes["unavailableDates", default: 0] > 300, "\(outcomes)")
        #expect(outcomes["stayRuleViolated", default: 0] > 300, "\(outcomes)")
    }

    /// `/calendar` through the index is `/calendar` through the database: random listings,
    /// months (one to thirteen, from before the calendar rows to past them, over year ends
    /// and February 2028), chosen check-ins and parties; today in each listing's own zone.
    @Test func calendarsFromTheIndexMatchTheDatabase() throws {
        let catalog = try RandomCatalog(seed: 0xCA1, listingCount: 200)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let clock = FixedDateProvider(CalendarDate(daysSinceEpoch: RandomCatalog.firstDay + 20))
        let fromIndex = CalendarService(listings: indexed, dateProvider: clock)
        let fromDatabase = CalendarService(listings: catalog.catalog, dateProvider: clock)
        // Every listing is answered by the index, not by the database behind it.
        let year = CalendarDate(year: 2027, month: 1, day: 1)!..<CalendarDate(year: 2029, month: 1, day: 1)!
        #expect(catalog.listingIDs.allSatisfy { indexed.index.stayTermsAndCalendar($0, in: year) != nil })
        var random = TestRandom(seed: 0xCA1)
        var compared = 0
        for round in 0..<300 {
            let id = ListingID(catalog.listingIDs[random.next(below: catalog.listingIDs.count)])
            let start = random.chance(20) ? nil : YearMonth(year: [2027, 2028][random.next(below: 2)], month: random.next(in: 1...12))
            let months = random.chance(50) ? random.next(in: 1...3) : random.next(in: 4...13)
            let checkin = random.chance(40)
                ? CalendarDate(daysSinceEpoch: random.next(in: RandomCatalog.firstDay...RandomCatalog.lastDay)) : nil
            let guests = Self.randomGuests(&random)
            let weekday = FirstWeekday.allCases[random.next(below: 2)]
            func view(_ service: CalendarService) -> Result<CalendarView, StaysError> {
                do {
                    return .success(try service.calendar(listingID: id, start: start, months: months, firstWeekday: weekday,
                                                         checkin: checkin, guests: guests, language: .en))
                } catch let error as StaysError {
                    return .failure(error)
                } catch {
                    Issue.record("\(error)")
                    return .failure(.listingNotFound(id))
                }
            }
            let expected = view(fromDatabase)
            #expect(view(fromIndex) == expected, "round \(round): \(id) \(String(describing: start)) +\(months)")
            if case .success = expected { compared += 1 }
        }
        #expect(compared > 250)
    }

    /// The known catalog on either engine (PostgreSQL's index reads its rows through its own
    /// SQL and decoding): every listing's quotes around its booked, blocked, ruled and
    /// overridden days, a year's end and a leap day come from the index, as the database says.
    @Test(arguments: CatalogFixture.Engine.available)
    func theIndexQuotesAsTheDatabaseOnEitherEngine(engine: CatalogFixture.Engine) throws {
        let fixture = try CatalogFixture(engine: engine)
        let indexed = try fixture.indexedCatalog()
        let today = date("2027-01-01")
        let checkins = ["2027-03-08", "2027-12-27", "2028-02-25"].flatMap { start in
            (0..<9).map { date(start).adding(days: $0) }
        }
        var compared = 0
        for listing in fixture.listings {
            for checkin in checkins {
                for nights in 1...5 {
                    let stay = Stay(checkin: checkin, checkout: checkin.adding(days: nights))!
                    let range = Quote.calendarRange(of: stay)
                    let expected = try #require(try fixture.reads.listingAndCalendar(listing.id, calendarIn: range))
                    let actual = try #require(indexed.index.stayTermsAndCalendar(listing.id.rawValue, in: range))
                    #expect(actual.terms == expected.listing.stayTerms)
                    #expect(actual.entries == Self.kept(expected.entries))
                    for guests in [GuestCount(), GuestCount(adults: 3, children: 1), GuestCount(adults: 5, infants: 1)] {
                        #expect(Self.outcome(actual.terms, actual.entries, stay, guests, today: today)
                                    == Self.outcome(expected.listing.stayTerms, expected.entries, stay, guests, today: today),
                                "\(engine) \(listing.id) \(stay) \(guests)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == fixture.listings.count * 27 * 5 * 3)
    }

    /// Through `IndexedCatalog`: a booking written by another connection, then its
    /// cancellation, are in the next quote; a deleted listing is not found; a listing the
    /// index does not hold yet (added after the load) is quoted from the database.
    @Test func quotesFollowWritesLikeSearches() throws {
        let catalog = try RandomCatalog(seed: 0x0F0, listingCount: 60)
        let indexed = try IndexedCatalog(catalog: catalog.catalog)
        let service = ListingService(listings: indexed,
                                     dateProvider: FixedDateProvider(CalendarDate(daysSinceEpoch: RandomCatalog.firstDay)))
        var random = TestRandom(seed: 9)
        let id = try #require(catalog.listingIDs.first { id in
            (try? catalog.catalog.listing(ListingID(id)))??.minNights == 1
        })
        let free = try #require((RandomCatalog.firstDay...RandomCatalog.lastDay - 2).first { day in
            let stay = Stay(checkin: CalendarDate(daysSinceEpoch: day), checkout: CalendarDate(daysSinceEpoch: day + 1))!
            return (try? service.quote(listingID: ListingID(id), stay: stay, guests: GuestCount(), language: .ko)) != nil
        })
        let stay = Stay(checkin: CalendarDate(daysSinceEpoch: free), checkout: CalendarDate(daysSinceEpoch: free + 1))!
        try SearchIndexFollowTests.book(id, nights: free..<free + 1, path: catalog.pool.path)
        #expect(throws: StaysError.unavailableDates([stay.checkin])) {
            try service.quote(listingID: ListingID(id), stay: stay, guests: GuestCount(), language: .ko)
        }
        try SearchIndexFollowTests.book(id, nights: free..<free + 1, path: catalog.pool.path, cancel: true)
        #expect(throws: Never.self) { try service.quote(listingID: ListingID(id), stay: stay, guests: GuestCount(), language: .ko) }

        let added = RandomCatalog.randomListing(id: 777_777, location: catalog.locations[0], latitude: 37.55,
                                                longitude: 126.98, &random)
        try catalog.writer.saveListing(added)
        // Before the rebuild that brings it into the index lands, from the database; after, from the index.
        #expect(try indexed.stayTermsAndCalendar(added.id, calendarIn: Quote.calendarRange(of: stay))?.terms == added.stayTerms)
        try indexed.waitForRebuilds()
        #expect(indexed.index.stayTermsAndCalendar(added.id.rawValue, in: Quote.calendarRange(of: stay))?.terms == added.stayTerms)

        try catalog.pool.write { db in
            try db.execute(sql: "DELETE FROM listings WHERE id = \(id)")
            try ChangeLog.append(listing: ListingID(id), reason: .listing, in: db)
        }
        #expect(throws: StaysError.listingNotFound(ListingID(id))) {
            try service.quote(listingID: ListingID(id), stay: stay, guests: GuestCount(), language: .ko)
        }
    }
}
