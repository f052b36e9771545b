import Testing
import TestSupport
@testable import Domain

/// A reservation's frozen prices, written out by hand (not through `PriceBreakdown`), so
/// the expected refunds below are hand arithmetic on visible numbers.
private struct Booking {
    var stay: Stay
    var nights: [NightlyPrice]
    var lineItems: [LineItem]
    var paid: Int64 { lineItems.reduce(0) { $0 + $1.amount } }

    init(_ checkin: String, _ checkout: String, prices: [Int64], discount: (LineItemKind, Int64)? = nil,
         cleaning: Int64 = 0, service: Int64, taxes: Int64) {
        stay = Stay(checkin: date(checkin), checkout: date(checkout))!
        precondition(stay.nights == prices.count)
        nights = zip(stay.nightDates, prices).map { NightlyPrice(date: $0, price: $1) }
        lineItems = [LineItem(kind: .accommodation, label: "x", amount: prices.reduce(0, +))]
        if let discount { lineItems.append(LineItem(kind: discount.0, label: "d", amount: discount.1)) }
        if cleaning != 0 { lineItems.append(LineItem(kind: .cleaningFee, label: "c", amount: cleaning)) }
        lineItems.append(LineItem(kind: .serviceFee, label: "s", amount: service))
        lineItems.append(LineItem(kind: .taxes, label: "t", amount: taxes))
    }

    func refund(_ policy: CancellationPolicy, on day: String, language: Language = .ko) -> Refund {
        let refund = Refund(policy: policy, stay: stay, nightlyPrices: nights, lineItems: lineItems,
                            cancelledOn: date(day), language: language)
        // The promises hold for every case below.
        #expect(refund.lines.reduce(0) { $0 + $1.amount } == refund.total)
        #expect(refund.paid == paid)
        #expect(refund.total + refund.retained == paid)
        #expect(refund.total >= 0 && refund.total <= paid)
        return refund
    }
}

/// KRW, 3 nights from Monday 2026-10-05: A = 100,001 + 120,000 + 90,000 = 310,001;
/// cleaning 30,000; service 14% of 340,001 = 47,600.14 -> 47,600; taxes 4,760.
/// Paid 392,361.
private let krw = Booking("2026-10-05", "2026-10-08", prices: [100_001, 120_000, 90_000],
                          cleaning: 30_000, service: 47_600, taxes: 4_760)

/// USD cents, 8 nights from 2026-11-02 (Fri and Sat dearer): A = 6 x 12,345 + 2 x 15,999
/// = 106,068; weekly 10% = 10,606.8 -> -10,607; A + D = 95,461; cleaning 5,000;
/// service 14% of 100,461 = 14,064.54 -> 14,065; taxes 1,406.5 -> 1,407. Paid 115,933.
private let usd = Booking("2026-11-02", "2026-11-10",
                          prices: [12_345, 12_345, 12_345, 12_345, 15_999, 15_999, 12_345, 12_345],
                          discount: (.weeklyDiscount, -10_607), cleaning: 5_000, service: 14_065, taxes: 1_407)

private func amounts(_ refund: Refund) -> [LineItemKind: Int64] {
    Dictionary(refund.lines.map { ($0.kind, $0.amount) }, uniquingKeysWith: +)
}

@Suite struct RefundTests {
    @Test func paidFixturesAddUp() {
        #expect(krw.paid == 392_361)
        #expect(usd.paid == 115_933)
    }

    // MARK: flexible

    @Test func flexibleOneDayBeforeRefundsEverythingLineForLine() {
        let refund = krw.refund(.flexible, on: "2026-10-04")
        #expect(refund.daysBeforeCheckin == 1)
        #expect(refund.isFull)
        #expect(refund.total == 392_361)
        #expect(refund.retained == 0)
        #expect(refund.lines.map(\.kind) == [.accommodation, .cleaningFee, .serviceFee, .taxes])
        #expect(refund.lines.map(\.amount) == [310_001, 30_000, 47_600, 4_760])
        #expect(refund.lines.map(\.label) == ["숙박 요금", "청소비", "서비스 수수료", "숙박세와 수수료"])
    }

    @Test func flexibleOnTheCheckinDayKeepsTheFirstNightAndTheServiceFee() {
        let refund = krw.refund(.flexible, on: "2026-10-05")
        #expect(refund.daysBeforeCheckin == 0)
        #expect(!refund.isFull)
        // 310,001 - 100,001 = 210,000, plus cleaning 30,000.
        #expect(amounts(refund) == [.accommodation: 210_000, .cleaningFee: 30_000])
        #expect(refund.total == 240_000)
        #expect(refund.retained == 152_361) // 100,001 + 47,600 + 4,760
    }

    @Test func flexibleAfterADiscountSubtractsTheFirstNightFromTheNet() {
        // 95,461 - 12,345 = 83,116, plus 5,000.
        let refund = usd.refund(.flexible, on: "2026-11-02", language: .en)
        #expect(refund.lines.map(\.kind) == [.accommodation, .cleaningFee])
        #expect(refund.lines.map(\.amount) == [83_116, 5_000])
        #expect(refund.lines.map(\.label) == ["Accommodation except the first night", "Cleaning fee"])
        #expect(refund.total == 88_116)
        #expect(refund.retained == 27_817)
    }

    @Test func flexibleClampsAtZeroWhenTheDiscountExceedsTheRest() {
        // 7 nights, the first 50,000 and six at 10,000: A = 110,000; a 60% weekly discount
        // -66,000 leaves 44,000 < 50,000, so the accommodation line is 0 and left out.
        // Service 14% of 64,000 = 8,960; taxes 896. Paid 73,856.
        let deep = Booking("2026-10-05", "2026-10-12", prices: [50_000] + Array(repeating: 10_000, count: 6),
                           discount: (.weeklyDiscount, -66_000), cleaning: 20_000, service: 8_960, taxes: 896)
        let refund = deep.refund(.flexible, on: "2026-10-05")
        #expect(refund.lines.map(\.kind) == [.cleaningFee])
        #expect(refund.total == 20_000)
        #expect(refund.retained == 53_856)
    }

    // MARK: moderate

    @Test func moderateFiveDaysBeforeRefundsEverythingIncludingTheDiscountLine() {
        let refund = usd.refund(.moderate, on: "2026-10-28")
        #expect(refund.daysBeforeCheckin == 5)
        #expect(refund.isFull)
        #expect(refund.lines.map(\.kind) == [.accommodation, .weeklyDiscount, .cleaningFee, .serviceFee, .taxes])
        #expect(refund.lines.map(\.amount) == [106_068, -10_607, 5_000, 14_065, 1_407])
        #expect(refund.lines[1].label == "주 단위 요금 할인")
        #expect(refund.total == 115_933)
    }

    @Test func moderateFourDaysBeforeRefundsHalfTheNetAndCleaning() {
        // Every night unbegun: 95,461 x 106,068 / 106,068 / 2 = 47,730.5 -> 47,731.
        let refund = usd.refund(.moderate, on: "2026-10-29")
        #expect(refund.daysBeforeCheckin == 4)
        #expect(refund.lines.map(\.amount) == [47_731, 5_000])
        #expect(refund.lines[0].label == "남은 8박 숙박 요금의 50%")
        #expect(refund.total == 52_731)
        #expect(refund.retained == 63_202)
    }

    @Test func moderateMidStayProratesTheDiscountOverTheUnbegunNights() {
        // Cancelling on Saturday 2026-11-07: nights of 11-07, 11-08, 11-09 not begun,
        // U = 15,999 + 12,345 + 12,345 = 40,689.
        // 95,461 x 40,689 / 106,068 / 2 = 3,884,212,629 / 212,136 = 18,310.0116 -> 18,310.
        let refund = usd.refund(.moderate, on: "2026-11-07", language: .en)
        #expect(refund.daysBeforeCheckin == -5)
        #expect(refund.lines.map(\.amount) == [18_310, 5_000])
        #expect(refund.lines[0].label == "50% of accommodation for the 3 remaining nights")
        #expect(refund.total == 23_310)
    }

    @Test func moderateOnTheLastNightAndAfterCheckout() {
        // Night of 11-09 alone: 95,461 x 12,345 / 212,136 = 5,555.24 -> 5,555.
        let last = usd.refund(.moderate, on: "2026-11-09", language: .en)
        #expect(last.lines.map(\.amount) == [5_555, 5_000])
        #expect(last.lines[0].label == "50% of accommodation for the 1 remaining night")
        // On the checkout day no night is left: the cleaning fee alone.
        let after = usd.refund(.moderate, on: "2026-11-10")
        #expect(after.lines.map(\.kind) == [.cleaningFee])
        #expect(after.total == 5_000)
    }

    @Test func halfOfShareRoundsOnceWithoutOverflow() {
        #expect(Refund.halfOfShare(net: 5, part: 1, of: 1) == 3)   // 2.5 -> 3
        #expect(Refund.halfOfShare(net: 7, part: 1, of: 2) == 2)   // 1.75 -> 2
        #expect(Refund.halfOfShare(net: 9, part: 1, of: 4) == 1)   // 1.125 -> 1
        #expect(Refund.halfOfShare(net: 3, part: 1, of: 3) == 1)   // 0.5 -> 1
        // One rounding, not two: 5 x 1 / 2 / 2 = 1.25 -> 1, whereas rounding 5 x 1 / 2 = 2.5
        // -> 3 first would give 1.5 -> 2; and 11 x 3 / 4 / 2 = 4.125 -> 4, whereas halving
        // first (11 / 2 = 5.5 -> 6) would give 6 x 3 / 4 = 4.5 -> 5.
        #expect(Refund.halfOfShare(net: 5, part: 1, of: 2) == 1)
        #expect(Refund.halfOfShare(net: 11, part: 3, of: 4) == 4)
        // 10^12 x 10^12 overflows 64 bits; the 128-bit product does not.
        let big: Int64 = 1_000_000_000_000
        #expect(Refund.halfOfShare(net: big, part: big / 3, of: big) == 166_666_666_667) // 166,666,666,666.5
        #expect(Refund.halfOfShare(net: 100, part: 500, of: 200) == 50) // part clamped to the whole
        #expect(Refund.halfOfShare(net: 100, part: 50, of: 0) == 0)
    }

    // MARK: strict

    @Test func strictFourteenDaysBeforeRefundsEverything() {
        let refund = krw.refund(.strict, on: "2026-09-21")
        #expect(refund.daysBeforeCheckin == 14)
        #expect(refund.isFull)
        #expect(refund.total == 392_361)
    }

    @Test(arguments: [("2026-09-22", 13), ("2026-09-28", 7)])
    func strictSevenToThirteenDaysRefundsHalfAndCleaning(day: String, days: Int) {
        // 310,001 / 2 = 155,000.5 -> 155,001, plus 30,000.
        let refund = krw.refund(.strict, on: day)
        #expect(refund.daysBeforeCheckin == days)
        #expect(refund.lines.map(\.kind) == [.accommodation, .cleaningFee])
        #expect(refund.lines.map(\.amount) == [155_001, 30_000])
        #expect(refund.lines[0].label == "숙박 요금의 50%")
        #expect(refund.total == 185_001)
        #expect(refund.retained == 207_360)
    }

    @Test func strictHalfIsOfTheNetAfterDiscount() {
        // 95,461 / 2 = 47,730.5 -> 47,731, plus 5,000.
        let refund = usd.refund(.strict, on: "2026-10-23", language: .en)
        #expect(refund.daysBeforeCheckin == 10)
        #expect(refund.lines.map(\.amount) == [47_731, 5_000])
        #expect(refund.lines[0].label == "50% of accommodation")
    }

    @Test(arguments: ["2026-09-29", "2026-10-05", "2026-10-07"])
    func strictSixDaysOrLessRefundsNothing(day: String) {
        let refund = krw.refund(.strict, on: day)
        #expect(refund.daysBeforeCheckin <= 6)
        #expect(!refund.isFull)
        #expect(refund.lines.isEmpty)
        #expect(refund.total == 0)
        #expect(refund.retained == 392_361)
    }

    // MARK: calendar edges

    /// KRW over the year end: nights of 2026-12-30, 12-31, 2027-01-01 at 150,000, 250,001,
    /// 199,998: A = 599,999; no cleaning; service 14% of 599,999 = 83,999.86 -> 84,000;
    /// taxes 8,400. Paid 692,399.
    private let newYear = Booking("2026-12-30", "2027-01-02", prices: [150_000, 250_001, 199_998],
                                  service: 84_000, taxes: 8_400)

    @Test func acrossTheYearEnd() {
        #expect(newYear.paid == 692_399)
        // Flexible: 2026-12-29 is 1 day before; on 12-30, 599,999 - 150,000.
        #expect(newYear.refund(.flexible, on: "2026-12-29").total == 692_399)
        #expect(newYear.refund(.flexible, on: "2026-12-30").total == 449_999)
        // Moderate: 12-25 is 5 days before, 12-26 is 4 (599,999 / 2 = 299,999.5 -> 300,000).
        #expect(newYear.refund(.moderate, on: "2026-12-25").isFull)
        #expect(newYear.refund(.moderate, on: "2026-12-26").total == 300_000)
        // Mid-stay on 12-31: 250,001 + 199,998 = 449,999 unbegun, / 2 = 224,999.5 -> 225,000.
        #expect(newYear.refund(.moderate, on: "2026-12-31").lines.map(\.amount) == [225_000])
        // On 2027-01-01 only the last night is unbegun: 199,998 / 2 = 99,999.
        #expect(newYear.refund(.moderate, on: "2027-01-01").lines.map(\.amount) == [99_999])
        // Strict: 12-16 is 14 days before, 12-17 is 13, 12-23 is 7, 12-24 is 6.
        #expect(newYear.refund(.strict, on: "2026-12-16").isFull)
        #expect(newYear.refund(.strict, on: "2026-12-17").total == 300_000)
        #expect(newYear.refund(.strict, on: "2026-12-23").total == 300_000)
        #expect(newYear.refund(.strict, on: "2026-12-24").total == 0)
    }

    /// USD over the leap day: nights of 2028-02-28 and 02-29 at 9,999 and 10,001:
    /// A = 20,000; cleaning 2,500; service 14% of 22,500 = 3,150; taxes 315. Paid 25,965.
    private let leap = Booking("2028-02-28", "2028-03-01", prices: [9_999, 10_001], cleaning: 2_500,
                               service: 3_150, taxes: 315)

    @Test func acrossTheLeapDay() {
        #expect(leap.paid == 25_965)
        // Mid-stay on the leap day: 20,000 x 10,001 / 20,000 / 2 = 5,000.5 -> 5,001.
        #expect(leap.refund(.moderate, on: "2028-02-29").lines.map(\.amount) == [5_001, 2_500])
        #expect(leap.refund(.flexible, on: "2028-02-29").lines.map(\.amount) == [10_001, 2_500])
        #expect(leap.refund(.moderate, on: "2028-02-23").isFull)       // 5 days
        #expect(leap.refund(.moderate, on: "2028-02-24").total == 12_500) // 4 days: 10,000 + 2,500
    }

    @Test func countingDaysOverTheLeapDay() {
        // Check-in 2028-03-01: 02-23 is 7 days before only because 02-29 exists.
        let march = Booking("2028-03-01", "2028-03-03", prices: [10_001, 10_001], service: 2_800, taxes: 280)
        #expect(march.refund(.strict, on: "2028-02-16").isFull)                         // 14 days
        #expect(march.refund(.strict, on: "2028-02-17").lines.map(\.amount) == [10_001]) // 13: 20,002 / 2
        #expect(march.refund(.strict, on: "2028-02-23").daysBeforeCheckin == 7)
        #expect(march.refund(.strict, on: "2028-02-23").total == 10_001)
        #expect(march.refund(.strict, on: "2028-02-24").total == 0)                     // 6 days
    }

    @Test func fullRefundLabelsInEnglish() {
        let refund = usd.refund(.flexible, on: "2026-10-01", language: .en)
        #expect(refund.lines.map(\.label) == ["Accommodation", "Weekly stay discount", "Cleaning fee", "Service fee", "Taxes"])
        let monthly = Booking("2026-10-01", "2026-10-02", prices: [1_000], discount: (.monthlyDiscount, -100),
                              service: 126, taxes: 13)
        #expect(monthly.refund(.strict, on: "2026-09-01", language: .en).lines[1].label == "Monthly stay discount")
        #expect(monthly.refund(.strict, on: "2026-09-01").lines[1].label == "월 단위 요금 할인")
    }

    // MARK: properties over random quotes

    @Test func invariantsOverRandomQuotes() {
        var random = TestRandom(seed: 0x5EF_0D5)
        let usdCode = CurrencyCode(rawValue: "USD")
        for iteration in 0..<3_000 {
            let currency = random.chance(50) ? CurrencyCode.krw : usdCode
            let nights = random.chance(20) ? random.next(in: 28...60) : random.next(in: 1...14)
            let checkin = CalendarDate(daysSinceEpoch: random.next(in: 20_000...22_000))
            let stay = Stay(checkin: checkin, checkout: checkin.adding(days: nights))!
            let base = Int64(random.next(in: 1...500_000))
            let prices = stay.nightDates.map { NightlyPrice(date: $0, price: random.chance(30) ? Int64(random.next(in: 1...900_000)) : base) }
            let accommodation = prices.reduce(Int64(0)) { $0 + $1.price }
            let rules = PricingRules(basePrice: base, cleaningFee: random.chance(30) ? 0 : Int64(random.next(in: 1...99_999)),
                                     weeklyDiscountBasisPoints: random.chance(50) ? random.next(in: 0...10_000) : 0,
                                     monthlyDiscountBasisPoints: random.chance(50) ? random.next(in: 0...10_000) : 0)
            let configuration = PricingConfiguration(serviceFeeBasisPoints: random.next(in: 0...2_000),
                                                     taxBasisPoints: random.next(in: 0...2_000))
            let breakdown = PriceBreakdown(accommodation: accommodation, nights: nights, rules: rules,
                                           currency: currency, configuration: configuration)
            let policy = CancellationPolicy.allCases[random.next(below: 3)]
            var previousTotal = Int64.max
            // Every cancellation day from 20 days before check-in to the day after checkout.
            for offset in -20...(nights + 1) {
                let day = checkin.adding(days: offset)
                let refund = Refund(policy: policy, stay: stay, nightlyPrices: prices, lineItems: breakdown.lineItems,
                                    cancelledOn: day, language: random.chance(50) ? .ko : .en)
                let context = "iteration \(iteration), \(policy), \(stay.checkin)+\(nights), cancelled \(day)"
                #expect(refund.lines.reduce(0) { $0 + $1.amount } == refund.total, "\(context)")
                #expect(refund.paid == breakdown.total, "\(context)")
                #expect(refund.total + refund.retained == breakdown.total, "\(context)")
                #expect(refund.total >= 0 && refund.total <= breakdown.total, "\(context)")
                #expect(refund.isFull == (-offset >= policy.fullRefundDays), "\(context)")
                if refund.isFull {
                    #expect(refund.lines.map(\.kind) == breakdown.lineItems.map(\.kind), "\(context)")
                    #expect(refund.lines.map(\.amount) == breakdown.lineItems.map(\.amount), "\(context)")
                } else {
                    #expect(refund.lines.allSatisfy { $0.amount > 0 }, "\(context)")
                    #expect(refund.lines.allSatisfy { $0.kind == .accommodation || $0.kind == .cleaningFee }, "\(context)")
                    #expect(refund.total <= breakdown.total - (breakdown.lineItems.first { $0.kind == .serviceFee }?.amount ?? 0),
                            "a partial refund keeps the service fee: \(context)")
                }
                // Cancelling later never gets more back.
                #expect(refund.total <= previousTotal, "\(context)")
                previousTotal = refund.total
            }
        }
    }
}
