@testable import Domain
import Testing

@Suite struct HostPayoutTests {
    func quote(nights: Int, rules: PricingRules) -> Quote {
        Quote(terms: makeListing(pricing: rules).stayTerms, stay: Stay(checkin: date("2027-03-01"),
                                                                       checkout: date("2027-03-01").adding(days: nights))!,
              guests: GuestCount(adults: 2), entries: [])
    }

    @Test func accommodationAndCleaningLessTheHostFeeSumExactly() {
        let quote = quote(nights: 3, rules: PricingRules(basePrice: 33_333, cleaningFee: 20_001))
        let payout = HostPayout(lineItems: quote.lineItems)
        // Basis 99,999 + 20,001 = 120,000; 3% = 3,600.
        #expect(payout.lines == [PayoutLine(kind: .accommodation, amount: 99_999), PayoutLine(kind: .cleaningFee, amount: 20_001),
                                 PayoutLine(kind: .hostServiceFee, amount: -3_600)])
        #expect(payout.total == 116_400 && payout.total == payout.lines.reduce(0) { $0 + $1.amount })
    }

    @Test func theDiscountIsTheHostsAndTheFeeRoundsHalfAwayFromZeroOnce() {
        let quote = quote(nights: 7, rules: PricingRules(basePrice: 10_050, weeklyDiscountBasisPoints: 1000))
        let payout = HostPayout(lineItems: quote.lineItems, hostFeeBasisPoints: 250)
        // 70,350 - 7,035 = 63,315; 2.5% = 1,582.875 -> 1,583.
        #expect(payout.lines == [PayoutLine(kind: .accommodation, amount: 70_350),
                                 PayoutLine(kind: .weeklyDiscount, amount: -7_035),
                                 PayoutLine(kind: .hostServiceFee, amount: -1_583)])
        #expect(payout.total == 61_732)
        #expect(HostPayout.hostFee(on: 50, basisPoints: 100) == 1)  // 0.5 rounds up
        #expect(HostPayout.hostFee(on: 49, basisPoints: 100) == 0)
    }

    @Test func aFullRefundLeavesNothingAndAPartialOneIsDeducted() {
        let quote = quote(nights: 4, rules: PricingRules(basePrice: 100_000, cleaningFee: 30_000))
        let stay = quote.stay
        let full = Refund.hostCancellation(policy: .strict, stay: stay, nightlyPrices: quote.nightlyPrices,
                                           lineItems: quote.lineItems, cancelledOn: date("2027-02-28"))
        #expect(full.isFull && full.total == quote.total && full.daysBeforeCheckin == 1)
        #expect(HostPayout(lineItems: quote.lineItems, refund: full).total == 0)
        // Moderate, cancelled 2 days before: half of the 400,000 back, and the cleaning fee.
        let partial = Refund(policy: .moderate, stay: stay, nightlyPrices: quote.nightlyPrices, lineItems: quote.lineItems,
                             cancelledOn: date("2027-02-27"))
        let payout = HostPayout(lineItems: quote.lineItems, refund: partial)
        #expect(payout.lines == [PayoutLine(kind: .accommodation, amount: 400_000), PayoutLine(kind: .cleaningFee, amount: 30_000),
                                 PayoutLine(kind: .guestRefund, amount: -230_000), PayoutLine(kind: .hostServiceFee, amount: -6_000)])
        #expect(payout.total == 194_000)
    }

    @Test func aHostCancellationRefundsEverythingEvenOnTheCheckinDay() {
        let quote = quote(nights: 2, rules: PricingRules(basePrice: 80_000, cleaningFee: 10_000))
        let refund = Refund.hostCancellation(policy: .strict, stay: quote.stay, nightlyPrices: quote.nightlyPrices,
                                             lineItems: quote.lineItems, cancelledOn: date("2027-03-01"))
        #expect(refund.isFull && refund.total == quote.total && refund.retained == 0 && refund.daysBeforeCheckin == 0)
        #expect(refund.lines.map(\.amount) == quote.lineItems.map(\.amount))
    }
}

@Suite struct HostEarningsTests {
    @Test func payoutsGroupByMonthListingAndCurrencyWithinTheRange() {
        let krw = CurrencyCode.krw, usd = CurrencyCode(rawValue: "USD")
        func item(_ id: Int64, _ listing: Int64, _ checkin: String, _ currency: CurrencyCode, _ payout: Int64) -> EarningsItem {
            EarningsItem(reservationID: ReservationID(id), listingID: ListingID(listing), checkin: date(checkin),
                         currency: currency, payout: payout)
        }
        let earnings = HostEarnings(items: [
            item(1, 2, "2027-03-31", krw, 100),
            item(2, 1, "2027-03-01", krw, 200),
            item(3, 1, "2027-03-15", krw, 50),
            item(4, 1, "2027-03-15", usd, 7),
            item(5, 1, "2027-04-01", krw, 1),
            item(6, 1, "2027-02-28", krw, 1000),  // before the range
            item(7, 1, "2027-05-01", krw, 1000),  // after it
        ], from: date("2027-03-01"), to: date("2027-04-30"))
        let march = YearMonth(year: 2027, month: 3)!, april = YearMonth(year: 2027, month: 4)!
        #expect(earnings.rows == [
            EarningsRow(month: march, listingID: ListingID(1), currency: krw, payout: 250, reservations: 2),
            EarningsRow(month: march, listingID: ListingID(1), currency: usd, payout: 7, reservations: 1),
            EarningsRow(month: march, listingID: ListingID(2), currency: krw, payout: 100, reservations: 1),
            EarningsRow(month: april, listingID: ListingID(1), currency: krw, payout: 1, reservations: 1),
        ])
        #expect(earnings.totals == [Money(351, krw), Money(7, usd)])
    }
}
