import Testing
import Domain
@testable import DataImport

private let singaporeOptions = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore",
                                             cityName: "Singapore")

private func importSingapore(into writer: FakeCatalogWriter = FakeCatalogWriter(), detailed: Bool = true,
                             calendar: Bool = true, options: ImportOptions = singaporeOptions) throws -> ImportSummary {
    try Importer().import(
        listingsFile: Fixtures.singapore + (detailed ? "/listings_detailed.csv" : "/listings.csv"),
        calendarFile: calendar ? Fixtures.singapore + "/calendar.csv" : nil,
        options: options, writer: writer, progress: { _ in })
}

@Suite struct ImporterTests {
    @Test func importsTheRealDetailedSample() throws {
        let writer = FakeCatalogWriter()
        let summary = try importSingapore(into: writer)
        #expect(summary.format == .detailed)
        #expect(summary.listingsImported == 60)
        #expect(summary.listingsSkipped == 0)
        #expect(summary.issues == [])
        #expect(writer.state.listings.count == 60)
        // 1 city + 5 regions + 23 neighbourhoods.
        #expect(summary.locationsSaved == 29)
        #expect(writer.state.locations.count == 29)
        #expect(summary.calendarRowsApplied == 1800)
        #expect(summary.calendarRowsSkipped == 0)
        #expect(summary.calendarEntriesWritten == 1310)
    }

    @Test func mapsListingFieldsExactly() throws {
        let writer = FakeCatalogWriter()
        _ = try importSingapore(into: writer)

        let big = try #require(writer.state.listings[ListingID(542_953_504_353_473_979)])
        #expect(big.id.rawValue == 542_953_504_353_473_979)
        #expect(big.host.name == "Pier Alessio")
        #expect(big.pricing.basePrice == 9_000)
        #expect(big.rating == nil && big.reviewCount == 0)
        #expect(writer.state.listings.keys.filter { $0.rawValue > 1 << 53 }.count == 14)

        let cjk = try #require(writer.state.listings[ListingID(10_813_595)])
        #expect(cjk.host.name == "睿澜")
        #expect(cjk.amenities == ["Pool", "Washer", "Wifi", "Gym", "Air conditioning", "Elevator"])

        let first = try #require(writer.state.listings[ListingID(71_609)])
        #expect(first.title == "Villa in Singapore · ★4.44 · 2 bedrooms · 3 beds · 1 private bath")
        #expect(first.description.hasPrefix("For 3 rooms.Book room 1&2 and room 4\n\nThe space\nLanded Homestay"))
        #expect(!first.description.contains("<"))
        #expect(first.amenities.first == "Private backyard \u{2013} Fully fenced")
        #expect(first.roomType == .privateRoom)
        #expect(first.maxGuests == 3 && first.bedrooms == nil && first.beds == 3 && first.bathrooms == 1)
        #expect(first.rating == 4.44 && first.reviewCount == 20)
        #expect(first.pricing == PricingRules(basePrice: 15_000))
        #expect(first.minNights == 92 && first.maxNights == 365)
        #expect(first.host == Host(name: "Belinda", isSuperhost: false, since: CalendarDate(year: 2011, month: 1, day: 29)))
        #expect(first.photoURLs == ["https://a0.muscache.com/pictures/24453191/35803acb_original.jpg"])
        #expect(first.timeZone == "Asia/Singapore" && first.currency.rawValue == "SGD")
        #expect(first.availableUntil == CalendarDate(year: 2023, month: 10, day: 23))
        #expect(first.coordinate == Coordinate(latitude: 1.34537, longitude: 103.95887))
        let location = try #require(writer.location(first.locationID))
        #expect(location.externalKey == "insideairbnb:singapore:East Region/Tampines")
        #expect(location.kind == .neighbourhood && location.fullName == "Tampines, East Region, Singapore")
        #expect(location.parentKey == "insideairbnb:singapore:East Region")

        // Rows right after multi-line host_about records (\r\n at sample row 2, lone \r at 177).
        #expect(writer.state.listings[ListingID(369_145)]?.host.name.isEmpty == false)
        #expect(Set(writer.state.listings.values.map(\.roomType)) == Set(RoomType.allCases))
        #expect(writer.state.listings.values.allSatisfy { $0.maxGuests >= 1 && $0.pricing.basePrice > 0 })
    }

    @Test func storesOnlyCalendarDaysThatDiffer() throws {
        let writer = FakeCatalogWriter()
        _ = try importSingapore(into: writer)
        // 71609: max nights 1125 in the calendar against 365 on the listing, so every day differs.
        let first = try #require(writer.state.calendars[ListingID(71_609)])
        #expect(first.count == 30)
        #expect(first[0] == CalendarEntry(date: CalendarDate(year: 2023, month: 9, day: 23)!, status: .booked, maxNights: 1125))
        #expect(first[2] == CalendarEntry(date: CalendarDate(year: 2023, month: 9, day: 25)!, status: .available, maxNights: 1125))
        // Every stored entry differs from the defaults in something.
        for (id, entries) in writer.state.calendars {
            let listing = try #require(writer.state.listings[id])
            for entry in entries {
                #expect(entry.status != .available || entry.price != nil || entry.minNights != nil || entry.maxNights != nil)
                #expect(entry.price != listing.pricing.basePrice)
                #expect(entry.minNights != listing.minNights && entry.maxNights != listing.maxNights)
            }
        }
    }

    @Test func shiftsEveryDateSoTheSnapshotStartsOnTheGivenDay() throws {
        let writer = FakeCatalogWriter()
        var options = singaporeOptions
        let today = CalendarDate(year: 2026, month: 3, day: 1)!
        options.shiftDatesTo = today
        let summary = try importSingapore(into: writer, options: options)
        #expect(summary.dateShiftDays == CalendarDate(year: 2023, month: 9, day: 23)!.days(until: today))
        let first = try #require(writer.state.calendars[ListingID(71_609)])
        #expect(first.first?.date == today)
        #expect(first.last?.date == today.adding(days: 29))
        #expect(writer.state.listings[ListingID(71_609)]?.availableUntil == today.adding(days: 30))
    }

    @Test func importsTheSummaryFormatWithDefaults() throws {
        let writer = FakeCatalogWriter()
        let summary = try importSingapore(into: writer, detailed: false, calendar: false)
        #expect(summary.format == .summary)
        #expect(summary.listingsImported == 60)
        let first = try #require(writer.state.listings[ListingID(71_609)])
        #expect(first.pricing.basePrice == 15_000)
        #expect(first.maxGuests == InsideAirbnbListingRow.defaultMaxGuests(for: .privateRoom))
        #expect(first.maxNights == 365 && first.minNights == 92)
        #expect(first.availableUntil == nil)
        #expect(writer.state.listings[ListingID(542_953_504_353_473_979)] != nil)
    }

    @Test func reimportingDoesNotDuplicate() throws {
        let writer = FakeCatalogWriter()
        _ = try importSingapore(into: writer)
        let before = writer.state
        let summary = try importSingapore(into: writer)
        #expect(summary.listingsImported == 60)
        #expect(writer.state.listings == before.listings)
        #expect(writer.state.calendars == before.calendars)
        #expect(writer.state.locations.mapValues(\.id) == before.locations.mapValues(\.id))
    }

    @Test func writesInBatches() throws {
        let writer = FakeCatalogWriter()
        var options = singaporeOptions
        options.batchSize = 7
        _ = try importSingapore(into: writer, options: options)
        #expect(writer.maxListingsPerTransaction == 7)
        #expect(writer.state.listings.count == 60)
    }

    @Test func badRowsAreReportedWithLineNumbersAndTheRestImported() throws {
        let writer = FakeCatalogWriter()
        var events: [ImportIssue] = []
        let summary = try Importer().import(
            listingsFile: Fixtures.edgeCases + "/listings_bad.csv", calendarFile: Fixtures.edgeCases + "/calendar_bad.csv",
            options: singaporeOptions, writer: writer,
            progress: { if case .issue(let issue) = $0 { events.append(issue) } })

        #expect(Set(writer.state.listings.keys) == [ListingID(1), ListingID(5), ListingID(7)])
        #expect(summary.listingsImported == 3)
        #expect(summary.listingsSkipped == 5)
        let listingIssues = summary.issues.filter { $0.file == .listings }
        #expect(listingIssues.map(\.line) == [3, 4, 5, 8, 10])
        #expect(listingIssues[0].reason.hasPrefix("invalid listing id"))
        #expect(listingIssues[1].reason.hasPrefix("invalid price"))
        #expect(listingIssues[2].reason == "unknown room type 'Castle'")
        #expect(listingIssues[4].reason.hasPrefix("unterminated quote"))
        #expect(writer.state.listings[ListingID(5)]?.title == "Multi\nline name")
        #expect(writer.state.listings[ListingID(5)]?.host.name == "김민지")
        #expect(writer.state.listings[ListingID(5)]?.pricing.basePrice == 120_000)

        let calendarIssues = summary.issues.filter { $0.file == .calendar }
        #expect(calendarIssues.map(\.line) == [4, 6, 7, 8, 11, 12, 13, 14])
        #expect(calendarIssues.map(\.kind) == [
            "invalid date", "invalid price", "unknown listing id 99 (not in the listings file, or skipped there)",
            "unknown listing id 3 (not in the listings file, or skipped there)",
            "rows of listing 1 are not contiguous", "duplicate date 2023-09-24 for listing 5",
            "invalid available flag", "invalid minimum_nights",
        ])
        #expect(summary.calendarRowsApplied == 6)
        #expect(summary.calendarRowsSkipped == 8)
        #expect(events == summary.issues)

        let day = { (d: Int) in CalendarDate(year: 2023, month: 9, day: d)! }
        #expect(writer.state.calendars[ListingID(1)] == [
            CalendarEntry(date: day(24), status: .booked),
            CalendarEntry(date: day(25), price: 12_000),
        ])
        #expect(writer.state.calendars[ListingID(5)] == [CalendarEntry(date: day(24), minNights: 3, maxNights: 400)])
        #expect(writer.state.calendars[ListingID(7)] == [CalendarEntry(date: day(23), status: .booked)])
    }

    @Test func rejectsAFileThatIsNotInsideAirbnb() throws {
        let path = try TemporaryFile.write("a,b\n1,2\n")
        defer { TemporaryFile.remove(path) }
        #expect(throws: ImportError.self) {
            try Importer().import(listingsFile: path, calendarFile: nil, options: singaporeOptions,
                                  writer: FakeCatalogWriter(), progress: { _ in })
        }
    }
}

@Suite struct NeighbourhoodsFileTests {
    /// The Singapore summary listings with every `neighbourhood_group` left empty, as many
    /// newer Inside Airbnb snapshots have them.
    static func listingsWithoutGroups() throws -> String {
        let reader = try CSVReader(path: Fixtures.singapore + "/listings.csv")
        guard case .success(let header)? = try reader.readHeader(), let group = header.index(of: "neighbourhood_group") else {
            preconditionFailure("the fixture has no neighbourhood_group column")
        }
        func line(_ fields: [String]) -> String {
            fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") + "\n"
        }
        var text = line(header.names)
        while let result = try reader.next() {
            guard case .success(var record) = result else { continue }
            record.fields[group] = ""
            text += line(record.fields)
        }
        return try TemporaryFile.write(text)
    }

    static func locations(_ writer: FakeCatalogWriter) -> [String: String?] {
        writer.state.locations.mapValues { $0.draft.parentKey }
    }

    @Test func groupsFromNeighbourhoodsCSVBecomeParentsOfTheirNeighbourhoods() throws {
        let listings = try Self.listingsWithoutGroups()
        defer { TemporaryFile.remove(listings) }
        let withGroups = FakeCatalogWriter()
        _ = try importSingapore(into: withGroups, detailed: false, calendar: false)

        let withoutFile = FakeCatalogWriter()
        _ = try Importer().import(listingsFile: listings, calendarFile: nil, options: singaporeOptions,
                                  writer: withoutFile, progress: { _ in })
        #expect(Self.locations(withoutFile)["insideairbnb:singapore:/Tampines"] == .some("insideairbnb:singapore"))
        #expect(Self.locations(withoutFile)["insideairbnb:singapore:East Region"] == nil)

        var options = singaporeOptions
        options.neighbourhoodsFile = Fixtures.singapore + "/neighbourhoods.csv"
        let writer = FakeCatalogWriter()
        let summary = try Importer().import(listingsFile: listings, calendarFile: nil, options: options,
                                            writer: writer, progress: { _ in })
        #expect(summary.listingsImported == 60)
        #expect(Self.locations(writer)["insideairbnb:singapore:East Region/Tampines"] == .some("insideairbnb:singapore:East Region"))
        #expect(Self.locations(writer)["insideairbnb:singapore:East Region"] == .some("insideairbnb:singapore"))
        #expect(writer.state.locations["insideairbnb:singapore:East Region"]?.draft.kind == .district)
        // Exactly the locations (and parents) the groups in the rows themselves give.
        #expect(Self.locations(writer) == Self.locations(withGroups))
        #expect(writer.state.listings.mapValues(\.locationID) == withGroups.state.listings.mapValues(\.locationID))
    }

    @Test func aNeighbourhoodsFileWithoutItsColumnsIsRejected() throws {
        let bad = try TemporaryFile.write("group,name\nEast Region,Tampines\n")
        defer { TemporaryFile.remove(bad) }
        var options = singaporeOptions
        options.neighbourhoodsFile = bad
        #expect(throws: ImportError.self) {
            _ = try Importer().import(listingsFile: Fixtures.singapore + "/listings.csv", calendarFile: nil,
                                      options: options, writer: FakeCatalogWriter(), progress: { _ in })
        }
    }
}
