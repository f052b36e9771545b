/// The language of a review's text where it can be told from the text alone: Korean when it
/// has Hangul, English when its letters are all Latin (ASCII), unknown otherwise (other
/// scripts, or no letters at all). Good enough to label Stays' two languages; it does not
/// pretend to recognise others.
public enum ReviewLanguage {
    public static func detect(_ text: String) -> Language? {
        var latinLetters = 0
        for scalar in text.unicodeScalars {
            if Self.isHangul(scalar) { return .ko }
            if scalar.properties.isAlphabetic {
                guard scalar.isASCII else { return nil }
                latinLetters += 1
            }
        }
        return latinLetters > 0 ? .en : nil
    }

    /// Hangul syllables, jamo and compatibility jamo.
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: true
        default: false
        }
    }
}
