import Testing
import Domain
@testable import Persistence

/// `listingAndCalendar(_:calendarIn:likelyWithin:)` answers exactly as the form without the
/// hint, whether the listing's range lies inside the hint (one statement on PostgreSQL),
/// overlaps it, lies outside it, or the listing does not exist.
@Suite struct ListingAndCalendarHintTests {
    @Test(arguments: CatalogFixture.Engine.available)
    func theHintNeverChangesTheAnswer(engine: CatalogFixture.Engine) throws {
        let fixture = try CatalogFixture(engine: engine)
        // Listing 2's days: 2027-03-10, -15, -20, -25 and 2027-04-01.
        let exact = date("2027-03-12")..<date("2027-03-26")
        let hints = [
            date("2027-03-01")..<date("2027-05-01"),  // around it: the days outside are dropped
            exact,                                    // the same
            date("2027-03-14")..<date("2027-05-01"),  // overlapping: read again
            date("2027-01-01")..<date("2027-03-20"),  // overlapping the other end
            date("2030-01-01")..<date("2030-02-01"),  // elsewhere
        ]
        let expected = try #require(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: { _ in exact }))
        #expect(expected.entries.map(\.date) == [date("2027-03-15"), date("2027-03-20"), date("2027-03-25")])
        for hint in hints {
            var seen: [ListingID] = []
            let read = try #require(try fixture.reads.listingAndCalendar(ListingID(2), calendarIn: { listing in
                seen.append(listing.id)
                return exact
            }, likelyWithin: hint))
            #expect(read.listing == expected.listing, "hint \(hint)")
            #expect(read.entries == expected.entries, "hint \(hint)")
            #expect(!seen.isEmpty && seen.allSatisfy { $0 == ListingID(2) })
        }
        #expect(try fixture.reads.listingAndCalendar(ListingID(424242), calendarIn: { _ in exact },
                                                     likelyWithin: hints[0]) == nil)
    }
}
