/// One bar of a price histogram: prices `min <= p < max`, or `p >= min` when `max` is nil.
public struct PriceBin: Hashable, Sendable {
    public var min: Int64
    /// Exclusive; nil for an open-ended last bin.
    public var max: Int64?
    public var count: Int
    public init(min: Int64, max: Int64?, count: Int) {
        self.min = min
        self.max = max
        self.count = count
    }
}

/// The distribution of nightly prices of the listings a filter matches.
///
/// Promises: `bins` are contiguous (each bin's `max` is the next bin's `min`), have equal
/// integer widths, start at `min`, and their counts sum to `count`. They cover `min` up to
/// the 99th percentile (nearest rank); when some prices lie beyond the last bin's range,
/// the last bin is open-ended (`max == nil`) and holds them, so outliers don't squash the
/// chart. Fewer bins than requested are returned when the price span is narrower than the
/// bin count (bins are at least 1 wide). With no prices: `count == 0`, every statistic nil,
/// no bins.
public struct PriceHistogram: Hashable, Sendable {
    public var count: Int
    public var min: Int64?
    public var max: Int64?
    /// Mean, rounded half-up.
    public var average: Int64?
    /// The middle price; for an even count the half-up mean of the two middle prices.
    public var median: Int64?
    public var bins: [PriceBin]
    /// Prices within the filter's `minPrice...maxPrice` (inclusive); nil when the filter
    /// has neither bound.
    public var countInRange: Int?

    public init(count: Int, min: Int64?, max: Int64?, average: Int64?, median: Int64?, bins: [PriceBin], countInRange: Int?) {
        self.count = count
        self.min = min
        self.max = max
        self.average = average
        self.median = median
        self.bins = bins
        self.countInRange = countInRange
    }

    /// Builds the histogram of `prices` (any order; non-negative) in at most `binCount` bins.
    /// Linear time: the median and the 99th percentile are selected, not sorted for (an
    /// area of a large catalog has hundreds of thousands of prices).
    public init(prices: [Int64], binCount: Int, range: (min: Int64?, max: Int64?) = (nil, nil)) {
        precondition(binCount >= 1, "at least one bin")
        // One pass for the range count, the extremes and the sum.
        let rangeLow = range.min ?? .min, rangeHigh = range.max ?? .max
        // The exact sum in 128 bits: no overflow whatever the prices. The high word moves by
        // at most one per price, so it cannot wrap: wrapping arithmetic, without the
        // overflow checks that kept this loop from running at full speed. The accumulators
        // are the closure's own locals: captured from outside, each would make a round
        // trip through memory per price.
        let (inRangeCount, low, high, sumHigh, sumLow) = prices.withUnsafeBufferPointer { prices in
            var inRangeCount = 0
            var low = Int64.max, high = Int64.min
            var sumHigh: Int64 = 0, sumLow: UInt64 = 0
            for price in prices {
                inRangeCount &+= price >= rangeLow && price <= rangeHigh ? 1 : 0
                low = Swift.min(low, price)
                high = Swift.max(high, price)
                let (added, carry) = sumLow.addingReportingOverflow(UInt64(bitPattern: price))
                sumLow = added
                sumHigh = sumHigh &+ (price >> 63) &+ (carry ? 1 : 0)   // price >> 63: -1 when negative
            }
            return (inRangeCount, low, high, sumHigh, sumLow)
        }
        let sum = (high: sumHigh, low: sumLow)
        let inRange: Int? = range.min == nil && range.max == nil ? nil : inRangeCount
        guard !prices.isEmpty else {
            self.init(count: 0, min: nil, max: nil, average: nil, median: nil, bins: [], countInRange: inRange)
            return
        }
        let n = prices.count
        let (meanQuotient, meanRemainder) = Int64(n).dividingFullWidth(sum)
        let average = meanQuotient + Rounding.divide(meanRemainder, by: Int64(n))

        // The middle rank (and the one below it for an even count), and the 99th
        // percentile by nearest rank.
        let ranks = [n / 2, n % 2 == 0 ? n / 2 - 1 : n / 2, (99 * n + 99) / 100 - 1]
        let ranked = Selection.values(atRanks: ranks, of: prices, low: low, high: high)
        let median = ranked[1] + Rounding.divide(ranked[0] - ranked[1], by: 2)
        let p99 = ranked[2]

        // Integer edges: span counts the integer prices low...p99.
        let span = p99 - low + 1
        let width = (span + Int64(binCount) - 1) / Int64(binCount)
        let used = Int((span + width - 1) / width)
        var counts = [Int](repeating: 0, count: used)
        // A 64-bit division per price cost more than everything else here. Prices spanning
        // less than 2^32 (any real currency) divide exactly by a multiplication (`Divisor`).
        // Offsets past the last bin's start only need to land in it, so they are clamped.
        if span < 1 << 32 {
            let divisor = Divisor(width)
            let limit = UInt64(span - 1)
            let last = used &- 1
            counts.withUnsafeMutableBufferPointer { counts in
                prices.withUnsafeBufferPointer { prices in
                    for price in prices {
                        let offset = Swift.min(UInt64(bitPattern: price &- low), limit)
                        let quotient = divisor.quotient(ofSmall: offset)
                        counts[Swift.min(Int(truncatingIfNeeded: quotient), last)] &+= 1
                    }
                }
            }
        } else {
            // A floating-point estimate, corrected to the exact integer quotient.
            let reciprocal = 1 / Double(width)
            counts.withUnsafeMutableBufferPointer { counts in
                for price in prices {
                    let offset = price &- low
                    var index = Swift.min(Int(Double(offset) * reciprocal), used &- 1)
                    while index > 0 && Int64(index) &* width > offset { index &-= 1 }
                    while index < used &- 1 && Int64(index &+ 1) &* width <= offset { index &+= 1 }
                    counts[index] &+= 1
                }
            }
        }
        let lastUpper = low + Int64(used) * width
        let openEnded = high >= lastUpper
        let bins = (0..<used).map { index in
            PriceBin(min: low + Int64(index) * width,
                     max: index == used - 1 && openEnded ? nil : low + Int64(index + 1) * width,
                     count: counts[index])
        }
        self.init(count: n, min: low, max: high, average: average, median: median, bins: bins, countInRange: inRange)
    }
}
