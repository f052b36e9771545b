/// How well a query matches a name. Higher is better: exact > prefix > contains.
public enum MatchRank: Int, Comparable, CaseIterable, Hashable, Sendable {
    case contains = 0, prefix = 1, exact = 2
    public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Korean-aware matching of place names for autocomplete.
///
/// Query characters match name characters as follows (spaces are ignored on both sides,
/// Latin letters case-insensitively):
/// - a full syllable matches only the same syllable (`강` matches `강`);
/// - a lone initial consonant (초성, compatibility jamo `ㄱ`...`ㅎ`) matches any syllable
///   starting with it (`ㅅㅇ` matches `서울`, `강ㄴ` matches `강남구`);
/// - the query's last syllable, when it has no final consonant, also matches a syllable
///   with the same initial and vowel, since the user may still be typing (`강나` matches
///   `강남구`).
/// Ranks: `exact` when the query covers the whole name, `prefix` when it matches at the
/// start, `contains` elsewhere. Pure functions; thread-safe.
public enum HangulSearch {
    private static let syllableBase: UInt32 = 0xAC00
    private static let syllableLast: UInt32 = 0xD7A3
    /// The 19 initial consonants as compatibility jamo, in syllable-block order.
    static let initialJamo: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

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

    /// The best rank of `query` against the Korean and the English name, or nil when it
    /// matches neither (or is empty after removing spaces).
    public static func match(query: String, name: String, nameEnglish: String) -> MatchRank? {
        match(query: Key(query), name: Key(name), nameEnglish: Key(nameEnglish))
    }

    /// A text prepared for matching (lowercased, spaces removed). Preparing the names of a
    /// list once makes matching a query against all of them cheap.
    public struct Key: Hashable, Sendable {
        fileprivate let scalars: [Unicode.Scalar]
        public init(_ text: String) { scalars = HangulSearch.normalized(text) }
        public var isEmpty: Bool { scalars.isEmpty }
    }

    /// `match(query:name:nameEnglish:)` on prepared keys.
    public static func match(query: Key, name: Key, nameEnglish: Key) -> MatchRank? {
        let needle = query.scalars
        guard !needle.isEmpty else { return nil }
        let korean = rank(needle, in: name.scalars)
        let english = rank(needle, in: nameEnglish.scalars)
        switch (korean, english) {
        case (let a?, let b?): return max(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }

    // MARK: - Internals

    fileprivate static func normalized(_ text: String) -> [Unicode.Scalar] {
        text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }
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

    private static func initialIndex(of scalar: Unicode.Scalar) -> Int? {
        guard (syllableBase...syllableLast).contains(scalar.value) else { return nil }
        return Int((scalar.value - syllableBase) / 588)
    }

    private static func rank(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> MatchRank? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where matches(needle, haystack, at: start) {
            if start == 0 { return needle.count == haystack.count ? .exact : .prefix }
            return .contains
        }
        return nil
    }

    private static func matches(_ needle: [Unicode.Scalar], _ haystack: [Unicode.Scalar], at start: Int) -> Bool {
        for (offset, q) in needle.enumerated() {
            let n = haystack[start + offset]
            if q == n { continue }
            if let jamo = initialJamoIndex(of: q), initialIndex(of: n) == jamo { continue }
            if offset == needle.count - 1, isPrefixSyllable(q, of: n) { continue }
            return false
        }
        return true
    }

    /// `나` is how `남` looks before its final consonant is typed.
    private static func isPrefixSyllable(_ typed: Unicode.Scalar, of full: Unicode.Scalar) -> Bool {
        guard initialIndex(of: typed) != nil, initialIndex(of: full) != nil else { return false }
        let t = typed.value - syllableBase
        let f = full.value - syllableBase
        return t % 28 == 0 && t / 28 == f / 28
    }
}
