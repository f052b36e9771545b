import Foundation
import JSON
import TestSupport
import Testing

@Suite struct JSONWriterTests {
    func parse(_ writer: borrowing JSONWriter) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed])
    }

    @Test func nestedContainersGetCommasInTheRightPlaces() throws {
        var writer = JSONWriter()
        writer.object { w in
            w.field("a", 1)
            w.key("list")
            w.array { a in
                a.int(1)
                a.object { $0.field("x", "y") }
                a.array { _ in }
                a.null()
            }
            w.key("empty")
            w.object { _ in }
            w.field("b", true)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == #"{"a":1,"list":[1,{"x":"y"},[],null],"empty":{},"b":true}"#)
    }

    @Test func stringsAreEscapedSoTheOutputIsAlwaysValid() throws {
        let nasty = "quote \" backslash \\ newline \n tab \t cr \r bell \u{07} nul \u{00} 서울 ★ 😀"
        var writer = JSONWriter()
        writer.object { w in
            w.key(dynamic: nasty)
            w.string(nasty)
        }
        let parsed = try parse(writer)
        let object = try #require(parsed as? [String: String])
        #expect(object == [nasty: nasty])
        #expect(!writer.bytes.contains(0x0A))
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#"\u0007"#))
    }

    @Test func staticKeysAreCopiedAsTheyAre() throws {
        var writer = JSONWriter()
        writer.object { w in
            w.field("listingId", "1")
            w.key("ok")
            w.bool(false)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"listingId":"1","ok":false}"#)
    }

    @Test func integersAtTheEdges() throws {
        var writer = JSONWriter()
        writer.array { a in
            for value in [Int64.min, -100, -10, -1, 0, 7, 9, 10, 42, 99, 100, 9_007_199_254_740_993, Int64.max] {
                a.int(value)
            }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == "[-9223372036854775808,-100,-10,-1,0,7,9,10,42,99,100,9007199254740993,9223372036854775807]")
    }

    @Test func everyDigitCountAndSignMatchesTheStandardLibrary() throws {
        // Each power of ten and its neighbours (where the digit count changes), and a run of
        // values through the two-digit table's every entry in every position.
        var values: [Int64] = [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1]
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        values += (0..<20_000).map { Int64($0) * 37 + 95 }
        var writer = JSONWriter()
        writer.array { a in
            for value in values { a.int(value) }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + values.map { String($0) }.joined(separator: ",") + "]")
    }

    @Test func decimalsAreWrittenAsTheStandardLibraryWritesThem() throws {
        // Coordinates, ratings and prices with few decimals take a path of their own; every
        // other double falls back to `description`. Both must read back exactly.
        var generator = TestRandom(seed: 0x5EED)
        var values: [Double] = [0.001, 0.0015, -0.001, 0.1, 0.2, 0.3, 1.5, 4.92, -4.92, 37.5665, 126.978,
                                999_999_999.5, 123_456_789.123_456_78, 0.000_999, 1e9 + 0.5, 0.1 + 0.2,
                                Double.ulpOfOne, 1 / 3, -2 / 3, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for decimals in 1...10 {
            let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
            for _ in 0..<20_000 {
                let units = Double(Int64.random(in: -200 * Int64(scale)...200 * Int64(scale), using: &generator))
                values.append(units / scale)
            }
        }
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        values = values.filter(\.isFinite)
        var writer = JSONWriter()
        writer.array { a in
            for value in values { a.double(value) }
        }
        let written = String(decoding: writer.bytes, as: UTF8.self).dropFirst().dropLast().split(separator: ",")
        #expect(written.count == values.count)
        for (text, value) in zip(written, values) {
            #expect(Double(String(text)) == value, "\(text) does not read back as \(value)")
            let expected = value == Double(Int64(exactly: value) ?? 0) && abs(value) < 1e15
                ? String(Int64(value)) : value.description
            #expect(String(text) == expected)
        }
    }

    @Test func doublesAreShortestRoundTripAndNonFiniteIsNull() throws {
        var writer = JSONWriter()
        writer.array { a in
            for value in [4.92, 37.5665, -0.5, 3.0, 1e300, .nan, .infinity] { a.double(value) }
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[4.92,37.5665,-0.5,3,1e+300,null,null]")
    }

    @Test func optionalsBecomeNull() throws {
        var writer = JSONWriter()
        writer.object { w in
            w.field("s", nil as String?)
            w.field("i", nil as Int?)
            w.field("d", 2.5 as Double?)
            w.field("tags", strings: ["a", "b"])
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"s":null,"i":null,"d":2.5,"tags":["a","b"]}"#)
    }

    @Test func fragmentObjectsSitAmongOrdinaryValuesWithTheirCommas() throws {
        var writer = JSONWriter()
        writer.object { w in
            w.field("first", 1)
            w.key("days")
            w.array { a in
                for day in 1...2 {
                    a.beginObject()
                    a.fragment(#""day":"#); a.fragment(integer: day)
                    a.fragment(#","name":"#); a.fragment(string: day == 1 ? "say \"hi\"" : nil)
                    a.endObject()
                }
            }
            w.field("last", true)
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == #"{"first":1,"days":[{"day":1,"name":"say \"hi\""},{"day":2,"name":null}],"last":true}"#)
        _ = try parse(writer)
    }

    @Test func runsOfEveryLengthAreCopiedWhole() {
        // The copy takes a different path by length (word, two words, two 16-byte blocks, memmove).
        let text = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ".utf8)
        var writer = JSONWriter(capacity: 8)
        var expected: [UInt8] = []
        for length in 0...text.count {
            text.withUnsafeBytes { writer.fragment(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
            expected += text[0..<length]
        }
        #expect(writer.bytes == expected)
    }
}
