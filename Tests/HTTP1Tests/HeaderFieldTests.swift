import Testing
@testable import HTTP1

@Suite struct HeaderFieldTests {
    @Test func fieldsKeepOrderCaseAndDuplicates() throws {
        let r = try #require(expectRequest(
            "GET / HTTP/1.1\r\nHost: a\r\nX-Tag:  one \t\r\nx-tag:two\r\nAccept:\r\n\r\n"))
        #expect(r.headers.fields.map(\.name) == ["Host", "X-Tag", "x-tag", "Accept"])
        #expect(r.headers.values(for: "X-TAG") == ["one", "two"])
        #expect(r.headers["accept"] == "")
    }

    @Test func obsTextIsKeptAsLossyUTF8() throws {
        let input = bytes("GET / HTTP/1.1\r\nHost: a\r\nX-City: ") + Array("서울".utf8) + [0xFF]
            + bytes("\r\n\r\n")
        var request: HTTPRequest?
        check(input) { outcome in
            if case .request(let r)? = outcome.events.first { request = r }
        }
        #expect(request?.headers["X-City"] == "서울\u{FFFD}")
    }

    @Test func whitespaceBeforeColonIsRejected() {
        expectError("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .badRequest, "whitespace between header field name and colon")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX-A\t: b\r\n\r\n", .badRequest)
    }

    @Test func obsFoldIsRejected() {
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n  c\r\n\r\n", .badRequest, "obsolete line folding in header")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\tc\r\n\r\n", .badRequest, "obsolete line folding in header")
        expectError("GET / HTTP/1.1\r\n Host: a\r\n\r\n", .badRequest)
    }

    @Test func malformedNames() {
        expectError("GET / HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", .badRequest, "invalid header field name")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .badRequest, "header field without colon")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX(A): b\r\n\r\n", .badRequest, "invalid header field name")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX-서울: b\r\n\r\n", .badRequest)
    }

    @Test func controlCharactersInValuesAreRejected() {
        for control: UInt8 in [0x00, 0x01, 0x0B, 0x0C, 0x1F, 0x7F] {
            expectError(bytes("GET / HTTP/1.1\r\nHost: a\r\nX-A: a") + [control] + bytes("b\r\n\r\n"),
                        .badRequest, "invalid character in header field value")
        }
        // HTAB inside a value is allowed.
        let r = expectRequest("GET / HTTP/1.1\r\nHost: a\r\nX-A: a\tb\r\n\r\n")
        #expect(r?.headers["X-A"] == "a\tb")
    }

    @Test func nulInNameIsRejected() {
        expectError(bytes("GET / HTTP/1.1\r\nHost: a\r\nX") + [0] + bytes("A: b\r\n\r\n"), .badRequest)
    }

    @Test func hostRules() {
        expectError("GET / HTTP/1.1\r\n\r\n", .badRequest, "missing Host header")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", .badRequest, "more than one Host header")
        expectError("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest, "more than one Host header")
        expectError("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .badRequest, "invalid Host header")
        expectError("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .badRequest, "invalid Host header")
        expectError("GET / HTTP/1.1\r\nHost: user@a\r\n\r\n", .badRequest, "invalid Host header")
        expectRequest("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")
        expectRequest("GET / HTTP/1.1\r\nHost: \r\n\r\n")  // RFC 9110 §7.2: empty when the URI has no authority
    }

    @Test func headerSectionTooLarge() {
        let limits = ParserLimits(maxHeaderBytes: 64)
        // "Host: a\r\n" (9) + "X: <v>\r\n" + "\r\n" (2) = 64 exactly.
        let value = String(repeating: "v", count: 64 - 9 - 2 - 5)
        expectRequest("GET / HTTP/1.1\r\nHost: a\r\nX: \(value)\r\n\r\n", limits: limits)
        expectError("GET / HTTP/1.1\r\nHost: a\r\nX: \(value)v\r\n\r\n", .requestHeaderFieldsTooLarge,
                    limits: limits)
    }

    @Test func headerSectionTooLargeDetectedWithoutLineEnd() {
        var parser = RequestParser(limits: ParserLimits(maxHeaderBytes: 100))
        parser.append(bytes("GET / HTTP/1.1\r\nHost: a\r\nX: "))
        #expect(throws: Never.self) { try parser.next() }
        parser.append([UInt8](repeating: UInt8(ascii: "v"), count: 200))
        #expect(throws: HTTPParseError(status: .requestHeaderFieldsTooLarge, reason: "header section too large")) {
            try parser.next()
        }
    }

    @Test func tooManyFields() {
        let limits = ParserLimits(maxHeaderCount: 3)
        expectRequest("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits)
        expectError("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", .requestHeaderFieldsTooLarge,
                    "too many header fields", limits: limits)
    }

    @Test func readingHeadAndIdle() throws {
        var parser = RequestParser()
        #expect(parser.isIdle && !parser.isReadingHead)
        parser.append(bytes("G"))
        #expect(try parser.next() == nil)
        #expect(!parser.isIdle && parser.isReadingHead)
        parser.append(bytes("ET / HTTP/1.1\r\nHost: a\r\n"))
        #expect(try parser.next() == nil)
        #expect(parser.isReadingHead)
        parser.append(bytes("Content-Length: 3\r\n\r\nab"))
        #expect(try parser.next() == nil)
        #expect(!parser.isReadingHead && !parser.isIdle)
        parser.append(bytes("c"))
        #expect(try parser.next() != nil)
        #expect(parser.isIdle && !parser.isReadingHead)
        parser.append(bytes("\r\n"))
        #expect(try parser.next() == nil)
        #expect(parser.isIdle)  // consumed empty lines are not a request
    }
}

@Suite struct FieldTokenTests {
    @Test func tokensAreListElementsTrimmedAndCaseInsensitive() {
        var fields = HTTPFields()
        fields.append(name: "connection", value: "Upgrade ,\tKeep-Alive ")
        fields.append(name: "Connection", value: "x-closed")
        #expect(fields.contains(token: "keep-alive", in: "Connection"))
        #expect(fields.contains(token: "upgrade", in: "CONNECTION"))
        #expect(!fields.contains(token: "close", in: "Connection"))   // "x-closed" is another token
        #expect(!fields.contains(token: "keep-alive", in: "Keep-Alive"))
        fields.append(name: "Connection", value: " CLOSE")
        #expect(fields.contains(token: "close", in: "Connection"))
    }
}
