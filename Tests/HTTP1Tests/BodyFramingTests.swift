import Testing
@testable import HTTP1

@Suite struct BodyFramingTests {
    @Test func contentLengthBody() throws {
        let r = try #require(expectRequest("POST /quote HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"))
        #expect(r.body == bytes("hello"))
    }

    @Test func zeroContentLength() throws {
        let r = try #require(expectRequest("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"))
        #expect(r.body.isEmpty)
    }

    @Test func leadingZerosAreDigits() throws {
        let r = try #require(expectRequest("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 00000000000000000000003\r\n\r\nabc"))
        #expect(r.body == bytes("abc"))
    }

    @Test func invalidContentLength() {
        for value in ["", "-1", "+1", "1.0", "0x10", "1 2", "abc"] {
            expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\n", .badRequest,
                        "invalid Content-Length")
        }
        expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n", .badRequest,
                    "Content-Length overflows")
    }

    @Test func duplicateContentLengthIsRejectedEvenIfEqual() {
        expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", .badRequest,
                    "more than one Content-Length")
        expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1, 1\r\n\r\nx", .badRequest)
        expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nx", .badRequest)
    }

    @Test func contentLengthOverLimitIs413BeforeTheBody() throws {
        let limits = ParserLimits(maxBodyBytes: 10)
        expectRequest("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits)
        var parser = RequestParser(limits: limits)
        parser.append(bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"))
        #expect(throws: HTTPParseError(status: .contentTooLarge, reason: "body too large")) { try parser.next() }
    }

    @Test func transferEncodingWithContentLength() {
        expectError("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                    .badRequest, "both Transfer-Encoding and Content-Length")
    }

    @Test func transferEncodingInHTTP10() {
        expectError("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .badRequest,
                    "Transfer-Encoding in an HTTP/1.0 request")
    }

    @Test func transferCodings() {
        for coding in ["gzip", "identity", "x-unknown", "gzip, chunked", "deflate,chunked"] {
            expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(coding)\r\n\r\n0\r\n\r\n",
                        .notImplemented, "unsupported transfer coding")
        }
        expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", .badRequest,
                    "chunked is not the final transfer coding")
        expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", .badRequest,
                    "chunked applied more than once")
        expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
                    .badRequest, "chunked applied more than once")
        expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \r\n\r\n", .badRequest, "malformed Transfer-Encoding")
        expectError("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked;x=1\r\n\r\n", .badRequest,
                    "malformed Transfer-Encoding")
    }

    @Test func chunkedBody() throws {
        let r = try #require(expectRequest(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\nA;name=value\r\n, world!!!\r\n0\r\n\r\n"))
        #expect(r.body == bytes("hello, world!!!"))
        #expect(r.headers["Transfer-Encoding"] == "Chunked")
    }

    @Test func chunkedWithTrailersAndBareLF() throws {
        let r = try #require(expectRequest(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\n0\nX-Sum: 1\r\nY: 2\n\n"))
        #expect(r.body == bytes("abc"))
        #expect(!r.headers.contains("X-Sum"))  // trailers are discarded, never merged
    }

    @Test func chunkSizeSyntax() {
        let prefix = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        for line in ["", "x", "-1", "0x5", "5 ", " 5", "5 junk", "+5"] {
            expectError(prefix + "\(line)\r\nhello\r\n0\r\n\r\n", .badRequest, nil)
        }
        expectError(prefix + "ffffffffffffffffff\r\n", .badRequest, "chunk size overflows")
        expectError(prefix + "5;a=\u{01}\r\nhello\r\n0\r\n\r\n", .badRequest, "invalid chunk extension")
        expectError(prefix + "5;" + String(repeating: "e", count: 5000) + "\r\nhello\r\n0\r\n\r\n", .badRequest,
                    "chunk size line too long")
        // BWS before ";" is allowed.
        expectRequest(prefix + "5 ;ext\r\nhello\r\n0\r\n\r\n")
    }

    @Test func chunkDataMustEndWithCRLF() {
        let prefix = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        expectError(prefix + "3\r\nabcd\r\n0\r\n\r\n", .badRequest, "chunk data not followed by CRLF")
        expectError(prefix + "3\r\nabc\rx0\r\n\r\n", .badRequest, "chunk data not followed by CRLF")
    }

    @Test func chunkedBodyOverLimit() {
        let limits = ParserLimits(maxBodyBytes: 8)
        let prefix = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        expectRequest(prefix + "4\r\nabcd\r\n4\r\nefgh\r\n0\r\n\r\n", limits: limits)
        expectError(prefix + "4\r\nabcd\r\n5\r\nefghi\r\n0\r\n\r\n", .contentTooLarge, limits: limits)
        expectError(prefix + "9\r\n", .contentTooLarge, limits: limits)
    }

    @Test func trailerSectionIsBounded() {
        let prefix = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        expectError(prefix + "X: " + String(repeating: "v", count: 100) + "\r\n\r\n", .requestHeaderFieldsTooLarge,
                    limits: ParserLimits(maxHeaderBytes: 64))
        expectError(prefix + "A: 1\r\nB: 2\r\n\r\n", .requestHeaderFieldsTooLarge, limits: ParserLimits(maxHeaderCount: 1))
        expectError(prefix + "A : 1\r\n\r\n", .badRequest)
    }

    @Test func expectContinue() throws {
        let r = try #require(expectRequest(
            "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\nhi", continueFirst: true))
        #expect(r.body == bytes("hi"))
        expectRequest("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                      continueFirst: true)
    }

    @Test func expectContinueEmittedBeforeTheBodyArrives() throws {
        var parser = RequestParser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"))
        #expect(try parser.next() == .continueExpected)
        #expect(try parser.next() == nil)
        parser.append(bytes("hi"))
        guard case .request(let r)? = try parser.next() else { Issue.record("no request"); return }
        #expect(r.body == bytes("hi"))
    }

    @Test func expectWithoutBodyHasNoContinue() {
        expectRequest("GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n")
        expectRequest("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func otherExpectationsAre417() {
        expectError("POST / HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\nhi",
                    .expectationFailed, "unsupported expectation")
        expectError("GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue, x\r\n\r\n", .expectationFailed)
    }

    @Test func expectIgnoredInHTTP10() throws {
        let r = try #require(expectRequest("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi"))
        #expect(r.body == bytes("hi"))
        expectRequest("GET / HTTP/1.0\r\nExpect: something-else\r\n\r\n")
    }
}
