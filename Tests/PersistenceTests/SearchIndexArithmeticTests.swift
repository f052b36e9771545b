import Testing
import TestSupport
@testable import SearchIndex

/// The index's stay arithmetic against a 128-bit reference: each product and partial sum in
/// the SQL's order, an overflow exactly when one of them leaves Int64 (the index then hands
/// the query to SQL, which would have switched to REAL).
@Suite struct SearchIndexArithmeticTests {
    static func reference(_ base: Int64, _ weekend: Int64, _ charge: Int64,
                          _ weekdayNights: Int64, _ weekendNights: Int64, _ nights: Int64) -> Int64? {
        let terms = [Int128(base) * Int128(weekdayNights), Int128(weekend) * Int128(weekendNights),
                     Int128(charge) * Int128(nights)]
        var sum: Int128 = 0
        for term in terms {
            guard Int64(exactly: term) != nil else { return nil }
            sum += term
            guard Int64(exactly: sum) != nil else { return nil }
        }
        return Int64(sum)
    }

    @Test func theNightsTotalIsTheReferenceOrAnOverflow() {
        var random = TestRandom(seed: 0x5EA_2C4)
        let edges: [Int64] = [0, 1, -1, 1_000, 150_000, Int64(Int32.max), Int64.max / 3, Int64.max / 2,
                              Int64.max / 2 + 1, Int64.max - 1, Int64.max, Int64.min / 2, Int64.min]
        func value() -> Int64 {
            random.next(below: 3) == 0 ? Int64(bitPattern: random.next()) : edges[random.next(below: edges.count)]
        }
        var overflows = 0, exact = 0
        for _ in 0..<20_000 {
            let weekdayNights = Int64(random.next(below: 30)), weekendNights = Int64(random.next(below: 12))
            let nights = weekdayNights + weekendNights
            let base = value(), weekend = value(), charge = value()
            let (total, overflow) = SearchIndex.nightsTotal(basePrice: base, weekendPrice: weekend, guestCharge: charge,
                                                            weekdayNights: weekdayNights, weekendNights: weekendNights,
                                                            nights: nights)
            let expected = Self.reference(base, weekend, charge, weekdayNights, weekendNights, nights)
            #expect(overflow == (expected == nil), "\(base) \(weekend) \(charge) \(weekdayNights)+\(weekendNights)")
            if let expected { #expect(total == expected); exact += 1 } else { overflows += 1 }
        }
        #expect(overflows > 1_000 && exact > 1_000)
    }
}
