import Testing
@testable import Domain

@Suite struct RoundingTests {
    @Test func halfUpDivision() {
        #expect(Rounding.divide(5, by: 2) == 3)
        #expect(Rounding.divide(7, by: 2) == 4)
        #expect(Rounding.divide(4, by: 3) == 1)
        #expect(Rounding.divide(5, by: 3) == 2)
        #expect(Rounding.divide(-5, by: 2) == -3)
        #expect(Rounding.divide(-4, by: 3) == -1)
        #expect(Rounding.divide(10, by: 5) == 2)
        #expect(Rounding.divide(0, by: 7) == 0)
    }

    @Test func basisPointsHalfUp() {
        // 50 * 1% = 0.5 -> 1; 49 * 1% = 0.49 -> 0; 150 * 1% = 1.5 -> 2
        #expect(Rounding.applying(basisPoints: 100, to: 50) == 1)
        #expect(Rounding.applying(basisPoints: 100, to: 49) == 0)
        #expect(Rounding.applying(basisPoints: 100, to: 150) == 2)
        #expect(Rounding.applying(basisPoints: 100, to: -150) == -2)
        #expect(Rounding.applying(basisPoints: 1400, to: 575_000) == 80_500)
        #expect(Rounding.applying(basisPoints: 1000, to: 80_505) == 8_051) // 8050.5
        #expect(Rounding.applying(basisPoints: 1000, to: 80_504) == 8_050)
    }

    @Test func noOverflowNearLimits() {
        let big: Int64 = 9_999_999_999_999 // < 10^13
        #expect(Rounding.applying(basisPoints: 10_000, to: big) == big)
        #expect(Rounding.applying(basisPoints: 1400, to: big) == 1_400_000_000_000) // 1399999999999.86
        #expect(Rounding.applying(basisPoints: 5000, to: Int64.max) == Int64.max / 2 + 1)
    }
}

@Suite struct MoneyTests {
    @Test func formats() {
        #expect(Money(82_953, .krw).formatted == "₩82,953")
        #expect(Money(0, .krw).formatted == "₩0")
        #expect(Money(136_600, CurrencyCode(rawValue: "USD")).formatted == "$1,366.00")
        #expect(Money(136_605, CurrencyCode(rawValue: "SGD")).formatted == "SGD 1,366.05")
        #expect(Money(-8_295, .krw).formatted == "-₩8,295")
        #expect(Money(1_234_567_890, .krw).formatted == "₩1,234,567,890")
        #expect(Money(5, CurrencyCode(rawValue: "EUR")).formatted == "€0.05")
        #expect(Money(1_234, CurrencyCode(rawValue: "KWD")).formatted == "KWD 1.234")
    }
}

@Suite struct NightlyPricerTests {
    let rules = PricingRules(basePrice: 100_000, weekendPrice: 130_000, extraGuestFee: 20_000, guestsIncluded: 2)

    @Test func weekendOverrideAndExtraGuests() {
        let entries = [CalendarEntry(date: date("2026-09-24"), price: 150_000)] // Thursday override
        let pricer = NightlyPricer(rules: rules, entries: entries, guests: GuestCount(adults: 3, children: 1, infants: 2))
        #expect(pricer.extraGuestFeePerNight == 40_000) // 4 occupying, 2 included; infants free
        let prices = pricer.nightlyPrices(for: stay("2026-09-23", "2026-09-28"))
        #expect(prices.map(\.date) == [date("2026-09-23"), date("2026-09-24"), date("2026-09-25"),
                                       date("2026-09-26"), date("2026-09-27")])
        // Wed base, Thu override, Fri + Sat weekend, Sun base
        #expect(prices.map(\.price) == [140_000, 190_000, 170_000, 170_000, 140_000])
    }

    @Test func overrideBeatsWeekendAndNoWeekendPriceMeansBase() {
        let friday = date("2026-09-25")
        let pricer = NightlyPricer(rules: rules, entries: [CalendarEntry(date: friday, price: 90_000)], guests: GuestCount())
        #expect(pricer.price(on: friday) == 90_000)
        let plain = NightlyPricer(rules: PricingRules(basePrice: 50_000), entries: [], guests: GuestCount(adults: 5))
        #expect(plain.price(on: friday) == 50_000) // no extra fee configured
    }
}

@Suite struct QuoteTests {
    func quote(nights: Int, weekly: Int = 1000, monthly: Int = 2000, cleaning: Int64 = 30_000,
               checkin: String = "2026-03-02", language: Language = .ko) -> Quote {
        let listing = makeListing(pricing: PricingRules(basePrice: 100_000, cleaningFee: cleaning,
                                                         weeklyDiscountBasisPoints: weekly,
                                                         monthlyDiscountBasisPoints: monthly))
        let start = date(checkin)
        return Quote(listing: listing, stay: Stay(checkin: start, checkout: start.adding(days: nights))!,
                     guests: GuestCount(), entries: [], language: language)
    }

    @Test func discountEdges() {
        #expect(quote(nights: 6).lineItems.map(\.kind) == [.accommodation, .cleaningFee, .serviceFee, .taxes])
        #expect(quote(nights: 7).lineItems.map(\.kind) == [.accommodation, .weeklyDiscount, .cleaningFee, .serviceFee, .taxes])
        #expect(quote(nights: 27).lineItems.map(\.kind).contains(.weeklyDiscount))
        #expect(quote(nights: 28).lineItems.map(\.kind) == [.accommodation, .monthlyDiscount, .cleaningFee, .serviceFee, .taxes])
        // No monthly rate: a 28-night stay still gets the weekly discount.
        #expect(quote(nights: 28, monthly: 0).lineItems.map(\.kind).contains(.weeklyDiscount))
        #expect(quote(nights: 8, weekly: 0).lineItems.map(\.kind) == [.accommodation, .cleaningFee, .serviceFee, .taxes])
        #expect(quote(nights: 2, cleaning: 0).lineItems.map(\.kind) == [.accommodation, .serviceFee, .taxes])
    }

    @Test func amountsOfASevenNightStay() {
        let q = quote(nights: 7)
        let amounts = q.lineItems.map(\.amount)
        // 700,000; -10% = -70,000; cleaning 30,000; service 14% of 660,000 = 92,400; tax 9,240
        #expect(amounts == [700_000, -70_000, 30_000, 92_400, 9_240])
        #expect(q.total == 761_640)
        #expect(q.averageNightlyPrice == 100_000)
        #expect(q.nights == 7)
    }

    @Test func lineItemsSumToTotalWithRounding() {
        let listing = makeListing(pricing: PricingRules(basePrice: 82_953, weekendPrice: 99_999, extraGuestFee: 7_777,
                                                         guestsIncluded: 1, cleaningFee: 12_345,
                                                         weeklyDiscountBasisPoints: 733, monthlyDiscountBasisPoints: 1_511))
        for nights in [1, 2, 6, 7, 13, 27, 28, 45] {
            let q = Quote(listing: listing, stay: Stay(checkin: date("2026-12-20"), checkout: date("2026-12-20").adding(days: nights))!,
                          guests: GuestCount(adults: 2), entries: [])
            #expect(q.total == q.lineItems.reduce(0) { $0 + $1.amount })
            #expect(q.nightlyPrices.count == nights)
            #expect(q.lineItems[0].amount == q.nightlyPrices.reduce(0) { $0 + $1.price })
        }
    }

    @Test func koreanAndEnglishLabels() {
        let ko = quote(nights: 7)
        #expect(ko.lineItems.map(\.label) == ["₩100,000 x 7박", "주 단위 요금 할인", "청소비", "서비스 수수료", "숙박세와 수수료"])
        #expect(quote(nights: 30).lineItems[1].label == "월 단위 요금 할인")
        let en = quote(nights: 7, language: .en)
        #expect(en.lineItems.map(\.label) == ["₩100,000 x 7 nights", "Weekly stay discount", "Cleaning fee", "Service fee", "Taxes"])
        #expect(quote(nights: 1, language: .en).lineItems[0].label == "₩100,000 x 1 night")
        #expect(quote(nights: 30, language: .en).lineItems[1].label == "Monthly stay discount")
    }

    @Test func averageIsRoundedHalfUp() {
        // 2 nights: 100,000 (Thu) + 100,001 (override Fri) -> 100,000.5 -> 100,001
        let listing = makeListing(pricing: PricingRules(basePrice: 100_000))
        let q = Quote(listing: listing, stay: stay("2026-09-24", "2026-09-26"), guests: GuestCount(),
                      entries: [CalendarEntry(date: date("2026-09-25"), price: 100_001)])
        #expect(q.averageNightlyPrice == 100_001)
        #expect(q.lineItems[0].label == "₩100,001 x 2박")
        #expect(q.lineItems[0].amount == 200_001)
    }

    @Test func acrossYearEndAndLeapDay() {
        let listing = makeListing(pricing: PricingRules(basePrice: 100_000, weekendPrice: 150_000))
        let newYear = Quote(listing: listing, stay: stay("2026-12-30", "2027-01-02"), guests: GuestCount(), entries: [])
        // Wed, Thu, Fri(weekend)
        #expect(newYear.nightlyPrices.map(\.date) == [date("2026-12-30"), date("2026-12-31"), date("2027-01-01")])
        #expect(newYear.lineItems[0].amount == 350_000)
        let leap = Quote(listing: listing, stay: stay("2028-02-28", "2028-03-02"), guests: GuestCount(), entries: [])
        #expect(leap.nightlyPrices.map(\.date) == [date("2028-02-28"), date("2028-02-29"), date("2028-03-01")])
        #expect(leap.nights == 3)
    }
}

@Suite struct PriceBreakdownTotalTests {
    /// Search results use the label-free total; it must equal the quote's sum of lines.
    @Test func totalAloneEqualsTheSumOfTheLineItems() {
        let configurations = [PricingConfiguration(), PricingConfiguration(serviceFeeBasisPoints: 1_250, taxBasisPoints: 333)]
        for accommodation: Int64 in [1, 99_999, 1_234_567, 98_765_432_109] {
            for nights in [1, 6, 7, 27, 28, 365] {
                for (weekly, monthly) in [(0, 0), (1_000, 0), (0, 2_500), (750, 1_999)] {
                    for cleaning: Int64 in [0, 35_000] {
                        let rules = PricingRules(basePrice: 1, cleaningFee: cleaning,
                                                 weeklyDiscountBasisPoints: weekly, monthlyDiscountBasisPoints: monthly)
                        for configuration in configurations {
                            let breakdown = PriceBreakdown(accommodation: accommodation, nights: nights, rules: rules,
                                                           currency: .krw, configuration: configuration)
                            #expect(PriceBreakdown.total(accommodation: accommodation, nights: nights, rules: rules,
                                                         configuration: configuration) == breakdown.total)
                        }
                    }
                }
            }
        }
    }
}
