/// The initial consonants (초성) of Korean text, for prefix search by initials:
/// "강남구" -> "ㄱㄴㄱ". Characters that are not precomposed Hangul syllables are kept,
/// lowercased ("Seoul 역" -> "seoul ㅇ").
enum HangulInitials {
    // The 19 leading consonants in the order of the Unicode syllable formula, as
    // compatibility jamo (what a user types on a keyboard).
    private static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ",
        "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    static func of(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0xAC00...0xD7A3).contains(scalar.value) {
                // Syllable = 0xAC00 + (initial * 21 + medial) * 28 + final; 21 * 28 = 588.
                result.append(initials[Int((scalar.value - 0xAC00) / 588)])
            } else {
                result.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(result)
    }
}
