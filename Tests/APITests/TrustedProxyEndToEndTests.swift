import Foundation
import IPAddress
import Testing
import TestSupport

/// `--trusted-proxy`: behind a trusted proxy the per-address limits key on the client that
/// `X-Forwarded-For` names; from any other peer the header is ignored.
@Suite struct TrustedProxyEndToEndTests {
    func createGuest(_ server: APITestServer, forwardedFor: String) throws -> Int {
        try TestClient(port: server.port).send(method: "POST", "/guests", headers: [("X-Forwarded-For", forwardedFor)]).status
    }

    @Test func behindATrustedProxyEachClientHasItsOwnLimit() throws {
        let server = try APITestServer(guestsPerMinute: 2, configure: {
            $0.server.trustedProxies = TrustedProxies([IPNetwork("127.0.0.0/8")!])
        })
        #expect(try createGuest(server, forwardedFor: "198.51.100.1") == 201)
        #expect(try createGuest(server, forwardedFor: "198.51.100.1") == 201)
        #expect(try createGuest(server, forwardedFor: "198.51.100.1") == 429)
        // Another client behind the same proxy, and a forged left entry that changes nothing.
        #expect(try createGuest(server, forwardedFor: "198.51.100.2") == 201)
        #expect(try createGuest(server, forwardedFor: "203.0.113.9, 198.51.100.1") == 429)
    }

    @Test func withoutTrustedProxiesTheHeaderIsIgnored() throws {
        let server = try APITestServer(guestsPerMinute: 2)
        #expect(try createGuest(server, forwardedFor: "198.51.100.1") == 201)
        #expect(try createGuest(server, forwardedFor: "198.51.100.2") == 201)
        #expect(try createGuest(server, forwardedFor: "198.51.100.3") == 429)
    }
}
