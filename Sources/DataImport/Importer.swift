import Foundation
import Domain

/// Imports an Inside Airbnb snapshot (a listings file, summary or detailed, and optionally
/// its calendar) through a `CatalogWriting`.
///
/// Promises:
/// - Bad rows never stop the import: each is reported (file, line, reason) through `progress`
///   and the summary, and the rest is imported. Only an unreadable file, an unrecognised
///   header or a writer failure stops it (`ImportError`).
/// - Idempotent: listings are keyed by their Inside Airbnb id and locations by external key,
///   so importing the same files again updates rows instead of adding new ones; calendars
///   are replaced whole.
/// - Nothing is lost to an empty `price` (newer snapshots keep prices only in the
///   calendar): such a listing's base price is the lower median of its calendar's nightly
///   prices over its available days, or over all its days when none is available. Only a
///   listing with no price anywhere is skipped, with that reason.
/// - Memory stays flat in the file sizes: files are streamed (listings twice, the calendar
///   twice); only a few numbers per listing id are kept (plus, for a listing without a
///   price, its calendar's prices until its median is known).
/// - Writes happen in transactions of `options.batchSize` listings (or calendars).
/// - Afterwards every location's listing count is refreshed, so
///   imported places rank and show in popular and nearby lists like demo places.
public struct Importer {
    public init() {}

    /// Per listing: what the calendar compares its rows against.
    struct ListingDefaults {
        var line: Int
        /// nil while an empty `price` waits for the calendar (`resolveCalendarPrices`).
        var basePrice: Int64?
        var minNights: Int
        var maxNights: Int
    }

    /// The nightly prices a listing's calendar rows give, to price a listing without one.
    struct CalendarPrices {
        var available: [Int64] = []
        var all: [Int64] = []

        /// The lower median over the available days, else over all days; nil without prices.
        /// The lower median (not the mean) is an actual nightly price of the listing and
        /// ignores a few holiday or event nights priced far above the rest.
        var defaultPrice: Int64? {
            let prices = (available.isEmpty ? all : available).sorted()
            return prices.isEmpty ? nil : prices[(prices.count - 1) / 2]
        }
    }

    /// Where a listing is, for its locations.
    struct Place {
        var coordinate: Coordinate
        var region: String
        var neighbourhood: String
    }

    struct CoordinateSum {
        var latitude = 0.0
        var longitude = 0.0
        var count = 0
        mutating func add(_ coordinate: Coordinate) {
            latitude += coordinate.latitude
            longitude += coordinate.longitude
            count += 1
        }
        var mean: Coordinate { Coordinate(latitude: latitude / Double(max(count, 1)), longitude: longitude / Double(max(count, 1))) }
    }

    public func `import`(listingsFile: String, calendarFile: String?, options: ImportOptions,
                         writer: CatalogWriting, progress: (ProgressEvent) -> Void) throws(ImportError) -> ImportSummary {
        do {
            // The run never outlives this call.
            return try withoutActuallyEscaping(progress) { progress in
                var run = try ImportRun(listingsFile: listingsFile, calendarFile: calendarFile, options: options,
                                        writer: writer, progress: progress)
                return try run.execute()
            }
        } catch let error as ImportError {
            throw error
        } catch let error as CSVInputError {
            throw .input(error)
        } catch {
            throw .writer(error)
        }
    }
}

/// The state of one import. Passes:
/// 1. scan the listings: validate rows, gather locations and per-listing defaults;
/// 2. scan the calendar: each listing's last date and the snapshot's first date;
/// 3. save locations, then listings in batches;
/// 4. stream the calendar, replacing each listing's calendar with its exceptions.
struct ImportRun {
    let listingsFile: String
    let calendarFile: String?
    let options: ImportOptions
    let writer: CatalogWriting
    let progress: (ProgressEvent) -> Void
    var summary: ImportSummary
    let format: InsideAirbnbFormat
    let header: CSVHeader

    var defaults: [ListingID: Importer.ListingDefaults] = [:]
    var regions: [String: Importer.CoordinateSum] = [:]
    var neighbourhoods: [String: [String: Importer.CoordinateSum]] = [:]
    var city = Importer.CoordinateSum()
    var lastCalendarDate: [ListingID: CalendarDate] = [:]
    /// Calendar prices of listings whose `price` is empty, gathered in pass 2.
    var calendarPrices: [ListingID: Importer.CalendarPrices] = [:]
    /// Where those listings are, counted once they are priced.
    var waitingPlaces: [ListingID: Importer.Place] = [:]
    var shift = 0
    /// neighbourhood -> neighbourhood group, from `options.neighbourhoodsFile`.
    var groupOfNeighbourhood: [String: String] = [:]
    /// neighbourhood -> its area, from `options.neighbourhoodsGeoJSONFile`.
    var shapes: [String: NeighbourhoodShapes.Shape] = [:]

    init(listingsFile: String, calendarFile: String?, options: ImportOptions, writer: CatalogWriting,
         progress: @escaping (ProgressEvent) -> Void) throws {
        self.listingsFile = listingsFile
        self.calendarFile = calendarFile
        self.options = options
        self.writer = writer
        self.progress = progress
        let reader = try CSVReader(path: listingsFile)
        let header = try ImportError.readHeader(reader, path: listingsFile)
        guard let format = InsideAirbnbFormat.detect(header) else {
            throw ImportError.unrecognizedHeader(
                path: listingsFile, missing: InsideAirbnbFormat.summaryColumns.filter { !header.contains($0) })
        }
        self.header = header
        self.format = format
        self.summary = ImportSummary(format: format)
        if let neighbourhoodsFile = options.neighbourhoodsFile {
            self.groupOfNeighbourhood = try Self.readNeighbourhoods(neighbourhoodsFile)
        }
        // Read before anything is written: a bad file stops the import with nothing done.
        if let geoJSONFile = options.neighbourhoodsGeoJSONFile {
            self.shapes = try NeighbourhoodShapes(path: geoJSONFile).shapes
        }
    }

    /// Reads `neighbourhood_group,neighbourhood` rows; rows without both are ignored.
    static func readNeighbourhoods(_ path: String) throws -> [String: String] {
        let reader = try CSVReader(path: path)
        let header = try ImportError.readHeader(reader, path: path)
        guard let groupColumn = header.index(of: "neighbourhood_group"),
              let nameColumn = header.index(of: "neighbourhood") else {
            throw ImportError.unrecognizedHeader(
                path: path, missing: ["neighbourhood_group", "neighbourhood"].filter { !header.contains($0) })
        }
        var groups: [String: String] = [:]
        while let result = try reader.next() {
            guard case .success(let record) = result, record.fields.count > max(groupColumn, nameColumn) else { continue }
            let group = record.fields[groupColumn].trimmingSpaces
            let name = record.fields[nameColumn].trimmingSpaces
            if !group.isEmpty && !name.isEmpty { groups[name] = group }
        }
        return groups
    }

    /// The row's neighbourhood group, or the one `neighbourhoods.csv` names when the row has none.
    func region(of row: InsideAirbnbListingRow) -> String {
        row.regionName.isEmpty ? groupOfNeighbourhood[row.neighbourhoodName] ?? "" : row.regionName
    }

    mutating func execute() throws -> ImportSummary {
        try scanListings()
        if let calendarFile { try scanCalendar(calendarFile) }
        resolveCalendarPrices()
        let locationIDs = try saveLocations()
        try saveListings(locationIDs: locationIDs)
        if let calendarFile { try importCalendar(calendarFile) }
        if let reviewsFile = options.reviewsFile { try importReviews(reviewsFile) }
        // The listing count of every location, as the demo seeder leaves it:
        // without them the popular and nearby places are empty.
        try writer.refreshLocationStatistics()
        return summary
    }

    mutating func report(_ issue: ImportIssue) {
        var issue = issue
        // Named as given: the messages name the file actually read.
        let path: String? = switch issue.file {
        case .listings: listingsFile
        case .calendar: calendarFile
        case .reviews: options.reviewsFile
        }
        issue.fileName = path.map { URL(fileURLWithPath: $0).lastPathComponent }
        if summary.issues.count < ImportSummary.maxStoredIssues { summary.issues.append(issue) }
        switch issue.file {
        case .listings: summary.listingSkipReasons[issue.kind, default: 0] += 1
        case .calendar: summary.calendarSkipReasons[issue.kind, default: 0] += 1
        case .reviews: break  // listed in `issues`; a skipped review text changes no listing
        }
        progress(.issue(issue))
    }

    static func fileSize(_ path: String) -> Int? {
        // Only a progress total: an unknown size shows progress without a percentage. A
        // gzip file's size does not measure the decompressed bytes the reader counts.
        guard !GzipFileReader.isGzip(path: path) else { return nil }
        do {
            return try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        } catch {
            return nil
        }
    }

    /// How progress names a file: its last path component.
    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    // MARK: Pass 1

    private mutating func scanListings() throws {
        progress(.phaseStarted(name: "checking listings \(Self.fileName(listingsFile))", total: Self.fileSize(listingsFile), unit: .bytes))
        let reader = try CSVReader(path: listingsFile)
        _ = try reader.readHeader()
        var seen: [ListingID: Int] = [:]
        while let result = try reader.next() {
            let record: CSVRecord
            switch result {
            case .failure(let error):
                summary.listingsSkipped += 1
                report(ImportIssue(file: .listings, line: error.line, reason: Self.reason(error)))
                continue
            case .success(let value):
                record = value
            }
            let row: InsideAirbnbListingRow
            do {
                row = try InsideAirbnbListingRow(fields: record.fields, header: header, format: format, options: options)
            } catch {
                summary.listingsSkipped += 1
                report(ImportIssue(file: .listings, line: record.line, reason: error.reason))
                continue
            }
            if let first = seen[row.id] {
                summary.listingsSkipped += 1
                report(ImportIssue(file: .listings, line: record.line, reason: "duplicate listing id \(row.id) (first on line \(first))"))
                continue
            }
            seen[row.id] = record.line
            defaults[row.id] = Importer.ListingDefaults(line: record.line,
                                                        basePrice: row.priceMissing ? nil : row.listing.pricing.basePrice,
                                                        minNights: row.listing.minNights, maxNights: row.listing.maxNights)
            let place = Importer.Place(coordinate: row.listing.coordinate, region: region(of: row),
                                       neighbourhood: row.neighbourhoodName)
            if row.priceMissing {
                // Its location counts only once the calendar has priced it.
                calendarPrices[row.id] = Importer.CalendarPrices()
                waitingPlaces[row.id] = place
            } else {
                gatherLocation(place)
            }
            if record.line % 256 == 0 { progress(.advanced(completed: reader.bytesConsumed)) }
        }
        progress(.advanced(completed: reader.bytesConsumed))
    }

    /// Prices each listing whose `price` was empty from its calendar, or skips it (with its
    /// reason) when its calendar has no price either; only the priced ones count towards
    /// their locations, so that no location is made for skipped listings only.
    private mutating func resolveCalendarPrices() {
        let waiting = defaults.filter { $0.value.basePrice == nil }.sorted { $0.value.line < $1.value.line }
        for (id, listing) in waiting {
            if let price = calendarPrices[id]?.defaultPrice {
                defaults[id]?.basePrice = price
                summary.listingsPricedFromCalendar += 1
                if let place = waitingPlaces[id] { gatherLocation(place) }
            } else {
                defaults[id] = nil
                summary.listingsSkipped += 1
                report(ImportIssue(file: .listings, line: listing.line, reason: calendarFile == nil
                    ? "no price: price is empty and no calendar was given"
                    : "no price: price is empty and the calendar has no price for listing \(id)"))
            }
        }
        calendarPrices = [:]
        waitingPlaces = [:]
    }

    /// Counts a kept listing's coordinate towards its city, region and neighbourhood.
    private mutating func gatherLocation(_ place: Importer.Place) {
        city.add(place.coordinate)
        if !place.region.isEmpty { regions[place.region, default: .init()].add(place.coordinate) }
        if !place.neighbourhood.isEmpty {
            neighbourhoods[place.region, default: [:]][place.neighbourhood, default: .init()].add(place.coordinate)
        }
    }

    static func reason(_ error: CSVRecordError) -> String {
        switch error {
        case .unterminatedQuote: return "unterminated quote: the rest of the file is one broken record"
        case .unexpectedQuote(_, let column): return "malformed CSV: unexpected quote in field \(column)"
        case .invalidUTF8(_, let column): return "malformed CSV: field \(column) is not valid UTF-8"
        }
    }

    // MARK: Pass 3

    func cityKey() -> String { options.keyPrefix }
    func regionKey(_ region: String) -> String { "\(options.keyPrefix):\(region)" }
    func neighbourhoodKey(_ region: String, _ name: String) -> String { "\(options.keyPrefix):\(region)/\(name)" }

    /// Location keys: the city is `<prefix>`, a region (neighbourhood group) `<prefix>:<group>`
    /// and a neighbourhood `<prefix>:<group>/<neighbourhood>`.
    private mutating func saveLocations() throws -> [String: LocationID] {
        guard !defaults.isEmpty else { return [:] }
        var ids: [String: LocationID] = [:]
        let cityName = options.cityName
        let drafts = locationDrafts(cityName: cityName)
        try writer.transaction {
            for draft in drafts { ids[draft.externalKey] = try writer.saveLocation(draft) }
        }
        summary.locationsSaved = drafts.count
        return ids
    }

    private func locationDrafts(cityName: String) -> [LocationDraft] {
        var drafts = [LocationDraft(externalKey: cityKey(), parentKey: nil, kind: .city, name: cityName,
                                    nameEnglish: cityName, fullName: cityName, fullNameEnglish: cityName,
                                    coordinate: city.mean, imageURL: nil)]
        for region in regions.keys.sorted() {
            let full = "\(region), \(cityName)"
            drafts.append(LocationDraft(externalKey: regionKey(region), parentKey: cityKey(), kind: .district,
                                        name: region, nameEnglish: region, fullName: full, fullNameEnglish: full,
                                        coordinate: regions[region]!.mean, imageURL: nil))
        }
        for region in neighbourhoods.keys.sorted() {
            let places = neighbourhoods[region]!
            for name in places.keys.sorted() {
                let parent = region.isEmpty ? cityKey() : regionKey(region)
                let full = region.isEmpty ? "\(name), \(cityName)" : "\(name), \(region), \(cityName)"
                let shape = shapes[name]
                drafts.append(LocationDraft(externalKey: neighbourhoodKey(region, name), parentKey: parent,
                                            kind: .neighbourhood, name: name, nameEnglish: name, fullName: full,
                                            fullNameEnglish: full, coordinate: shape?.centre ?? places[name]!.mean,
                                            imageURL: nil, area: shape?.box))
            }
        }
        return drafts
    }

    private func locationKey(of row: InsideAirbnbListingRow) -> String {
        let region = region(of: row)
        if !row.neighbourhoodName.isEmpty { return neighbourhoodKey(region, row.neighbourhoodName) }
        if !region.isEmpty { return regionKey(region) }
        return cityKey()
    }

    private mutating func saveListings(locationIDs: [String: LocationID]) throws {
        progress(.phaseStarted(name: "saving listings \(Self.fileName(listingsFile))", total: Self.fileSize(listingsFile), unit: .bytes))
        let reader = try CSVReader(path: listingsFile)
        _ = try reader.readHeader()
        var finished = false
        while !finished {
            var saved = 0
            try writer.transaction {
                while saved < options.batchSize {
                    guard let result = try reader.next() else {
                        finished = true
                        return
                    }
                    // Rows rejected in pass 1 were already reported; a row is saved only if it
                    // is the accepted one for its id (same line).
                    guard case .success(let record) = result else { continue }
                    let row: InsideAirbnbListingRow
                    do {
                        row = try InsideAirbnbListingRow(fields: record.fields, header: header, format: format, options: options)
                    } catch {
                        continue
                    }
                    guard let known = defaults[row.id], known.line == record.line, let price = known.basePrice,
                          let locationID = locationIDs[locationKey(of: row)] else { continue }
                    var listing = row.listing
                    listing.pricing.basePrice = price
                    if row.priceMissing { summary.listingChanges[ImportSummary.priceFromCalendar, default: 0] += 1 }
                    if row.maxNightsRaised { summary.listingChanges[ImportSummary.maxNightsRaised, default: 0] += 1 }
                    listing.locationID = locationID
                    listing.availableUntil = lastCalendarDate[row.id].map { $0.adding(days: 1 + shift) }
                    try writer.saveListing(listing)
                    try writer.saveImportedRatings(row.importedRatings, of: listing.id)
                    saved += 1
                }
            }
            summary.listingsImported += saved
            progress(.advanced(completed: reader.bytesConsumed))
        }
    }
}
