import Domain

/// What a seed wrote.
public struct DemoSeedSummary: Hashable, Sendable {
    public var locations = 0
    public var listings = 0
    public var calendarEntries = 0
    public init() {}
}

/// Writes a `DemoGenerator`'s catalog through a `CatalogWriting`: locations in one
/// transaction, then listings with their calendars in transactions of `batchSize`, then
/// `refreshLocationStatistics()`. Memory stays flat: one listing is alive at a time.
/// Seeding again with the same generator rewrites the same rows (ids and keys are stable).
public enum DemoSeeder {
    public static func seed(generator: DemoGenerator, writer: CatalogWriting, batchSize: Int = 1000,
                            progress: (ProgressEvent) -> Void) throws -> DemoSeedSummary {
        precondition(batchSize > 0, "batchSize must be positive")
        var summary = DemoSeedSummary()
        var locationIDs: [String: LocationID] = [:]
        let drafts = generator.locations
        try writer.transaction {
            for draft in drafts { locationIDs[draft.externalKey] = try writer.saveLocation(draft) }
        }
        summary.locations = drafts.count

        progress(.phaseStarted(name: "generating listings", total: generator.listingCount, unit: .items("listings")))
        var index = 0
        while index < generator.listingCount {
            let end = min(generator.listingCount, index + batchSize)
            try writer.transaction {
                for position in index..<end {
                    let demo = generator.listing(at: position)
                    guard let locationID = locationIDs[demo.locationKey] else {
                        preconditionFailure("generated listing in unknown location \(demo.locationKey)")
                    }
                    let listing = demo.listing(in: locationID)
                    try writer.saveListing(listing)
                    try writer.replaceCalendar(of: demo.id, with: demo.calendar)
                    // Its ratings as if imported (so Stays reviews combine with them) and its newest texts.
                    try writer.saveImportedRatings(DemoReviews.ratings(of: listing), of: demo.id)
                    try writer.saveImportedReviews(DemoReviews.texts(of: listing, today: generator.today), of: demo.id,
                                                   replacing: true)
                    summary.calendarEntries += demo.calendar.count
                }
            }
            summary.listings = end
            index = end
            progress(.advanced(completed: end))
        }
        try writer.refreshLocationStatistics()
        return summary
    }
}
