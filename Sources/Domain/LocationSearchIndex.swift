/// The search keys of a location list, index for index: each location's names, full name
/// and ancestors, prepared once so that matching a query costs only comparisons.
///
/// Immutable, hence thread-safe. See `LocationService.autocomplete` for the rules.
struct LocationSearchIndex: Sendable {
    /// A class, not a struct: matching reads an entry per location per keystroke, and
    /// reading a struct of seven arrays copied it (a retain and release of each).
    final class Entry: Sendable {
        let name: HangulSearch.Key
        let english: HangulSearch.Key
        /// `Location.aliases`, matched as the Korean name is.
        let aliases: [HangulSearch.Key]
        let fullName: HangulSearch.Key
        let fullNameEnglish: HangulSearch.Key
        /// Positions of the parent, grandparent, ... (a cycle in bad data stops the walk).
        let ancestors: [Int]

        init(name: HangulSearch.Key, english: HangulSearch.Key, aliases: [HangulSearch.Key], fullName: HangulSearch.Key,
             fullNameEnglish: HangulSearch.Key, ancestors: [Int]) {
            self.name = name
            self.english = english
            self.aliases = aliases
            self.fullName = fullName
            self.fullNameEnglish = fullNameEnglish
            self.ancestors = ancestors
        }
    }

    /// A query prepared once per request.
    struct Query {
        /// The whole query, spaces and hyphens removed.
        let whole: HangulSearch.Key
        /// `whole` less an administrative suffix (`HangulSearch.stems`).
        let stems: [HangulSearch.Key]
        /// For a query of several words, the last word and its stems.
        let lastWord: (key: HangulSearch.Key, stems: [HangulSearch.Key])?
        /// For a query of several words, every word but the last, each with its stems.
        let parentWords: [(key: HangulSearch.Key, stems: [HangulSearch.Key])]
        /// The signature bits every location this query can match by a name has
        /// (`Gate.admits`): those required by the whole query, by the last word and by any of
        /// their stems, ANDed, since a match by any one of them is enough.
        let requirement: UInt64

        init(_ text: String) {
            whole = HangulSearch.Key(text)
            stems = HangulSearch.stems(of: whole)
            // Most queries are one word: no whitespace scalar, no whitespace `Character`, so
            // no words to prepare a second time.
            let hasSpace = text.unicodeScalars.contains { $0.properties.isWhitespace }
            let words = hasSpace
                ? text.split(whereSeparator: { $0.isWhitespace }).map { HangulSearch.Key(String($0)) }.filter { !$0.isEmpty }
                : []
            if words.count > 1 {
                lastWord = (words[words.count - 1], HangulSearch.stems(of: words[words.count - 1]))
                parentWords = words.dropLast().map { ($0, HangulSearch.stems(of: $0)) }
            } else {
                lastWord = nil
                parentWords = []
            }
            var bits = stems.reduce(whole.requirement) { $0 & $1.requirement }
            if let lastWord { bits &= lastWord.stems.reduce(lastWord.key.requirement) { $0 & $1.requirement } }
            requirement = bits
        }

        var isEmpty: Bool { whole.isEmpty }
    }

    /// What rejects most locations for a query before any character is compared: the
    /// signature of every name the query is matched against (Korean, English, aliases), and
    /// the lengths of the full names it may equal. 16 bytes, kept apart from the entries so
    /// the scan of a few hundred locations reads a few kilobytes.
    struct Gate: Sendable {
        let presence: UInt64
        let fullNameLength: UInt32
        let fullNameEnglishLength: UInt32

        init(_ entry: Entry) {
            presence = entry.aliases.reduce(entry.name.presence | entry.english.presence) { $0 | $1.presence }
            fullNameLength = UInt32(clamping: entry.fullName.count)
            fullNameEnglishLength = UInt32(clamping: entry.fullNameEnglish.count)
        }

        /// False only when `LocationSearchIndex.fullMatch` is nil for the query: no name has
        /// all the characters the query needs (`HangulSearch.Signature`), and the query is
        /// not as long as either full name.
        func admits(_ query: Query) -> Bool {
            presence & query.requirement == query.requirement
                || query.whole.count == Int(fullNameLength) || query.whole.count == Int(fullNameEnglishLength)
        }
    }

    let entries: [Entry]
    let gates: [Gate]

    init(_ locations: [Location], positions: [LocationID: Int]) {
        entries = locations.map { location in
            var ancestors: [Int] = []
            var parent = location.parentID
            while let id = parent, let position = positions[id], !ancestors.contains(position), ancestors.count < 16 {
                ancestors.append(position)
                parent = locations[position].parentID
            }
            return Entry(name: HangulSearch.Key(location.name), english: HangulSearch.Key(location.nameEnglish),
                         aliases: location.aliases.map { HangulSearch.Key($0) },
                         fullName: HangulSearch.Key(location.fullName),
                         fullNameEnglish: HangulSearch.Key(location.fullNameEnglish), ancestors: ancestors)
        }
        gates = entries.map(Gate.init)
    }

    /// How `query` matches the location at `index`, or nil: `fullMatch`, after the gate.
    func match(_ query: Query, at index: Int) -> HangulSearch.Match? {
        guard gates[index].admits(query) else { return nil }
        return fullMatch(query, at: index)
    }

    /// How `query` matches the location at `index`, or nil, by the rules alone (no gate):
    /// the reference `match` is checked against.
    func fullMatch(_ query: Query, at index: Int) -> HangulSearch.Match? {
        let entry = entries[index]
        var best = nameMatch(query.whole, stems: query.stems, entry)
        if HangulSearch.equal(query.whole, entry.fullName) || HangulSearch.equal(query.whole, entry.fullNameEnglish) {
            best = HangulSearch.Match(rank: .exact, isLiteral: true)
        }
        if let last = query.lastWord, !entry.ancestors.isEmpty, let lastMatch = nameMatch(last.key, stems: last.stems, entry),
           best.map({ $0 < lastMatch }) ?? true,
           query.parentWords.allSatisfy({ word in entry.ancestors.contains { namesAncestor(word, entries[$0]) } }) {
            best = lastMatch
        }
        return best
    }

    /// The match of `key` in the entry's names, or of one of its stems as the whole name.
    private func nameMatch(_ key: HangulSearch.Key, stems: [HangulSearch.Key], _ entry: Entry) -> HangulSearch.Match? {
        var match = HangulSearch.better(HangulSearch.quickBestMatch(key, in: entry.name),
                                        HangulSearch.quickBestMatch(key, in: entry.english))
        for alias in entry.aliases { match = HangulSearch.better(match, HangulSearch.quickBestMatch(key, in: alias)) }
        if match.map({ $0.isLiteral && $0.rank >= .prefix }) ?? false { return match }
        // `서울시` is 서울 with the suffix it is usually left without: short of exact, since
        // the query says more than the name (`제주시` finds the district 제주시 first).
        if stems.contains(where: { HangulSearch.equal($0, entry.name) }) {
            return HangulSearch.Match(rank: .prefix, isLiteral: true)
        }
        return match
    }

    /// Whether a word is the start of the ancestor's Korean or English name, or the name
    /// with (the start of) an administrative suffix, or its full name.
    private func namesAncestor(_ word: (key: HangulSearch.Key, stems: [HangulSearch.Key]), _ ancestor: Entry) -> Bool {
        if let match = nameMatch(word.key, stems: word.stems, ancestor), match.isLiteral, match.rank >= .prefix { return true }
        return HangulSearch.equal(word.key, ancestor.fullName) || HangulSearch.equal(word.key, ancestor.fullNameEnglish)
    }
}
