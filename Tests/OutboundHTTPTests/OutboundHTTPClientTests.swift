import Foundation
import IPAddress
import OutboundHTTP
import Testing
import TestSupport

@Suite struct OutboundHTTPClientTests {
    let client = OutboundHTTPClient(policy: AddressPolicy(allowPrivate: true))

    @Test func aGetReturnsStatusHeadersAndBody() throws {
        let stub = try HTTPStub { request in
            HTTPStub.Response(status: 200, headers: [("Content-Type", "text/calendar"), ("ETag", "\"v1\"")],
                              body: Array("BEGIN:VCALENDAR".utf8))
        }
        defer { stub.stop() }
        let response = try client.send(OutboundRequest(url: stub.url + "/feed.ics",
                                                       headers: [(name: "If-None-Match", value: "\"v0\"")]))
        #expect(response.status == 200)
        #expect(response.header("etag") == "\"v1\"")
        #expect(response.body == Array("BEGIN:VCALENDAR".utf8))
        let seen = try #require(stub.requests.first)
        #expect(seen.path == "/feed.ics" && seen.headers["if-none-match"] == "\"v0\"")
        #expect(seen.headers["user-agent"]?.hasPrefix("Stays/") == true)
        #expect(seen.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func loopbackIsRefusedUnlessAllowed() throws {
        let stub = try HTTPStub { _ in HTTPStub.Response(body: Array("secret".utf8)) }
        defer { stub.stop() }
        #expect(throws: OutboundError.addressRefused("127.0.0.1")) {
            try OutboundHTTPClient(policy: AddressPolicy()).send(OutboundRequest(url: stub.url + "/"))
        }
        // A name that resolves to loopback is judged by the address it resolves to.
        #expect(throws: OutboundError.addressRefused("127.0.0.1")) {
            try OutboundHTTPClient(policy: AddressPolicy()).send(OutboundRequest(url: "http://localhost:\(stub.port)/"))
        }
        #expect(stub.requests.isEmpty)
    }

    /// The check runs on every hop: 127.0.0.1 is allowed here as a configured exception,
    /// 127.0.0.2, where the redirect leads, is not.
    @Test func aRedirectToAPrivateAddressIsRefusedToo() throws {
        let target = try HTTPStub(host: "127.0.0.2") { _ in HTTPStub.Response(body: Array("inside".utf8)) }
        defer { target.stop() }
        let hops = try HTTPStub { _ in HTTPStub.Response(status: 302, headers: [("Location", target.url + "/x")]) }
        defer { hops.stop() }
        let guarded = OutboundHTTPClient(policy: AddressPolicy(exceptions: [try #require(IPAddress("127.0.0.1"))]))
        #expect(throws: OutboundError.addressRefused("127.0.0.2")) { try guarded.send(OutboundRequest(url: hops.url + "/start")) }
        #expect(target.requests.isEmpty && hops.requests.count == 1)
        let response = try client.send(OutboundRequest(url: hops.url + "/start"))
        #expect(response.status == 200 && response.body == Array("inside".utf8))
        // With redirects off (webhooks), the 302 itself is the answer.
        #expect(try client.send(OutboundRequest(url: hops.url + "/start", maximumRedirects: 0)).status == 302)
    }

    @Test func redirectsAreCountedAndOnlyHTTPIsFollowed() throws {
        let loop = try HTTPStub { request in HTTPStub.Response(status: 302, headers: [("Location", request.path + "x")]) }
        defer { loop.stop() }
        #expect(throws: OutboundError.tooManyRedirects) { try client.send(OutboundRequest(url: loop.url + "/a")) }
        #expect(loop.requests.count == 4) // the first request and 3 redirects
        let toFile = try HTTPStub { _ in HTTPStub.Response(status: 302, headers: [("Location", "file:///etc/passwd")]) }
        defer { toFile.stop() }
        #expect(throws: OutboundError.invalidURL) { try client.send(OutboundRequest(url: toFile.url + "/")) }
    }

    @Test func onlyHTTPURLsAreAccepted() {
        for url in ["ftp://example.com/x", "file:///etc/passwd", "gopher://x", "example.com/feed", "", "http://"] {
            #expect(throws: OutboundError.invalidURL, "\(url)") { try client.send(OutboundRequest(url: url)) }
        }
    }

    @Test func aBodyPastTheLimitIsAnError() throws {
        let stub = try HTTPStub { _ in HTTPStub.Response(body: [UInt8](repeating: 65, count: 100_000)) }
        defer { stub.stop() }
        #expect(throws: OutboundError.tooLarge(50_000)) {
            try client.send(OutboundRequest(url: stub.url + "/", maximumResponseBytes: 50_000))
        }
        #expect(try client.send(OutboundRequest(url: stub.url + "/", maximumResponseBytes: 100_000)).body.count == 100_000)
    }

    @Test func gzipIsDecodedAndTheLimitAppliesToTheDecodedBody() throws {
        // 200 kB of one letter gzipped: a few hundred bytes on the wire.
        let plain = [UInt8](repeating: 66, count: 200_000)
        let gzipped = try gzip(plain)
        let stub = try HTTPStub { _ in HTTPStub.Response(headers: [("Content-Encoding", "gzip")], body: gzipped) }
        defer { stub.stop() }
        #expect(try client.send(OutboundRequest(url: stub.url + "/")).body == plain)
        #expect(throws: OutboundError.tooLarge(100_000)) {
            try client.send(OutboundRequest(url: stub.url + "/", maximumResponseBytes: 100_000))
        }
    }

    @Test func aSlowServerTimesOut() throws {
        let stub = try HTTPStub { _ in HTTPStub.Response(delaySeconds: 3) }
        defer { stub.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: OutboundError.timedOut) { try client.send(OutboundRequest(url: stub.url + "/", timeoutSeconds: 1)) }
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aPostSendsItsBodyAndHeaders() throws {
        let stub = try HTTPStub { _ in HTTPStub.Response(status: 204) }
        defer { stub.stop() }
        let body = Array(#"{"type":"reservation.confirmed"}"#.utf8)
        let response = try client.send(OutboundRequest(method: "POST", url: stub.url + "/hook",
                                                       headers: [(name: "Content-Type", value: "application/json")],
                                                       body: body, maximumRedirects: 0))
        #expect(response.status == 204)
        let seen = try #require(stub.requests.first)
        #expect(seen.method == "POST" && seen.body == body && seen.headers["content-type"] == "application/json")
    }

    @Test func aClosedPortIsATransportError() throws {
        let stub = try HTTPStub { _ in HTTPStub.Response() }
        let port = stub.port
        stub.stop()
        #expect(throws: OutboundError.self) { try client.send(OutboundRequest(url: "http://127.0.0.1:\(port)/")) }
    }

    /// gzip through the system's gzip command (the client's decoding is libcurl's).
    func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
