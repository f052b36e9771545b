import Testing
@testable import HTTP1

@Suite struct QueryParametersTests {
    @Test func basicPairs() throws {
        let q = try QueryParameters(parsing: "city=Seoul&guests=2&flag")
        #expect(q.names == ["city", "guests", "flag"])
        #expect(q["city"] == "Seoul")
        #expect(q["guests"] == "2")
        #expect(q["flag"] == "")
        #expect(q["missing"] == nil)
        #expect(!q.isEmpty)
    }

    @Test func nilAndEmpty() throws {
        #expect(try QueryParameters(parsing: nil).isEmpty)
        #expect(try QueryParameters(parsing: "").isEmpty)
        #expect(try QueryParameters(parsing: "&&&").isEmpty)
    }

    @Test func emptyPairsIgnored() throws {
        let q = try QueryParameters(parsing: "&a=1&&b=2&")
        #expect(q.names == ["a", "b"])
    }

    @Test func hangulAndPlus() throws {
        let q = try QueryParameters(parsing: "city=%EC%84%9C%EC%9A%B8&q=a+b&plus=%2B&eq=a=b")
        #expect(q["city"] == "서울")
        #expect(q["q"] == "a b")
        #expect(q["plus"] == "+")
        #expect(q["eq"] == "a=b")
    }

    @Test func encodedNames() throws {
        let q = try QueryParameters(parsing: "%EB%8F%84%EC%8B%9C=x&a+b=1")
        #expect(q["도시"] == "x")
        #expect(q["a b"] == "1")
    }

    @Test func plainAndEscapedSpellingsDecodeAlike() throws {
        let plain = try QueryParameters(parsing: "city=서울&checkin=2027-01-02&adults=2")
        let escaped = try QueryParameters(parsing: "city=%EC%84%9C%EC%9A%B8&checkin=2027%2D01%2D02&adults=%32")
        for name in ["city", "checkin", "adults"] { #expect(plain[name] == escaped[name]) }
        #expect(plain["city"] == "서울" && plain.names == ["city", "checkin", "adults"])
    }

    @Test(arguments: ["a=%zz", "a=%4", "a=%", "a=x%4g", "a=%%41"])
    func badEscapes(query: String) {
        #expect(throws: QueryError(name: "a", reason: "invalid percent-encoding")) {
            try QueryParameters(parsing: query)
        }
    }

    @Test func badEscapeInNameHasNoName() {
        #expect(throws: QueryError(name: "", reason: "invalid percent-encoding")) {
            try QueryParameters(parsing: "ok=1&%zz=1")
        }
    }

    @Test func duplicateNamesTheParameter() {
        #expect(throws: QueryError(name: "city", reason: "given more than once")) {
            try QueryParameters(parsing: "city=a&x=1&city=b")
        }
        // Duplicates are judged after decoding.
        #expect(throws: QueryError(name: "a b", reason: "given more than once")) {
            try QueryParameters(parsing: "a+b=1&a%20b=2")
        }
    }

    @Test func invalidUTF8() throws {
        #expect(throws: QueryError(name: "city", reason: "not valid UTF-8")) {
            try QueryParameters(parsing: "city=%FF")
        }
        #expect(throws: QueryError(name: "city", reason: "not valid UTF-8")) {
            try QueryParameters(parsing: "city=%EC%84")  // truncated sequence
        }
        #expect(throws: QueryError(name: "", reason: "not valid UTF-8")) {
            try QueryParameters(parsing: "%C0%AF=1")  // overlong encoding
        }
        #expect(throws: QueryError(name: "city", reason: "not valid UTF-8")) {
            try QueryParameters(parsing: "city=%ED%A0%80")  // a UTF-16 surrogate
        }
        // U+FFFD spelled out is well-formed: it must not be mistaken for a repaired sequence.
        #expect(try QueryParameters(parsing: "city=%EF%BF%BD%EC%84%9C")["city"] == "\u{FFFD}서")
    }

    @Test func worksOnAParsedRequest() throws {
        let r = try #require(expectRequest("GET /listings?city=%EC%84%9C%EC%9A%B8&guests=2 HTTP/1.1\r\nHost: a\r\n\r\n"))
        let q = try QueryParameters(parsing: r.query)
        #expect(q["city"] == "서울")
        #expect(q["guests"] == "2")
    }

    @Test func manyParametersAreAllFoundAndDuplicatesRejectedPastAnyLimit() throws {
        let names = (0..<40).map { "p\($0)" }
        let q = try QueryParameters(parsing: names.map { "\($0)=v\($0)" }.joined(separator: "&"))
        #expect(q.names == names)
        for name in names { #expect(q[name] == "v\(name)") }
        #expect(q["p40"] == nil)
        for duplicate in ["p3", "p20", "p39"] {
            let query = names.map { "\($0)=1" }.joined(separator: "&") + "&\(duplicate)=2"
            #expect(throws: QueryError(name: duplicate, reason: "given more than once")) {
                try QueryParameters(parsing: query)
            }
        }
    }

    @Test func piecesSplitOnAnASCIIByteKeepingEmptyPieces() {
        #expect("a,,b,".pieces(separatedBy: UInt8(ascii: ",")) == ["a", "", "b", ""])
        #expect("".pieces(separatedBy: UInt8(ascii: ",")) == [""])
        #expect("서울, 부산".pieces(separatedBy: UInt8(ascii: ",")) == ["서울", " 부산"])
        #expect("/listings/42".dropFirst().pieces(separatedBy: UInt8(ascii: "/")) == ["listings", "42"])
    }
}
