import Testing
import Domain
@testable import Persistence

extension StoreContractTests {
    @Suite struct PricingTests {

        private func listing1(_ fixture: CatalogFixture, _ stay: Stay, guests: GuestCount = GuestCount()) throws -> ListingMatch {
            let filter = ListingFilter(area: .location(fixture.yeoksam), stay: stay, guests: guests)
            return try #require(try fixture.allMatches(filter).first)
        }

        /// The price night by night, as the domain defines it, to check the SQL's shortcut.
        private func reference(_ listing: Listing, _ stay: Stay, overrides: [CalendarDate: Int64], guests: Int) -> Int64 {
            let extra = listing.pricing.extraGuestFee * Int64(max(0, guests - listing.pricing.guestsIncluded))
            return stay.nightDates.reduce(0) { sum, night in
                let price = overrides[night]
                    ?? (night.isWeekendNight ? listing.pricing.weekendPrice ?? listing.pricing.basePrice : listing.pricing.basePrice)
                return sum + price + extra
            }
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func weekendPricesAndOverridesAcrossTheYearEnd(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Wed 12-29 100,000; Thu 12-30 override 120,000; Fri 12-31 override 300,000
            // (instead of the weekend 150,000); Sat 01-01 weekend 150,000; Sun 01-02 100,000.
            // The override on the checkout day (01-03) is not a night of the stay.
            let match = try listing1(fixture, stay("2027-12-29", "2028-01-03"))
            #expect(match.accommodationTotal == 770_000)
            #expect(match.nightlyPrice == 154_000)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func leapDayOverrideAcrossTheMonthEnd(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Mon 02-28 100,000; Tue 02-29 override 111,111; Wed 03-01 100,000.
            let match = try listing1(fixture, stay("2028-02-28", "2028-03-02"))
            #expect(match.accommodationTotal == 311_111)
            #expect(match.nightlyPrice == 103_704)  // 103,703.67 rounds up
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func weekendNightsAreFridayAndSaturday(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // Fri 2028-02-25, Sat 02-26 at 150,000; Sun 02-27 at 100,000.
            let match = try listing1(fixture, stay("2028-02-25", "2028-02-28"))
            #expect(match.accommodationTotal == 400_000)
            #expect(match.nightlyPrice == 133_333)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func extraGuestFeeForEveryGuestAboveTheIncludedOnes(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            // 4 occupying guests, 2 included: 2 x 10,000 more per night; infants are free.
            let guests = GuestCount(adults: 3, children: 1, infants: 2)
            let match = try listing1(fixture, stay("2028-02-28", "2028-03-02"), guests: guests)
            let expected: Int64 = 311_111 + 3 * 20_000
            #expect(match.accommodationTotal == expected)
            let noStay = try #require(try fixture.allMatches(ListingFilter(area: .location(fixture.yeoksam), guests: guests)).first)
            #expect(noStay.accommodationTotal == nil)
            #expect(noStay.nightlyPrice == 120_000)
        }

        @Test(arguments: CatalogFixture.Engine.available)
        func agreesWithANightByNightSumOverManyStays(engine: CatalogFixture.Engine) throws {
            let fixture = try CatalogFixture(engine: engine)
            let listing = try #require(fixture.listings.first { $0.id == ListingID(1) })
            let overrides: [CalendarDate: Int64] = [
                date("2027-12-30"): 120_000, date("2027-12-31"): 300_000, date("2028-01-03"): 999_000, date("2028-02-29"): 111_111,
            ]
            let guests = GuestCount(adults: 3)
            var checkin = date("2027-12-20")
            while checkin < date("2028-03-05") {
                for nights in [1, 2, 3, 6, 7, 12] {
                    let stay = Stay(checkin: checkin, checkout: checkin.adding(days: nights))!
                    let expected = reference(listing, stay, overrides: overrides, guests: 3)
                    let match = try listing1(fixture, stay, guests: guests)
                    #expect(match.accommodationTotal == expected, "\(stay.checkin) + \(nights)")
                    #expect(match.nightlyPrice == (2 * expected + Int64(nights)) / (2 * Int64(nights)))
                }
                checkin = checkin.adding(days: 3)
            }
        }
    }
}
