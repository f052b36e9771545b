import Testing
@testable import HTTP1

@Suite struct ResponseSerializerTests {
    static let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    func serialize(_ response: HTTPResponse, keepAlive: Bool = true, head: Bool = false,
                   version: HTTPVersion = .http1_1) -> String {
        var buffer: [UInt8] = []
        ResponseSerializer.write(response, to: &buffer, date: Self.date, keepAlive: keepAlive,
                                 isHeadRequest: head, requestVersion: version)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func okWithBody() {
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: bytes("{}"))
        #expect(serialize(response) ==
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: \(Self.date)\r\nContent-Length: 2\r\n\r\n{}")
    }

    @Test func appendsToExistingBuffer() {
        var buffer = bytes("prefix")
        ResponseSerializer.write(HTTPResponse(status: .notFound), to: &buffer, date: Self.date,
                                 keepAlive: true, isHeadRequest: false)
        #expect(String(decoding: buffer, as: UTF8.self) ==
            "prefixHTTP/1.1 404 Not Found\r\nDate: \(Self.date)\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func headThenItsBodyIsTheWholeResponse() {
        // The server sends the head from its buffer and the body from the handler's array.
        let cases: [(HTTPResponse, head: Bool, sendsBody: Bool)] = [
            (HTTPResponse(body: bytes("hello")), false, true),
            (HTTPResponse(body: bytes("hello")), true, false),
            (HTTPResponse(status: .notModified, body: bytes("hello")), false, false),
            (HTTPResponse(status: .notFound), false, true),
        ]
        for (response, head, sendsBody) in cases {
            var buffer: [UInt8] = []
            let bodyFollows = ResponseSerializer.writeHead(response, to: &buffer, date: Self.date, keepAlive: true,
                                                           isHeadRequest: head)
            #expect(bodyFollows == sendsBody)
            let whole = String(decoding: buffer + (bodyFollows ? response.body : []), as: UTF8.self)
            #expect(whole == serialize(response, head: head))
            #expect(whole.hasSuffix("\r\n\r\n") == !bodyFollows || response.body.isEmpty)
        }
    }

    @Test func headHasContentLengthButNoBody() {
        let text = serialize(HTTPResponse(body: bytes("hello")), head: true)
        #expect(text == "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func noContentAndNotModifiedHaveNoBodyNorContentLength() {
        for status in [HTTPStatus.noContent, .notModified] {
            let response = HTTPResponse(status: status, headers: ["Content-Length": "5", "ETag": "\"x\""],
                                        body: bytes("hello"))
            #expect(serialize(response) ==
                "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nETag: \"x\"\r\nDate: \(Self.date)\r\n\r\n")
        }
    }

    @Test func givenContentLengthIsKept() {
        let response = HTTPResponse(headers: ["content-length": "5"], body: bytes("hello"))
        let text = serialize(response, head: true)
        #expect(text == "HTTP/1.1 200 OK\r\ncontent-length: 5\r\nDate: \(Self.date)\r\n\r\n")
    }

    @Test func connectionHeaders() {
        let close = serialize(HTTPResponse(), keepAlive: false)
        #expect(close.hasSuffix("Content-Length: 0\r\nConnection: close\r\n\r\n"))
        let keep10 = serialize(HTTPResponse(), keepAlive: true, version: .http1_0)
        #expect(keep10.hasSuffix("Content-Length: 0\r\nConnection: keep-alive\r\n\r\n"))
        let keep11 = serialize(HTTPResponse(), keepAlive: true)
        #expect(!keep11.contains("Connection"))
        let close10 = serialize(HTTPResponse(), keepAlive: false, version: .http1_0)
        #expect(close10.contains("Connection: close\r\n") && !close10.contains("keep-alive"))
    }

    @Test func dateAndConnectionAreTheSerializers() {
        let response = HTTPResponse(headers: ["Date": "yesterday", "Connection": "keep-alive"])
        let text = serialize(response, keepAlive: false)
        #expect(!text.contains("yesterday") && !text.contains("keep-alive"))
        #expect(text.contains("Date: \(Self.date)\r\n"))
    }

    @Test func headerInjectionIsNeutralized() {
        let response = HTTPResponse(headers: ["Location": "/a\r\nSet-Cookie: x=1"])
        let text = serialize(response)
        #expect(text.contains("Location: /a  Set-Cookie: x=1\r\n"))
        #expect(!text.contains("\r\nSet-Cookie"))
    }

    @Test func parsesBackAsAValidResponse() {
        let text = serialize(HTTPResponse(status: .created, headers: ["Location": "/x"], body: bytes("ok")))
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(lines.first == "HTTP/1.1 201 Created")
        #expect(lines.last == "ok")
        #expect(lines[lines.count - 2] == "")
    }
}

@Suite struct HTTPDateTests {
    @Test(arguments: [
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),       // 2000 is a leap year (divisible by 400)
        (951_868_800, "Wed, 01 Mar 2000 00:00:00 GMT"),
        (946_684_799, "Fri, 31 Dec 1999 23:59:59 GMT"),
        (946_684_800, "Sat, 01 Jan 2000 00:00:00 GMT"),
        (1_709_164_800, "Thu, 29 Feb 2024 00:00:00 GMT"),
        (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),     // 2100 is not: 28 Feb is followed by 1 Mar
        (4_107_542_399, "Sun, 28 Feb 2100 23:59:59 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (2_147_483_647, "Tue, 19 Jan 2038 03:14:07 GMT"),
        (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ])
    func knownDates(seconds: Int, expected: String) {
        #expect(HTTPDate.imfFixdate(secondsSince1970: seconds) == expected)
    }

    @Test func alwaysTwentyNineBytes() {
        var seconds = 0
        while seconds < 4_102_444_800 {
            #expect(HTTPDate.imfFixdate(secondsSince1970: seconds).utf8.count == 29)
            seconds += 86_399 * 37
        }
    }
}
