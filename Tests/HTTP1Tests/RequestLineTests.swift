import Testing
@testable import HTTP1

@Suite struct RequestLineTests {
    @Test func simpleGet() throws {
        let r = try #require(expectRequest("GET /listings?city=Seoul&guests=2 HTTP/1.1\r\nHost: example.com\r\n\r\n"))
        #expect(r.method == .get)
        #expect(r.target == "/listings?city=Seoul&guests=2")
        #expect(r.path == "/listings")
        #expect(r.query == "city=Seoul&guests=2")
        #expect(r.version == .http1_1)
        #expect(r.headers["host"] == "example.com")
        #expect(r.body.isEmpty)
    }

    @Test func http10WithoutHost() throws {
        let r = try #require(expectRequest("GET / HTTP/1.0\r\n\r\n"))
        #expect(r.version == .http1_0)
        #expect(!r.keepAlive)
    }

    @Test func bareLFLineEndingsAccepted() throws {
        let r = try #require(expectRequest("GET /x HTTP/1.1\nHost: a\n\n"))
        #expect(r.target == "/x")
        #expect(r.headers["Host"] == "a")
    }

    @Test func bareCRIsRejected() {
        expectError("GET / HTTP/1.1\rHost: a\r\n\r\n", .badRequest)
        expectError("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", .badRequest, "bare CR in header")
        expectError("GET / HTTP/1.1\r\nHost: a\r\n\r\r\n", .badRequest)
    }

    @Test func leadingEmptyLinesIgnored() throws {
        let r = try #require(expectRequest("\r\n\n\r\nGET /a HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(r.target == "/a")
    }

    @Test func tooManyLeadingEmptyLines() {
        expectError(String(repeating: "\r\n", count: 17) + pingText, .badRequest)
    }

    @Test func methodMustBeAToken() {
        expectError("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid method")
        expectError(" GET / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid method")
        expectError("GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid method")
    }

    @Test func methodIsCaseSensitiveButAnyTokenParses() throws {
        let r = try #require(expectRequest("get / HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(r.method.rawValue == "get")
        #expect(r.method != .get)
    }

    @Test func singleSpaceOnly() {
        expectError("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
        expectError("GET /  HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
        expectError("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .badRequest)
        expectError("GET /\r\nHost: a\r\n\r\n", .badRequest)
    }

    @Test func targetCharacters() {
        expectError("GET /a\u{7F}b HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid character in request-target")
        expectError("GET /서울 HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid character in request-target")
        expectError(bytes("GET /a") + [0] + bytes(" HTTP/1.1\r\nHost: a\r\n\r\n"), .badRequest)
        expectError("GET a/b HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid request-target")
    }

    @Test func asteriskFormOnlyForOptions() throws {
        let r = try #require(expectRequest("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(r.target == "*")
        expectError("GET * HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
    }

    @Test func absoluteFormBecomesOriginForm() throws {
        let r = try #require(expectRequest("GET http://example.com:8080/listings?id=3 HTTP/1.1\r\nHost: example.com\r\n\r\n"))
        #expect(r.target == "/listings?id=3")
        #expect(r.path == "/listings")
        #expect(r.query == "id=3")
        let bare = try #require(expectRequest("GET HTTPS://example.com HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(bare.target == "/")
        let query = try #require(expectRequest("GET http://example.com?q=1 HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(query.path == "/")
        #expect(query.query == "q=1")
        expectError("GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
        expectError("GET http://user@host/x HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
        expectError("GET ftp://host/x HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest)
    }

    @Test func connectIsNotImplemented() {
        expectError("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", .notImplemented)
    }

    @Test func versions() throws {
        let r = try #require(expectRequest("GET / HTTP/1.2\r\nHost: a\r\n\r\n"))
        #expect(r.version == .http1_1)  // RFC 9110 §2.5: processed as the highest 1.x we implement
        expectError("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .httpVersionNotSupported)
        expectError("GET / HTTP/3.0\r\nHost: a\r\n\r\n", .httpVersionNotSupported)
        expectError("GET / HTTP/0.9\r\nHost: a\r\n\r\n", .httpVersionNotSupported)
        expectError("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", .httpVersionNotSupported)
        for bad in ["http/1.1", "HTTP/1.10", "HTTP/11", "HTTP/1", "HTTP/a.b", "HTTP 1.1", "HTTP/1.1x"] {
            expectError("GET / \(bad)\r\nHost: a\r\n\r\n", .badRequest)
        }
    }

    @Test func requestLineTooLong() {
        let limits = ParserLimits(maxRequestLineBytes: 32)
        // 32 bytes including CRLF is accepted, 33 is 414.
        let target = "/" + String(repeating: "a", count: 32 - "GET  HTTP/1.1\r\n".utf8.count - 1)
        expectRequest("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits)
        expectError("GET \(target)a HTTP/1.1\r\nHost: a\r\n\r\n", .uriTooLong, limits: limits)
    }

    @Test func requestLineTooLongDetectedBeforeLineEnd() {
        var parser = RequestParser(limits: ParserLimits(maxRequestLineBytes: 64))
        parser.append(bytes("GET /" + String(repeating: "a", count: 59)))
        #expect(throws: Never.self) { try parser.next() }
        parser.append(bytes("a"))
        #expect(throws: HTTPParseError(status: .uriTooLong, reason: "request line too long")) { try parser.next() }
    }
}

/// Bytes that cannot begin a request line are refused as they arrive, without waiting for
/// a line end that a binary client may never send.
@Suite struct EarlyRejectionTests {
    /// The start of a TLS 1.2/1.3 ClientHello: handshake record, version 3.1, length, then
    /// a body free of LF (as most are) so only the first byte can give it away.
    static let clientHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xF8, 0x01, 0x00, 0x00, 0xF4, 0x03, 0x03]
        + (0..<240).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }.filter { $0 != 0x0A && $0 != 0x0D }

    @Test func tlsClientHelloIsRejectedOnItsFirstByte() {
        var parser = RequestParser()
        parser.append([0x16])
        #expect(throws: HTTPParseError.tlsHandshake) { try parser.next() }
        #expect(HTTPParseError.tlsHandshake.status == .badRequest)
        // Whole, byte by byte, and after a pipelined request: the same error.
        check(Self.clientHello) { outcome in
            #expect(outcome.events.isEmpty)
            #expect(outcome.error == .tlsHandshake)
        }
    }

    @Test func controlBytesAreRejectedWithoutALineEnd() {
        for first: UInt8 in [0x00, 0x01, 0x03, 0x1B, 0x7F, 0x80, 0xFF, UInt8(ascii: " "), UInt8(ascii: "(")] {
            var parser = RequestParser()
            parser.append([first])
            #expect(throws: HTTPParseError.invalidMethod, "byte \(first)") { try parser.next() }
            check([first] + bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\n")) { #expect($0.error == .invalidMethod) }
        }
        // Within the method too: a byte that is neither a tchar nor the SP after it.
        var parser = RequestParser()
        parser.append(bytes("GET"))
        #expect(throws: Never.self) { try parser.next() }
        parser.append([0x00])
        #expect(throws: HTTPParseError.invalidMethod) { try parser.next() }
    }

    @Test func emptyLinesAndTokensStillWaitForMoreBytes() throws {
        for prefix in ["\r", "\n", "\r\n", "GET", "GET ", "GET /\u{1}"] {
            var parser = RequestParser()
            parser.append(bytes(prefix))
            #expect(throws: Never.self, "\(prefix.debugDescription)") { try parser.next() }
        }
    }

    @Test func aLongMethodIsStill414BeyondTheRequestLineLimit() {
        let limits = ParserLimits(maxRequestLineBytes: 32)
        expectError(String(repeating: "G", count: 40) + "( / HTTP/1.1\r\nHost: a\r\n\r\n", .uriTooLong, limits: limits)
        expectError(String(repeating: "G", count: 20) + "( / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest, "invalid method",
                    limits: limits)
    }
}
