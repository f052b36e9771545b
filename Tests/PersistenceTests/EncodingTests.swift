import Testing
@testable import Persistence

@Suite struct EncodingTests {
    @Test func stringArraysRoundTrip() throws {
        let samples: [[String]] = [
            [], [""], ["a", "b"], ["\"quoted\" \\ slash /"], ["line\nbreak\ttab\r\u{01}\u{1F}"],
            ["한국어", "🏠 emoji", "e\u{301}"],
        ]
        for sample in samples {
            #expect(try JSONStringArray.decode(JSONStringArray.encode(sample)) == sample)
        }
        #expect(JSONStringArray.encode(["a\"b", "\u{01}"]) == #"["a\"b","\u0001"]"#)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONStringArray.decode(#" [ "\u00e9\u0041" , "\ud83c\udfe0", "\/\b\f" ] "#) == ["éA", "🏠", "/\u{08}\u{0C}"])
        // Lone surrogates become U+FFFD instead of failing.
        #expect(try JSONStringArray.decode(#"["\ud83c", "\udfe0x"]"#) == ["\u{FFFD}", "\u{FFFD}x"])
    }

    @Test func refusesAnythingButAnArrayOfStrings() {
        for bad in ["", "[", "[1]", #"["a",]"#, #"["a""b"]"#, #"["\x"]"#, #"["\u12"]"#, "[\"a\nb\"]", #"["a"] x"#, "{}"] {
            #expect(throws: JSONStringArray.SyntaxError.self, "\(bad)") { try JSONStringArray.decode(bad) }
        }
    }
}
