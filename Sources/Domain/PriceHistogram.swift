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
    public init(prices unsorted: [Int64], binCount: Int, range: (min: Int64?, max: Int64?) = (nil, nil)) {
        precondition(binCount >= 1, "at least one bin")
        let prices = unsorted.sorted()
        let inRange: Int? = range.min == nil && range.max == nil ? nil : prices.count { price in
            (range.min.map { price >= $0 } ?? true) && (range.max.map { price <= $0 } ?? true)
        }
        guard let low = prices.first, let high = prices.last else {
            self.init(count: 0, min: nil, max: nil, average: nil, median: nil, bins: [], countInRange: inRange)
            return
        }
        let n = prices.count
        // Exact mean without overflow: sum = n * Σ(p / n) + Σ(p % n).
        var quotients: Int64 = 0
        var remainders: Int64 = 0
        for price in prices {
            quotients += price / Int64(n)
            remainders += price % Int64(n)
        }
        let average = quotients + Rounding.divide(remainders, by: Int64(n))
        let median: Int64
        if n % 2 == 1 {
            median = prices[n / 2]
        } else {
            let a = prices[n / 2 - 1], b = prices[n / 2]
            median = a + Rounding.divide(b - a, by: 2)
        }
        let p99 = prices[(99 * n + 99) / 100 - 1]

        // Integer edges: span counts the integer prices low...p99.
        let span = p99 - low + 1
        let width = (span + Int64(binCount) - 1) / Int64(binCount)
        let used = Int((span + width - 1) / width)
        var counts = [Int](repeating: 0, count: used)
        for price in prices {
            counts[Swift.min(Int((price - low) / width), used - 1)] += 1
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
