@testable import Domain

/// In-memory listings: `searchListings` returns every listing (filter ignored except the
/// stay, for which it sums nightly prices the way the SQLite repository promises to).
final class FakeListingRepository: ListingRepository, @unchecked Sendable {
    let listings: [Listing]
    let entries: [ListingID: [CalendarEntry]]
    let prices: [Int64]
    init(listings: [Listing], entries: [ListingID: [CalendarEntry]] = [:], prices: [Int64] = []) {
        self.listings = listings
        self.entries = entries
        self.prices = prices
    }
    func listing(_ id: ListingID) throws -> Listing? { listings.first { $0.id == id } }
    func calendarEntries(of id: ListingID, in range: Range<CalendarDate>) throws -> [CalendarEntry] {
        (entries[id] ?? []).filter { range.contains($0.date) }.sorted { $0.date < $1.date }
    }
    func searchListings(_ search: ListingSearch) throws -> ListingPage {
        let matches = listings.map { listing -> ListingMatch in
            let guests = search.filter.guests
            guard let stay = search.filter.stay else {
                return ListingMatch(listing: listing, accommodationTotal: nil,
                                    nightlyPrice: NightlyPricer.priceWithoutStay(rules: listing.pricing, guests: guests))
            }
            let pricer = NightlyPricer(listing: listing, entries: entries[listing.id] ?? [], guests: guests)
            let total = pricer.nightlyPrices(for: stay).reduce(Int64(0)) { $0 + $1.price }
            return ListingMatch(listing: listing, accommodationTotal: total,
                                nightlyPrice: Rounding.divide(total, by: Int64(stay.nights)))
        }
        return ListingPage(matches: matches, total: matches.count, bounds: nil, nextCursor: nil)
    }
    func nightlyPrices(matching filter: ListingFilter) throws -> [Int64] { prices }
    func mapPoints(matching filter: ListingFilter) throws -> [ListingMapPoint] { [] }
}

final class FakeLocationRepository: LocationRepository, @unchecked Sendable {
    let locations: [Location]
    var loads = 0
    init(_ locations: [Location]) { self.locations = locations }
    func allLocations() throws -> [Location] { loads += 1; return locations }
    func location(_ id: LocationID) throws -> Location? { locations.first { $0.id == id } }
    func listingBounds(in id: LocationID) throws -> BoundingBox? {
        id.rawValue == 1 ? BoundingBox(southWest: Coordinate(latitude: 37.4, longitude: 126.8),
                                       northEast: Coordinate(latitude: 37.7, longitude: 127.2)) : nil
    }
}

func makeLocation(_ id: Int64, _ name: String, _ english: String, count: Int, lat: Double = 37.5, lon: Double = 127.0,
                  kind: LocationKind = .district) -> Location {
    Location(id: LocationID(id), parentID: nil, kind: kind, name: name, nameEnglish: english, fullName: name,
             fullNameEnglish: english, coordinate: Coordinate(latitude: lat, longitude: lon), imageURL: nil,
             listingCount: count)
}
