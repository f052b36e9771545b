import Testing
@testable import Domain

@Suite struct PriceHistogramTests {
    func checkInvariants(_ h: PriceHistogram) {
        #expect(h.bins.reduce(0) { $0 + $1.count } == h.count)
        for (a, b) in zip(h.bins, h.bins.dropFirst()) { #expect(a.max == b.min) }
        #expect(h.bins.dropLast().allSatisfy { $0.max != nil })
        if let first = h.bins.first { #expect(first.min == h.min) }
        let widths = h.bins.compactMap { bin in bin.max.map { $0 - bin.min } }
        #expect(Set(widths).count <= 1)
    }

    @Test func empty() {
        let h = PriceHistogram(prices: [], binCount: 10)
        #expect(h.count == 0 && h.bins.isEmpty && h.min == nil && h.median == nil && h.countInRange == nil)
    }

    @Test func singleAndEqualPrices() {
        let one = PriceHistogram(prices: [50_000], binCount: 10)
        #expect(one.bins == [PriceBin(min: 50_000, max: 50_001, count: 1)])
        #expect(one.average == 50_000 && one.median == 50_000)
        let same = PriceHistogram(prices: [7, 7, 7, 7], binCount: 5)
        #expect(same.bins == [PriceBin(min: 7, max: 8, count: 4)])
        checkInvariants(same)
    }

    @Test func statistics() {
        let h = PriceHistogram(prices: [40, 10, 20, 31], binCount: 3)
        #expect(h.min == 10 && h.max == 40)
        #expect(h.average == 25) // 101 / 4 = 25.25
        #expect(h.median == 26)  // (20 + 31) / 2 = 25.5 -> 26
        checkInvariants(h)
        #expect(PriceHistogram(prices: [1, 2], binCount: 1).average == 2) // 1.5 -> 2
    }

    @Test func outliersGoToAnOpenEndedLastBin() {
        var prices = (1...200).map { Int64($0) * 1_000 }
        prices += [5_000_000, 9_000_000] // 202 prices; p99 = rank 200 = 200,000
        let h = PriceHistogram(prices: prices, binCount: 10)
        checkInvariants(h)
        #expect(h.bins.count == 10)
        #expect(h.bins.first?.min == 1_000)
        #expect(h.bins.last?.max == nil)
        #expect(h.bins.last?.count == 20 + 2) // 181,000...200,000 plus the outliers
        #expect(h.max == 9_000_000)
    }

    @Test func closedLastBinWhenNoOutliers() {
        let h = PriceHistogram(prices: (0..<100).map { Int64($0) }, binCount: 4)
        checkInvariants(h)
        #expect(h.bins.map(\.count) == [25, 25, 25, 25])
        #expect(h.bins.last?.max == 100)
    }

    @Test func oneBinAndNarrowSpans() {
        let h = PriceHistogram(prices: [10, 11, 12, 500], binCount: 1)
        checkInvariants(h)
        #expect(h.bins.count == 1 && h.bins[0].count == 4)
        let narrow = PriceHistogram(prices: [10, 11, 12], binCount: 10) // only 3 integer values
        checkInvariants(narrow)
        #expect(narrow.bins.map(\.count) == [1, 1, 1])
    }

    @Test func countInRange() {
        let h = PriceHistogram(prices: [10, 20, 30, 40], binCount: 2, range: (min: 20, max: 30))
        #expect(h.countInRange == 2)
        #expect(PriceHistogram(prices: [10, 20, 30, 40], binCount: 2, range: (min: nil, max: 15)).countInRange == 1)
    }

    @Test func hugePricesDoNotOverflowTheMean() {
        let big: Int64 = 4_000_000_000_000_000_000
        let h = PriceHistogram(prices: [big, big, big + 1], binCount: 2)
        #expect(h.average == big)
        checkInvariants(h)
    }
}
