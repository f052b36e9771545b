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
        // Ten of them: the sum's low word wraps twice, and the high word carries it.
        #expect(PriceHistogram(prices: Array(repeating: big, count: 9) + [big + 5], binCount: 3).average == big + 1)
    }

    /// The histogram by the definition: sort, then read ranks and divide.
    static func reference(_ prices: [Int64], binCount: Int) -> PriceHistogram {
        let sorted = prices.sorted()
        let n = sorted.count
        let sum = sorted.reduce(0, +)
        let average = Rounding.divide(sum, by: Int64(n))
        let median = n % 2 == 1 ? sorted[n / 2]
            : sorted[n / 2 - 1] + Rounding.divide(sorted[n / 2] - sorted[n / 2 - 1], by: 2)
        let low = sorted[0], p99 = sorted[(99 * n + 99) / 100 - 1]
        let span = p99 - low + 1
        let width = (span + Int64(binCount) - 1) / Int64(binCount)
        let used = Int((span + width - 1) / width)
        var counts = [Int](repeating: 0, count: used)
        for price in sorted { counts[min(Int((price - low) / width), used - 1)] += 1 }
        let openEnded = sorted[n - 1] >= low + Int64(used) * width
        let bins = (0..<used).map { i in
            PriceBin(min: low + Int64(i) * width, max: i == used - 1 && openEnded ? nil : low + Int64(i + 1) * width,
                     count: counts[i])
        }
        return PriceHistogram(count: n, min: low, max: sorted[n - 1], average: average, median: median, bins: bins,
                              countInRange: nil)
    }

    @Test func matchesTheSortingDefinitionOnRandomPrices() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        for round in 0..<430 {
            // Up to 64 prices select directly; above that the bucketed path runs.
            let n = 1 + next(round < 200 ? 40 : round < 400 ? 3_000 : 60_000)
            // Few distinct values (ties everywhere), typical KRW prices, or wide spans.
            let spread = [3, 500_000, 1 << 40][next(3)]
            let prices = (0..<n).map { _ in Int64(10_000 + next(spread)) }
            let bins = 1 + next(60)
            let h = PriceHistogram(prices: prices, binCount: bins)
            #expect(h == Self.reference(prices, binCount: bins), "round \(round): n \(n), spread \(spread), bins \(bins)")
        }
    }

    @Test func pricesOnEveryBinEdgeLandInTheBinTheDivisionSays() {
        // Spans up to just under 2^32 take the multiply-for-divide path; 2^32 and above the
        // floating-point one. Each bin edge is probed from both sides, with an outlier past p99.
        let spans: [Int64] = [2, 3, 1_000, 65_537, 999_999_937, (1 << 31) + 1, (1 << 32) - 1, 1 << 32, (1 << 32) + 7]
        for span in spans {
            for binCount in [1, 2, 3, 7, 50, 100] {
                let width = (span + Int64(binCount) - 1) / Int64(binCount)
                var prices: [Int64] = [0, span - 1]
                for k in 1...Int64(binCount) where k * width < span {
                    let edge: Int64 = k * width
                    prices += [edge - 1, edge, min(edge + 1, span - 1)]
                }
                // Enough copies of the span for the extremes to stay at or below the 99th percentile.
                prices = Array(repeating: prices, count: 100).flatMap { $0 } + [span * 3]
                let h = PriceHistogram(prices: prices, binCount: binCount)
                #expect(h == Self.reference(prices, binCount: binCount), "span \(span), \(binCount) bins")
            }
        }
    }

    @Test func bucketedSelectionHandlesSkewAndTies() {
        // One huge outlier squeezes everything else into the first bucket; ties span buckets.
        var skewed = (0..<20_000).map { Int64(50_000 + $0 % 7) }
        skewed.append(9_000_000_000)
        let ties = (0..<30_000).map { Int64($0 < 15_000 ? 100 : 200) }
        for prices in [skewed, ties] {
            let sorted = prices.sorted()
            let ranks = [0, 1, prices.count / 2, prices.count - 2, prices.count - 1]
            #expect(Selection.values(atRanks: ranks, of: prices, low: sorted.first!, high: sorted.last!)
                        == ranks.map { sorted[$0] })
        }
    }

    @Test(arguments: [65, 66, 300, 4_099])
    func bucketedSelectionFindsEveryRankJustAboveTheDirectPath(count: Int) {
        // Few buckets (a quarter of the count), ties, and a wide outlier.
        var prices = (0..<count).map { Int64(($0 &* 7_919) % 37) * 1_000 }
        prices[count / 3] = 5_000_000
        let sorted = prices.sorted()
        let ranks = Array(0..<count)
        #expect(Selection.values(atRanks: ranks, of: prices, low: sorted.first!, high: sorted.last!) == sorted)
        // Every value distinct: every rank in its own bucket's neighbourhood, all buckets wanted.
        let distinct = (0..<count).map { Int64(($0 &* 7_919) % count) }
        #expect(Selection.values(atRanks: ranks, of: distinct, low: 0, high: Int64(count - 1)) == distinct.sorted())
    }

    @Test func bucketedSelectionSpansTheWholeInt64Range() {
        // The bucket of a value is its distance above the lowest, which must not overflow.
        var values = (0..<500).map { Int64($0 - 250) * 1_000_000_007 }
        values += [.min, .max, .min + 1, .max - 1, 0, 0]
        let sorted = values.sorted()
        let ranks = Array(0..<values.count)
        #expect(Selection.values(atRanks: ranks, of: values, low: .min, high: .max) == sorted)
    }

    @Test func selectionFindsEveryRankOfAdversarialOrders() {
        let n = 257
        let orders: [[Int64]] = [
            (0..<n).map { Int64($0) },                        // sorted
            (0..<n).map { Int64(n - $0) },                    // reversed
            [Int64](repeating: 5, count: n),                  // all equal
            (0..<n).map { Int64(min($0, n - $0)) },           // organ pipe
            (0..<n).map { Int64($0 % 2 == 0 ? $0 : n - $0) }, // interleaved
        ]
        for order in orders {
            let sorted = order.sorted()
            for k in stride(from: 0, to: n, by: 7) {
                var scratch = order
                let value = scratch.withUnsafeMutableBufferPointer { buffer in
                    Selection.select(k, in: buffer, within: 0..<n)
                    #expect(buffer[..<k].allSatisfy { $0 <= buffer[k] } && buffer[(k + 1)...].allSatisfy { $0 >= buffer[k] })
                    return buffer[k]
                }
                #expect(value == sorted[k])
                #expect(scratch.sorted() == sorted)
            }
        }
    }
}
