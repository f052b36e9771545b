import Domain

/// An in-memory `CatalogWriting` with real transaction semantics (a failed body leaves no trace).
final class FakeCatalogWriter: CatalogWriting {
    struct State {
        var locations: [String: (id: LocationID, draft: LocationDraft)] = [:]
        var listings: [ListingID: Listing] = [:]
        var calendars: [ListingID: [CalendarEntry]] = [:]
        var nextLocationID: Int64 = 1
        var importedRatings: [ListingID: ImportedRatings] = [:]
        var importedReviews: [ListingID: [NewReview]] = [:]
    }

    var state = State()
    private(set) var transactionCount = 0
    private(set) var statisticsRefreshes = 0
    private(set) var maxListingsPerTransaction = 0
    private var listingsInTransaction = 0

    struct WriterError: Error, CustomStringConvertible {
        var description: String
    }

    func saveLocation(_ draft: LocationDraft) throws -> LocationID {
        if let parent = draft.parentKey, state.locations[parent] == nil {
            throw WriterError(description: "parent \(parent) of \(draft.externalKey) does not exist")
        }
        if let existing = state.locations[draft.externalKey] {
            state.locations[draft.externalKey] = (existing.id, draft)
            return existing.id
        }
        let id = LocationID(state.nextLocationID)
        state.nextLocationID += 1
        state.locations[draft.externalKey] = (id, draft)
        return id
    }

    func saveImportedRatings(_ ratings: ImportedRatings, of listing: ListingID) throws {
        guard state.listings[listing] != nil else { throw WriterError(description: "listing \(listing) does not exist") }
        state.importedRatings[listing] = ratings
    }

    func saveImportedReviews(_ reviews: [NewReview], of listing: ListingID, replacing: Bool) throws {
        guard state.listings[listing] != nil else { throw WriterError(description: "listing \(listing) does not exist") }
        if replacing { state.importedReviews[listing] = [] }
        state.importedReviews[listing, default: []] += reviews
    }

    func saveListing(_ listing: Listing) throws {
        guard state.locations.values.contains(where: { $0.id == listing.locationID }) else {
            throw WriterError(description: "location \(listing.locationID) of listing \(listing.id) does not exist")
        }
        guard listing.pricing.basePrice > 0, listing.minNights >= 1, listing.maxNights >= listing.minNights,
              listing.maxGuests >= 1 else {
            throw WriterError(description: "listing \(listing.id) breaks a schema check")
        }
        state.listings[listing.id] = listing
        listingsInTransaction += 1
        maxListingsPerTransaction = max(maxListingsPerTransaction, listingsInTransaction)
    }

    func replaceCalendar(of id: ListingID, with entries: [CalendarEntry]) throws {
        guard state.listings[id] != nil else { throw WriterError(description: "calendar of unknown listing \(id)") }
        state.calendars[id] = entries.isEmpty ? nil : entries
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        let saved = state
        transactionCount += 1
        listingsInTransaction = 0
        do {
            return try body()
        } catch {
            state = saved
            throw error
        }
    }

    func refreshLocationStatistics() throws {
        statisticsRefreshes += 1
    }

    func locationID(forKey key: String) -> LocationID? { state.locations[key]?.id }
    func location(_ id: LocationID) -> LocationDraft? { state.locations.values.first { $0.id == id }?.draft }
}
