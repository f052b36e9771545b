extension HangulSearch {
    /// A text's characters summarised in 64 bits, so that autocomplete rejects most names
    /// for a query with one `AND` instead of comparing characters.
    ///
    /// Bits 0...18: the initial consonants (초성) of the text's syllables, and the
    /// compatibility jamo `ㄱ`...`ㅎ` it has itself; bits 19...44: the ASCII letters `a`...`z`;
    /// bits 45...63: every other character (syllables included), by its scalar value mod 19.
    /// Texts are prepared (`Key`), so Latin letters are lowercase.
    ///
    /// The promise `LocationSearchIndex` relies on: when `bestMatch(query, in: name)` is not
    /// nil, `name.signature` has every bit of `query.requirement` (checked by property tests
    /// against `bestMatch`). The converse does not hold: passing only means "compare".
    enum Signature {
        /// The bits of the characters in `scalars`.
        static func presence(of scalars: [Unicode.Scalar]) -> UInt64 {
            var bits: UInt64 = 0
            for scalar in scalars { bits |= literalBits(scalar) }
            return bits
        }

        /// The bits a name must have for a query of these characters to match in it. Every
        /// character but the last must be in the name as it is (a syllable, a letter) or, for a
        /// lone initial, as the initial of a syllable (or that jamo itself). The last one, a
        /// syllable still being composed, may match another syllable with the same initial
        /// (`성` matches `서`), so only its initial is required.
        static func requirement(of scalars: [Unicode.Scalar]) -> UInt64 {
            guard let last = scalars.last else { return 0 }
            var bits: UInt64 = 0
            for scalar in scalars.dropLast() { bits |= literalBits(scalar) }
            if let initial = HangulSearch.initialIndex(of: last) {
                bits |= 1 << UInt64(initial)
            } else {
                bits |= literalBits(last)
            }
            return bits
        }

        /// A character's bits: a syllable sets its initial's bit and its own; a lone initial
        /// its initial's bit (it matches syllables with that initial, and itself).
        private static func literalBits(_ scalar: Unicode.Scalar) -> UInt64 {
            if let initial = HangulSearch.initialIndex(of: scalar) {
                return 1 << UInt64(initial) | otherBit(scalar)
            }
            if let jamo = HangulSearch.initialJamoIndex(of: scalar) { return 1 << UInt64(jamo) }
            if (0x61...0x7A).contains(scalar.value) { return 1 << UInt64(19 + scalar.value - 0x61) }
            return otherBit(scalar)
        }

        private static func otherBit(_ scalar: Unicode.Scalar) -> UInt64 {
            1 << UInt64(45 + scalar.value % 19)
        }
    }
}
