import Testing
@testable import DataImport
@testable import Domain

/// Autocomplete's fast path (`LocationSearchIndex.Gate`, which rejects locations by
/// `HangulSearch.Signature` before comparing characters) against the reference (the rules
/// alone, `fullMatch`, and `HangulSearch.bestMatch`), over the demo catalog's 396
/// locations and random queries such as a keyboard produces while typing their names.
@Suite struct DemoAutocompleteGateTests {
    /// The demo catalog as `LocationService` loads it: ids in seeding order, parents linked.
    static let locations: [Location] = {
        let drafts = DemoGenerator(seed: 1, listingCount: 0, today: CalendarDate(year: 2027, month: 1, day: 1)!).locations
        var ids: [String: LocationID] = [:]
        for (index, draft) in drafts.enumerated() { ids[draft.externalKey] = LocationID(Int64(index + 1)) }
        return drafts.enumerated().map { index, draft in
            Location(id: LocationID(Int64(index + 1)), parentID: draft.parentKey.flatMap { ids[$0] }, kind: draft.kind,
                     name: draft.name, nameEnglish: draft.nameEnglish, fullName: draft.fullName,
                     fullNameEnglish: draft.fullNameEnglish, coordinate: draft.coordinate, imageURL: nil,
                     listingCount: index % 7, aliases: draft.aliases, searchRadiusKm: draft.searchRadiusKm)
        }
    }()

    static let index: LocationSearchIndex = {
        let positions = Dictionary(uniqueKeysWithValues: locations.indices.map { (locations[$0].id, $0) })
        return LocationSearchIndex(locations, positions: positions)
    }()

    @Test func theGateNeverRejectsALocationTheRulesMatch() {
        var rng = SplitMix64(seed: 16)
        var matched = 0, composing = 0, multiWord = 0
        for _ in 0..<2_000 {
            let text = Self.randomQuery(&rng)
            let query = LocationSearchIndex.Query(text)
            for position in Self.locations.indices {
                let reference = Self.index.fullMatch(query, at: position)
                let fast = Self.index.match(query, at: position)
                #expect(fast == reference, "\(text) at \(Self.locations[position].name)")
                if let reference {
                    matched += 1
                    if !reference.isLiteral { composing += 1 }
                    if query.lastWord != nil { multiWord += 1 }
                }
            }
        }
        // The queries exercise every kind of match, not only misses.
        #expect(matched > 20_000 && composing > 1_000 && multiWord > 300, "\(matched) \(composing) \(multiWord)")
    }

    @Test func aNameWithoutTheQuerysSignatureNeverMatches() {
        var rng = SplitMix64(seed: 61)
        let names = Self.locations.flatMap { [$0.name, $0.nameEnglish, $0.fullName] + $0.aliases }.map(HangulSearch.Key.init)
        var matched = 0
        for _ in 0..<3_000 {
            let query = HangulSearch.Key(Self.randomQuery(&rng))
            for name in names {
                guard let match = HangulSearch.bestMatch(query, in: name) else { continue }
                matched += 1
                #expect(name.presence & query.requirement == query.requirement, "\(match)")
            }
        }
        #expect(matched > 50_000, "\(matched)")
    }

    @Test func skippingStartsKeepsEveryMatch() {
        var rng = SplitMix64(seed: 33)
        let names = Self.locations.flatMap { [$0.name, $0.nameEnglish, $0.fullName] + $0.aliases }.map(HangulSearch.Key.init)
        var matched = 0, composing = 0
        for _ in 0..<2_000 {
            let query = HangulSearch.Key(Self.randomQuery(&rng))
            for name in names {
                let reference = HangulSearch.bestMatch(query, in: name)
                #expect(HangulSearch.quickBestMatch(query, in: name) == reference)
                if let reference {
                    matched += 1
                    if !reference.isLiteral { composing += 1 }
                }
            }
        }
        #expect(matched > 30_000 && composing > 1_000, "\(matched) \(composing)")
    }

    @Test func autocompleteOrderIsTheReferenceOrder() throws {
        let service = LocationService(repository: Catalog(locations: Self.locations), cacheLifetime: .seconds(3600))
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let text = Self.randomQuery(&rng)
            let query = LocationSearchIndex.Query(text)
            // The documented order, from the reference matches.
            let expected = Self.locations.indices.compactMap { position in
                Self.index.fullMatch(query, at: position).map { (match: $0, location: Self.locations[position]) }
            }.sorted { a, b in
                if a.match != b.match { return a.match > b.match }
                if (a.location.kind == .landmark) != (b.location.kind == .landmark) { return b.location.kind == .landmark }
                if a.location.listingCount != b.location.listingCount { return a.location.listingCount > b.location.listingCount }
                return a.location.id < b.location.id
            }.prefix(20).map(\.location.id)
            #expect(try service.autocomplete(query: text, limit: 20).map(\.location.id) == Array(expected), "\(text)")
        }
    }

    // MARK: - Queries

    /// A query as someone typing a demo name sends: a prefix of the Korean name, maybe with
    /// its last syllable still being composed; its 초성; a slice of the English name; a
    /// city and a place; or random syllables, jamo and letters.
    static func randomQuery(_ rng: inout SplitMix64) -> String {
        let location = locations[Int(rng.next() % UInt64(locations.count))]
        let korean = Array(([location.name] + location.aliases)[Int(rng.next() % UInt64(1 + location.aliases.count))])
        switch rng.next() % 8 {
        case 0, 1:
            return composing(String(korean.prefix(1 + Int(rng.next() % UInt64(korean.count)))), &rng)
        case 2:
            let initials = Array(HangulSearch.initials(of: String(korean)))
            return String(initials.prefix(1 + Int(rng.next() % UInt64(initials.count))))
        case 3:
            let english = Array(location.nameEnglish.lowercased())
            let start = rng.next() % 3 == 0 ? Int(rng.next() % UInt64(english.count)) : 0
            return String(english[start...].prefix(1 + Int(rng.next() % 9)))
        case 4:
            let parent = location.parentID.flatMap { id in locations.first { $0.id == id } }
            let prefix = String(korean.prefix(1 + Int(rng.next() % UInt64(korean.count))))
            return "\(parent?.name ?? "서울") \(composing(prefix, &rng))"
        case 5:
            return String(Array(location.fullName).prefix(2 + Int(rng.next() % 12)))
        case 6:
            // A whole name with (the start of) an administrative suffix.
            let suffix = HangulSearch.administrativeSuffixes[Int(rng.next() % 8)]
            return location.name + String(suffix.prefix(1 + Int(rng.next() % UInt64(suffix.count))))
        default:
            return String((0..<(1 + rng.next() % 4)).map { _ in randomCharacter(&rng) })
        }
    }

    /// `text` with its last syllable as a keyboard may show it while it is still being
    /// composed: without its final, with a simpler vowel, or with the next syllable's
    /// initial as its final.
    static func composing(_ text: String, _ rng: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        guard let last = scalars.last, (0xAC00...0xD7A3).contains(last.value) else { return text }
        let offset = last.value - 0xAC00
        let initial = offset / 588, medial = offset % 588 / 28
        let simpler: [UInt32: UInt32] = [9: 8, 10: 9, 11: 8, 14: 13, 15: 14, 16: 13, 19: 18]
        let composed: (UInt32, UInt32, UInt32)
        switch rng.next() % 4 {
        case 0: composed = (initial, medial, 0)
        case 1: composed = (initial, simpler[medial] ?? medial, 0)
        case 2: composed = (initial, medial, UInt32(rng.next() % 28))
        default: return text
        }
        scalars[scalars.count - 1] = Unicode.Scalar(0xAC00 + composed.0 * 588 + composed.1 * 28 + composed.2)!
        return String(String.UnicodeScalarView(scalars))
    }

    static func randomCharacter(_ rng: inout SplitMix64) -> Character {
        switch rng.next() % 4 {
        case 0: Character(HangulSearch.initialJamo[Int(rng.next() % 19)])
        case 1: Character(Unicode.Scalar(0xAC00 + UInt32(rng.next() % 11_172))!)
        case 2: Character(Unicode.Scalar(0x61 + UInt32(rng.next() % 26))!)
        default: Array("서울강남부산해운대제주 -")[Int(rng.next() % 13)]
        }
    }

    struct Catalog: LocationRepository {
        let locations: [Location]
        func allLocations() throws -> [Location] { locations }
        func location(_ id: LocationID) throws -> Location? { locations.first { $0.id == id } }
        func listingBounds(in id: LocationID) throws -> BoundingBox? { nil }
    }
}
