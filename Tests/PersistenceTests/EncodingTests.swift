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

    /// The reservation's amount lists read back exactly what was written, and any text the
    /// writer could not have made reads as corrupt (nil), as `Int64(_:)` would judge each number.
    @Test func amountListsRoundTripAndRefuseMalformedText() {
        let integers: [[Int64]] = [[], [0], [120_000, 95_000], [-5, .max, .min]]
        for sample in integers {
            #expect(ReservationRecord.decodeIntegers(ReservationRecord.encode(sample)) == sample)
        }
        let pairs: [[(String, Int64)]] = [[], [("accommodation", 300_000), ("service_fee", 42_000)], [("", -1)],
                                          [("discount", .min), ("한국어", .max)]]
        for sample in pairs {
            let decoded = ReservationRecord.decodePairs(ReservationRecord.encode(sample))
            #expect(decoded?.map(\.0) == sample.map(\.0) && decoded?.map(\.1) == sample.map(\.1), "\(sample)")
        }
        for bad in [",", "1,", ",1", "1,,2", "a", "-", "+", " 1", "1 ", "1.5", "0x10", "9223372036854775808",
                    "-9223372036854775809", "99999999999999999999"] {
            #expect(ReservationRecord.decodeIntegers(bad) == nil, "\(bad)")
            #expect(Int64(bad) == nil || bad.contains(","), "\(bad): Int64 reads it, so should the decoder")
        }
        #expect(ReservationRecord.decodeIntegers("+7,-0,007") == [7, 0, 7])
        for bad in ["a", "a:", "a:1:2", "a:1,", "a:b", ":", "a:1,b", "a: 1"] {
            #expect(ReservationRecord.decodePairs(bad) == nil, "\(bad)")
        }
    }
}
