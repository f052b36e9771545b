import Foundation
import JSON
import TestSupport
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        try JSONParser(limits: limits).parse(Array(text.utf8))
    }

    func parse(bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        try JSONParser(limits: limits).parse(bytes)
    }

    /// The error parsing `bytes` gives, or nil when it parses.
    func failure(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> JSONParseError? {
        do {
            _ = try JSONParser(limits: limits).parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String, limits: JSONLimits = JSONLimits()) -> JSONParseError? {
        failure(Array(text.utf8), limits: limits)
    }

    // MARK: accepted

    @Test func scalarsAndContainers() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("\t\r\nfalse\n") == .bool(false))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object(try objectOf("{}")))
        let value = try parse(#"{"b":[1,"x",null,{"c":true}],"a":{}}"#)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["b", "a"])   // input order, not sorted
        guard case .array(let elements) = object["b"] else { Issue.record("b is not an array"); return }
        #expect(elements.count == 4)
        #expect(elements[1] == .string("x"))
        #expect(elements[2] == .null)
        #expect(object["missing"] == nil)
    }

    func objectOf(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try parse(text) else { throw ClientError(description: "not an object") }
        return object
    }

    func number(_ text: String) throws -> JSONNumber {
        guard case .number(let number) = try parse(text) else { throw ClientError(description: "not a number") }
        return number
    }

    @Test func numbersKeepTheirLiteralAndConvertOnlyWhenExact() throws {
        let big = try number("123456789012345678")
        #expect(big.literal == "123456789012345678")
        #expect(big.int64 == 123_456_789_012_345_678)
        #expect(try number("-0").int64 == 0)
        #expect(try number("9223372036854775807").int64 == Int64.max)
        #expect(try number("-9223372036854775808").int64 == Int64.min)
        #expect(try number("9223372036854775808").int64 == nil)    // out of range, not clamped
        #expect(try number("-9223372036854775809").int64 == nil)
        #expect(try number("2.0").int64 == nil)                    // a fraction is not an integer
        #expect(try number("2e0").int64 == nil)
        #expect(try number("2.0").double == 2)
        #expect(try number("-12.5E-1").double == -1.25)
        #expect(try number("0.1").double == 0.1)
        #expect(try number("1e400").double == nil)                 // beyond Double
        #expect(try number("1e-400").double == 0)
        #expect(try number("1E+2").literal == "1E+2")
        #expect(try number("1E+2").isIntegerLiteral == false)
    }

    @Test func escapesAndUnicode() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u0041\u00e9\u20AC\ud83d\ude00""#) == .string("Aé€😀"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))       // escaped NUL is fine
        #expect(try parse("\"서울 ★ 😀\"") == .string("서울 ★ 😀"))
        // The largest scalar, raw and escaped.
        #expect(try parse(bytes: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]) == .string("\u{10FFFF}"))
        #expect(try parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        #expect(try parse("\"\u{7F}\"") == .string("\u{7F}"))       // DEL is not a control character in JSON
    }

    // MARK: refused

    @Test(arguments: [
        ("", JSONParseError.Reason.unexpectedEnd, 0),
        ("   ", .unexpectedEnd, 3),
        ("nul", .unexpectedEnd, 3),
        ("nulL", .unexpectedByte(UInt8(ascii: "L")), 3),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]")), 3),
        ("[1 2]", .unexpectedByte(UInt8(ascii: "2")), 3),
        ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1")), 5),
        ("{\"a\":1,}", .unexpectedByte(UInt8(ascii: "}")), 7),
        ("{a:1}", .unexpectedByte(UInt8(ascii: "a")), 1),
        ("{'a':1}", .unexpectedByte(UInt8(ascii: "'")), 1),
        ("[1}", .unexpectedByte(UInt8(ascii: "}")), 2),
        ("{}x", .trailingData, 2),
        ("1 2", .trailingData, 2),
        ("\"a\"\"b\"", .trailingData, 3),
        ("01", .leadingZero, 1),
        ("-01", .leadingZero, 2),
        ("00.5", .leadingZero, 1),
        ("+1", .unexpectedByte(UInt8(ascii: "+")), 0),
        ("-", .unexpectedEnd, 1),
        ("-x", .invalidNumber, 1),
        ("1.", .unexpectedEnd, 2),
        ("1.e3", .invalidNumber, 2),
        (".5", .unexpectedByte(UInt8(ascii: ".")), 0),
        ("1e", .unexpectedEnd, 2),
        ("1e+", .unexpectedEnd, 3),
        ("1ex", .invalidNumber, 2),
        ("NaN", .nonFiniteNumber, 0),
        ("Infinity", .nonFiniteNumber, 0),
        ("-Infinity", .nonFiniteNumber, 0),
        ("[NaN]", .nonFiniteNumber, 1),
        ("Nope", .unexpectedByte(UInt8(ascii: "N")), 0),
        ("\"\\x\"", .invalidEscape, 2),
        ("\"\\u12G4\"", .invalidEscape, 5),
        ("\"\\u12\"", .invalidEscape, 5),
        ("\"\\ud83d\"", .loneSurrogate, 7),
        ("\"\\ud83dx\"", .loneSurrogate, 7),
        ("\"\\ud83d\\u0041\"", .loneSurrogate, 7),
        ("\"\\ude00\"", .loneSurrogate, 1),
        ("\"\\ud83d\\n\"", .loneSurrogate, 7),
        ("\"a\tb\"", .controlCharacter, 2),
        ("\"a\nb\"", .controlCharacter, 2),
        ("\"abc", .unexpectedEnd, 4),
        ("\"\\", .unexpectedEnd, 2),
        ("{\"a\":1,\"a\":2}", .duplicateKey("a"), 7),
        ("[{\"k\":{},\"k\":[]}]", .duplicateKey("k"), 9),
    ])
    func refusedWithReasonAndOffset(text: String, reason: JSONParseError.Reason, offset: Int) {
        #expect(failure(text) == JSONParseError(reason, at: offset), "\(text)")
    }

    @Test(arguments: [
        ([0xEF, 0xBB, 0xBF, 0x31], JSONParseError.Reason.unexpectedByte(0xEF), 0),   // byte-order mark
        ([0x22, 0x80, 0x22], .invalidUTF8, 1),               // lone continuation byte
        ([0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1),         // overlong '/'
        ([0x22, 0xC1, 0xBF, 0x22], .invalidUTF8, 1),         // overlong
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, 2),   // overlong three-byte form
        ([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 2),   // a surrogate encoded in UTF-8
        ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], .invalidUTF8, 2),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 2),   // above U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, 1),
        ([0x22, 0xFF, 0x22], .invalidUTF8, 1),
        ([0x22, 0xC3, 0x22], .invalidUTF8, 2),               // truncated before the quote
        ([0x22, 0xE2, 0x82], .unexpectedEnd, 3),             // truncated at the end of input
        ([0x22, 0x00, 0x22], .controlCharacter, 1),
        ([0x22, 0x1F, 0x22], .controlCharacter, 1),
        ([0x5B, 0x00, 0x5D], .unexpectedByte(0), 1),
        ([0x31, 0x00], .trailingData, 1),
        ([0xC3, 0xA9], .unexpectedByte(0xC3), 0),             // a string without quotes
    ] as [([UInt8], JSONParseError.Reason, Int)])
    func refusedBytes(bytes: [UInt8], reason: JSONParseError.Reason, offset: Int) {
        #expect(failure(bytes) == JSONParseError(reason, at: offset), "\(bytes)")
    }

    @Test func everyPrefixOfAValidDocumentFailsWithoutTrapping() {
        let text = #"{"a":[1,-2.5e+3,true,false,null,"x\u00e9\ud83d\ude00y"],"b":{"c":"서울"}}"#
        let bytes = Array(text.utf8)
        #expect(failure(bytes) == nil)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            // A bare number prefix such as nothing here is complete; every other cut is an error.
            #expect(failure(prefix) != nil, "prefix of \(length) bytes")
        }
    }

    @Test func everySingleByteReplacementParsesOrFailsWithAnOffsetInside() {
        let bytes = Array(#"{"key":[1,2.5,"v\n",true,null],"k2":{"x":-0}}"#.utf8)
        for position in bytes.indices {
            for replacement in [0x00, 0x20, 0x22, 0x2C, 0x30, 0x5C, 0x7B, 0x7D, 0x80, 0xC3, 0xFF] as [UInt8] {
                var mutated = bytes
                mutated[position] = replacement
                if let error = failure(mutated) {
                    #expect((0...mutated.count).contains(error.offset))
                }
            }
        }
    }

    @Test func randomBytesNeverTrap() {
        var random = TestRandom(seed: 42)
        let alphabet = Array("{}[]:,\"\\/-+.0123456789eEtrufalsn u \t\n".utf8) + [0x00, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for _ in 0..<3_000 {
            let length = random.next(below: 40)
            let bytes = (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }
            if let error = failure(bytes) { #expect((0...bytes.count).contains(error.offset)) }
        }
    }

    // MARK: limits

    @Test func depthIsLimited() {
        let limits = JSONLimits(maxDepth: 3)
        #expect(failure("[[[1]]]", limits: limits) == nil)
        #expect(failure("[[[[1]]]]", limits: limits) == JSONParseError(.tooDeep, at: 3))
        #expect(failure(#"{"a":{"b":{"c":{}}}}"#, limits: limits) == JSONParseError(.tooDeep, at: 15))
        #expect(failure("[]", limits: JSONLimits(maxDepth: 0)) == JSONParseError(.tooDeep, at: 0))
        #expect(failure("1", limits: JSONLimits(maxDepth: 0)) == nil)
        #expect(JSONLimits().maxDepth == 32)
    }

    @Test func aMegabyteOfOpenBracketsStopsAtTheDepthLimit() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20)
        #expect(failure(bytes) == JSONParseError(.tooDeep, at: 32))
        // Even a limit set absurdly high is held to the supported depth.
        #expect(failure(bytes, limits: JSONLimits(maxDepth: Int.max))
                == JSONParseError(.tooDeep, at: JSONLimits.maxSupportedDepth))
    }

    @Test func deepestSupportedNestingParsesAndIsReleased() throws {
        let depth = JSONLimits.maxSupportedDepth
        let text = String(repeating: "{\"a\":[", count: depth / 2) + "0" + String(repeating: "]}", count: depth / 2)
        var value = try parse(text, limits: JSONLimits(maxDepth: depth))
        var levels = 0
        while true {
            if case .object(let object) = value, let inner = object["a"] { value = inner; levels += 1; continue }
            if case .array(let elements) = value, let inner = elements.first { value = inner; levels += 1; continue }
            break
        }
        #expect(levels == depth)
        #expect(value == .number(try number("0")))
    }

    @Test func aMegabyteWideDocumentParses() throws {
        var text = "["
        let count = 150_000
        for index in 0..<count { text += index == 0 ? "1234567" : ",1234567" }
        text += "]"
        #expect(text.utf8.count > 1 << 20)
        guard case .array(let elements) = try parse(text, limits: JSONLimits(maxElements: count)) else {
            Issue.record("not an array"); return
        }
        #expect(elements.count == count)
        #expect(failure(text) == JSONParseError(.tooManyElements, at: 1 + 65_536 * 8))
        let longString = "\"" + String(repeating: "é", count: 600_000) + "\""
        #expect(try parse(longString, limits: JSONLimits(maxStringBytes: 1_200_000)) == .string(String(repeating: "é", count: 600_000)))
    }

    @Test func stringMemberAndNumberLimits() {
        let limits = JSONLimits(maxStringBytes: 4, maxMembers: 2, maxElements: 2, maxNumberBytes: 5)
        #expect(failure("\"abcd\"", limits: limits) == nil)
        #expect(failure("\"abcde\"", limits: limits) == JSONParseError(.stringTooLong, at: 5))
        #expect(failure("\"ab\\n\\n\"", limits: limits) == nil)              // 4 bytes once unescaped
        #expect(failure("\"abc\\u00e9\"", limits: limits) == JSONParseError(.stringTooLong, at: 4))   // é is 2 bytes
        #expect(failure("\"abcé\"", limits: limits) == JSONParseError(.stringTooLong, at: 4))
        #expect(failure("{\"abcde\":1}", limits: limits) == JSONParseError(.stringTooLong, at: 6))
        #expect(failure("{\"a\":1,\"b\":2}", limits: limits) == nil)
        #expect(failure("{\"a\":1,\"b\":2,\"c\":3}", limits: limits) == JSONParseError(.tooManyMembers, at: 13))
        #expect(failure("[1,2]", limits: limits) == nil)
        #expect(failure("[1,2,3]", limits: limits) == JSONParseError(.tooManyElements, at: 5))
        #expect(failure("-1.25", limits: limits) == nil)
        #expect(failure("-1.255", limits: limits) == JSONParseError(.numberTooLong, at: 5))
    }

    @Test func duplicateKeysAreFoundInLargeObjectsToo() {
        var text = "{"
        for index in 0..<40 { text += "\"k\(index)\":\(index)," }
        #expect(failure(text + "\"k39\":0}") == JSONParseError(.duplicateKey("k39"), at: text.utf8.count))
        #expect(failure(text + "\"k3\":0}") == JSONParseError(.duplicateKey("k3"), at: text.utf8.count))
        #expect(failure(text + "\"k40\":0}") == nil)
        // Keys compare as strings: an escaped spelling of the same key is the same key.
        #expect(failure(#"{"a":1,"\u0061":2}"#) == JSONParseError(.duplicateKey("a"), at: 7))
    }

    @Test func errorDescriptionsNameTheOffset() {
        #expect(JSONParseError(.unexpectedByte(UInt8(ascii: "}")), at: 7).description == "Invalid JSON at byte 7: unexpected character '}'.")
        #expect(JSONParseError(.unexpectedByte(0xFF), at: 0).description == "Invalid JSON at byte 0: unexpected byte 0xFF.")
        #expect(JSONParseError(.duplicateKey("a"), at: 3).description == "Invalid JSON at byte 3: duplicate key \"a\".")
        #expect(JSONParseError(.duplicateKey(String(repeating: "k", count: 65)), at: 3).description
                == "Invalid JSON at byte 3: duplicate key.")
    }

    @Test func agreesWithFoundationOnWhatItAccepts() throws {
        // A document of everything the writer produces reads back identically.
        var writer = JSONWriter()
        writer.object { w in
            w.field("text", "quote \" backslash \\ newline \n 서울 😀 \u{01}")
            w.field("int", Int64.min)
            w.field("double", 0.1)
            w.field("flag", false)
            w.key("list")
            w.array { $0.null(); $0.int(7) }
        }
        guard case .object(let object) = try parse(bytes: writer.bytes) else { Issue.record("not an object"); return }
        #expect(object["text"] == .string("quote \" backslash \\ newline \n 서울 😀 \u{01}"))
        guard case .number(let int) = object["int"], case .number(let double) = object["double"] else {
            Issue.record("numbers"); return
        }
        #expect(int.int64 == Int64.min)
        #expect(double.double == 0.1)
        #expect(object["flag"] == .bool(false))
        #expect(object.keys == ["text", "int", "double", "flag", "list"])
    }
}
