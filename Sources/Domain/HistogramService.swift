/// Price histograms for the search filter's price slider. Immutable and `Sendable`.
public final class HistogramService: Sendable {
    public static let maxBins = 100
    private let listings: any ListingRepository

    public init(listings: any ListingRepository) {
        self.listings = listings
    }

    /// The nightly prices of every listing matching `filter` (its price bounds ignored),
    /// in at most `bins` bins; `countInRange` counts those within the bounds.
    /// Throws `.invalidParameters` naming `bins` unless 1...100.
    public func histogram(filter: ListingFilter, bins: Int) throws -> PriceHistogram {
        guard (1...HistogramService.maxBins).contains(bins) else {
            throw StaysError.invalidParameter("bins", "must be between 1 and \(HistogramService.maxBins)")
        }
        let prices = try listings.nightlyPrices(matching: filter)
        return PriceHistogram(prices: prices, binCount: bins, range: (filter.minPrice, filter.maxPrice))
    }
}
