import Foundation
import Glibc
import HTTP1
import Testing
@testable import HTTPServer

@Suite struct ServerEndToEndTests {
    @Test func servesTwoRequestsOnOneKeepAliveConnection() throws {
        let server = try RunningServer()
        defer { server.stop() }
        let client = try server.client()
        try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.status == 200)
        #expect(first.text == "GET /a 0")
        #expect(first.header("Content-Length") == "8")
        #expect(first.header("Date") != nil)
        #expect(first.header("Content-Type") == "text/plain")
        try client.send("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        let second = try client.readResponse()
        #expect(second.text == "POST /b 3")
        #expect(second.header("Connection") == nil)
    }
}
