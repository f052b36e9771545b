import Foundation

/// How well a query matches a name. Higher is better: exact > prefix > contains.
public enum MatchRank: Int, Comparable, CaseIterable, Hashable, Sendable {
    case contains = 0, prefix = 1, exact = 2
    public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Korean-aware matching of place names for autocomplete.
///
/// Texts are compared without spaces and hyphens, Latin letters case-insensitively
/// (`Myeong-dong`, `myeong dong` and `MYEONGDONG` are the same text). Query characters
/// match name characters as follows:
/// - a full syllable matches the same syllable (`강` matches `강`);
/// - a lone initial consonant (초성, compatibility jamo `ㄱ`...`ㅎ`) matches any syllable
///   starting with it (`ㅅㅇ` matches `서울`, `강ㄴ` matches `강남구`).
///
/// The query's last syllable is what a Korean keyboard shows while the syllable is still
/// being composed, so it also matches, as a *composing* match (`Match.isLiteral == false`):
/// - the same syllable with a final consonant still to come, or a single final grown into a
///   double one (`서` matches `성`, `달` matches `닭`);
/// - before any final, the same syllable with its vowel grown into a compound one by a
///   second vowel (`고` matches `과`, `괘` and `괴`, `우` matches `원`, `그` matches `긔`);
/// - the syllable without its final consonant (or without the second half of a double
///   final), followed by a syllable starting with that consonant: typing the next vowel
///   moves the final onto the next syllable (`성` matches `서울`, `행` matches `해운대`,
///   `닭` matches `달가`).
///
/// Ranks: `exact` when the matched characters are the whole name, `prefix` when they start
/// it, `contains` elsewhere. Pure functions; thread-safe.
public enum HangulSearch {
    private static let syllableBase: UInt32 = 0xAC00
    private static let syllableLast: UInt32 = 0xD7A3
    /// The 19 initial consonants as compatibility jamo, in syllable-block order.
    static let initialJamo: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Endings of official names that people type or leave out: `서울특별시`, `서울시`,
    /// `부산광역시`, `제주도`, `강남구`. Longest first.
    public static let administrativeSuffixes = ["특별자치시", "특별자치도", "특별시", "광역시", "시", "도", "군", "구"]
    /// `administrativeSuffixes` as scalars, made once rather than per query.
    private static let administrativeSuffixScalars = administrativeSuffixes.map { Array($0.unicodeScalars) }

    /// The 초성 of every Hangul syllable in `text`; other characters are kept as they are,
    /// spaces included: `강남구` -> `ㄱㄴㄱ`, `서울 Seoul` -> `ㅅㅇ Seoul`.
    public static func initials(of text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let index = initialIndex(of: scalar) {
                scalars.append(initialJamo[index])
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// How a query matched a name. Ordered: any literal match is better than any composing
    /// one; then by rank.
    public struct Match: Comparable, Hashable, Sendable {
        public var rank: MatchRank
        /// False when the match needed the query's last syllable to be read as still being
        /// composed (`성` for `서울`, `서` for `성수동`).
        public var isLiteral: Bool
        public init(rank: MatchRank, isLiteral: Bool) {
            self.rank = rank
            self.isLiteral = isLiteral
        }
        public static func < (lhs: Match, rhs: Match) -> Bool {
            lhs.isLiteral != rhs.isLiteral ? !lhs.isLiteral : lhs.rank < rhs.rank
        }
    }

    /// The rank of the best match (see `bestMatch`) of `query` against the Korean or the
    /// English name, or nil when it matches neither (or is empty after normalizing).
    public static func match(query: String, name: String, nameEnglish: String) -> MatchRank? {
        match(query: Key(query), name: Key(name), nameEnglish: Key(nameEnglish))
    }

    /// `match(query:name:nameEnglish:)` on prepared keys.
    public static func match(query: Key, name: Key, nameEnglish: Key) -> MatchRank? {
        better(bestMatch(query, in: name), bestMatch(query, in: nameEnglish))?.rank
    }

    /// The better of two optional matches (nil is worst).
    public static func better(_ a: Match?, _ b: Match?) -> Match? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    /// A text prepared for matching (lowercased; spaces and hyphens removed). Preparing the
    /// names of a list once makes matching a query against all of them cheap.
    public struct Key: Hashable, Sendable {
        fileprivate let scalars: [Unicode.Scalar]
        /// Whether the text has ASCII characters, and others: a character only ever matches
        /// one of its own kind, so `bestMatch` skips a name that lacks a kind the query has
        /// (a Korean query never scans an English name, nor a Latin one a Korean name).
        fileprivate let hasASCII: Bool
        fileprivate let hasNonASCII: Bool
        /// `Signature.presence` of the text: what a query needs of it, as a name, to match.
        let presence: UInt64
        /// `Signature.requirement` of the text: what a name needs for it, as a query, to match.
        let requirement: UInt64
        public init(_ text: String) { self.init(scalars: HangulSearch.normalized(text)) }
        fileprivate init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            hasASCII = scalars.contains { $0.isASCII }
            hasNonASCII = scalars.contains { !$0.isASCII }
            presence = Signature.presence(of: scalars)
            requirement = Signature.requirement(of: scalars)
        }
        public var isEmpty: Bool { scalars.isEmpty }
        /// The number of characters compared (spaces and hyphens removed).
        var count: Int { scalars.count }
    }

    /// The best match of `query` in `name`, or nil (also for an empty query).
    public static func bestMatch(_ query: Key, in name: Key) -> Match? {
        bestMatch(query, in: name, skippingStarts: false)
    }

    /// `bestMatch`, faster: a start position is tried only when its character may begin a
    /// match (the query's first character itself, or a syllable with that character's
    /// initial), which every match begins with. Same result; property-tested against
    /// `bestMatch`. What autocomplete calls, for every name the signature gate lets through.
    static func quickBestMatch(_ query: Key, in name: Key) -> Match? {
        bestMatch(query, in: name, skippingStarts: true)
    }

    @inline(__always)
    private static func bestMatch(_ query: Key, in name: Key, skippingStarts: Bool) -> Match? {
        let needle = query.scalars, haystack = name.scalars
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        // ASCII matches only the same ASCII; a syllable or jamo only a syllable (below).
        guard name.hasASCII || !query.hasASCII, name.hasNonASCII || !query.hasNonASCII else { return nil }
        let first = needle[0]
        // `matchAt` compares the first character by `sameOrInitial`, or, for a query of one
        // character, also as a syllable being composed, which keeps its initial.
        let firstInitial = skippingStarts ? initialIndex(of: first) ?? initialJamoIndex(of: first) ?? -1 : -1
        var composing: MatchRank?
        for start in 0...(haystack.count - needle.count) {
            if skippingStarts, haystack[start] != first, firstInitial < 0 || initialIndex(of: haystack[start]) != firstInitial {
                continue
            }
            switch matchAt(needle, haystack, start) {
            case .literal: return Match(rank: rank(start: start, end: start + needle.count, of: haystack.count), isLiteral: true)
            case .composing(let end):
                // Keep looking: a literal match further on is better.
                composing = max(composing ?? .contains, rank(start: start, end: end, of: haystack.count))
            case nil: continue
            }
        }
        return composing.map { Match(rank: $0, isLiteral: false) }
    }

    /// The query without a trailing administrative suffix or the start of one (`서울시`,
    /// `서울특별`, `부산광역시` -> `서울`, `서울`, `부산`); the query itself is not included.
    /// A stem equal to a place's name finds the place.
    public static func stems(of query: Key) -> [Key] {
        var stems: [Key] = []
        let scalars = query.scalars
        for suffixScalars in administrativeSuffixScalars {
            for length in 1...suffixScalars.count where length < scalars.count {
                guard scalars.suffix(length).elementsEqual(suffixScalars.prefix(length)) else { continue }
                let stem = Key(scalars: Array(scalars.dropLast(length)))
                if !stems.contains(stem) { stems.append(stem) }
            }
        }
        return stems
    }

    /// Whether `key` is exactly `other` (both prepared the same way).
    public static func equal(_ key: Key, _ other: Key) -> Bool { key.scalars == other.scalars }

    // MARK: - Internals

    /// What every text goes through before it is compared, query and name alike:
    /// - NFC: a syllable typed as conjoining jamo (U+1100 ᄉ + U+1165 ᅥ, as some keyboards
    ///   and macOS file names send it) is the precomposed syllable (서); a lone conjoining
    ///   initial is the compatibility jamo a keyboard shows (ᄉ -> ㅅ);
    /// - full-width Latin letters and digits are ASCII (`Ｓｅｏｕｌ` -> `seoul`);
    /// - zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen) are dropped;
    /// - lowercased; spaces and hyphens dropped.
    ///
    /// Text made only of ASCII, precomposed syllables and compatibility jamo (what Korean
    /// keyboards send; nearly every query) is already NFC and has nothing to map, so it skips
    /// both: the NFC pass alone was ~5k instructions of an autocomplete request.
    static func normalized(_ text: String) -> [Unicode.Scalar] {
        if text.unicodeScalars.allSatisfy(isNormalizedAlready) {
            return text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && !isHyphen($0) }
        }
        return normalizedByMapping(text)
    }

    /// Whether NFC and the mapping below leave `scalar` as it is: ASCII, a precomposed
    /// syllable (U+AC00-U+D7A3), a compatibility jamo (U+3131-U+318E).
    private static func isNormalizedAlready(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 || (0xAC00...0xD7A3).contains(scalar.value) || (0x3131...0x318E).contains(scalar.value)
    }

    /// `normalized` for any text: NFC, then the mapping of zero-width, full-width and
    /// conjoining-initial scalars.
    static func normalizedByMapping(_ text: String) -> [Unicode.Scalar] {
        var mapped = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x180E:
                continue
            case 0xFF01...0xFF5E:
                mapped.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            case 0x1100...0x1112:
                mapped.append(initialJamo[Int(scalar.value - 0x1100)])
            default:
                mapped.append(scalar)
            }
        }
        return String(mapped).lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && !isHyphen($0) }
    }

    private static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212: true   // - ‐ ‑ ‒ – — −
        default: false
        }
    }

    private static func rank(start: Int, end: Int, of count: Int) -> MatchRank {
        start > 0 ? .contains : end == count ? .exact : .prefix
    }

    /// `initialJamo.firstIndex(of:)`, without searching an array for every character
    /// compared (autocomplete compares a query with every place name per keystroke).
    static func initialJamoIndex(of scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x3131: 0   // ㄱ
        case 0x3132: 1   // ㄲ
        case 0x3134: 2   // ㄴ
        case 0x3137: 3   // ㄷ
        case 0x3138: 4   // ㄸ
        case 0x3139: 5   // ㄹ
        case 0x3141: 6   // ㅁ
        case 0x3142: 7   // ㅂ
        case 0x3143: 8   // ㅃ
        case 0x3145: 9   // ㅅ
        case 0x3146: 10  // ㅆ
        case 0x3147: 11  // ㅇ
        case 0x3148: 12  // ㅈ
        case 0x3149: 13  // ㅉ
        case 0x314A: 14  // ㅊ
        case 0x314B: 15  // ㅋ
        case 0x314C: 16  // ㅌ
        case 0x314D: 17  // ㅍ
        case 0x314E: 18  // ㅎ
        default: nil
        }
    }

    static func initialIndex(of scalar: Unicode.Scalar) -> Int? {
        guard (syllableBase...syllableLast).contains(scalar.value) else { return nil }
        return Int((scalar.value - syllableBase) / 588)
    }

    /// A syllable's (initial, medial, final) indices; final 0 is none, 1...27 in block order.
    private static func decompose(_ scalar: Unicode.Scalar) -> (initial: Int, medial: Int, final: Int)? {
        guard (syllableBase...syllableLast).contains(scalar.value) else { return nil }
        let offset = Int(scalar.value - syllableBase)
        return (offset / 588, offset % 588 / 28, offset % 28)
    }

    /// What typing a vowel after a syllable with final `final` leaves: the final kept on the
    /// syllable and the initial that moves to the next one. A single final moves whole
    /// (`성` + ㅜ -> `서우`); a double final, which is no initial, keeps its first half
    /// (`닭` + ㅏ -> `달가`, `값` + ㅣ -> `갑시`).
    private static let finalSplit: [(kept: Int, movedInitial: Int)] = [
        (0, -1),                                  // 0 none
        (0, 0), (0, 1), (1, 9),                   // ㄱ ㄲ ㄳ
        (0, 2), (4, 12), (4, 18),                 // ㄴ ㄵ ㄶ
        (0, 3),                                   // ㄷ
        (0, 5), (8, 0), (8, 6), (8, 7), (8, 9), (8, 16), (8, 17), (8, 18),   // ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ
        (0, 6),                                   // ㅁ
        (0, 7), (17, 9),                          // ㅂ ㅄ
        (0, 9), (0, 10), (0, 11), (0, 12), (0, 14), (0, 15), (0, 16), (0, 17), (0, 18),   // ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ
    ]

    /// The vowels (medial indices) a vowel grows into when a second one is typed after it on
    /// a 2-beolsik keyboard: ㅗ -> ㅘ ㅙ ㅚ, ㅘ -> ㅙ, ㅜ -> ㅝ ㅞ ㅟ, ㅝ -> ㅞ, ㅡ -> ㅢ.
    private static let compoundVowels: [Set<Int>] = {
        var table = [Set<Int>](repeating: [], count: 21)
        table[8] = [9, 10, 11]     // ㅗ
        table[9] = [10]            // ㅘ + ㅣ
        table[13] = [14, 15, 16]   // ㅜ
        table[14] = [15]           // ㅝ + ㅣ
        table[18] = [19]           // ㅡ
        return table
    }()

    private enum PositionMatch { case literal, composing(end: Int) }

    private static func matchAt(_ needle: [Unicode.Scalar], _ haystack: [Unicode.Scalar], _ start: Int) -> PositionMatch? {
        let last = needle.count - 1
        for offset in 0..<last where !sameOrInitial(needle[offset], haystack[start + offset]) { return nil }
        let typed = needle[last], position = start + last
        if sameOrInitial(typed, haystack[position]) { return .literal }
        guard let t = decompose(typed), let n = decompose(haystack[position]), t.initial == n.initial else { return nil }
        // Still to gain a second vowel (고 -> 과, 괘, 괴): only before any final is typed.
        if t.medial != n.medial {
            return t.final == 0 && compoundVowels[t.medial].contains(n.medial) ? .composing(end: position + 1) : nil
        }
        // Still to gain a final, or to grow its single final into a double one (달 -> 닭).
        if t.final == 0 || (n.final != t.final && finalSplit[n.final].kept == t.final) {
            return .composing(end: position + 1)
        }
        // The final is the next syllable's initial once a vowel is typed.
        let split = finalSplit[t.final]
        if split.movedInitial >= 0, n.final == split.kept, position + 1 < haystack.count,
           initialIndex(of: haystack[position + 1]) == split.movedInitial {
            return .composing(end: position + 2)
        }
        return nil
    }

    private static func sameOrInitial(_ q: Unicode.Scalar, _ n: Unicode.Scalar) -> Bool {
        if q == n { return true }
        if let jamo = initialJamoIndex(of: q), initialIndex(of: n) == jamo { return true }
        return false
    }
}
