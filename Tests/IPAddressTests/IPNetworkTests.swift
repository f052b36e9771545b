import IPAddress
import Testing

@Suite struct IPNetworkTests {
    @Test func containment() throws {
        let private10 = try #require(IPNetwork("10.0.0.0/8"))
        #expect(private10.contains(try #require(IPAddress("10.255.1.2"))))
        #expect(!private10.contains(try #require(IPAddress("11.0.0.1"))))
        #expect(!private10.contains(try #require(IPAddress("::ffff:10.0.0.1")))) // another family
        let single = try #require(IPNetwork("192.0.2.7"))
        #expect(single.prefixLength == 32)
        #expect(single.contains(try #require(IPAddress("192.0.2.7"))))
        #expect(!single.contains(try #require(IPAddress("192.0.2.8"))))
        let unique = try #require(IPNetwork("fd00::/8"))
        #expect(unique.contains(try #require(IPAddress("fd12:3456::1"))))
        #expect(!unique.contains(try #require(IPAddress("fe80::1"))))
        let odd = try #require(IPNetwork("2001:db8:ab00::/41"))
        #expect(odd.contains(try #require(IPAddress("2001:db8:ab7f::1"))))
        #expect(!odd.contains(try #require(IPAddress("2001:db8:ab80::1"))))
        #expect(try #require(IPNetwork("0.0.0.0/0")).contains(try #require(IPAddress("8.8.8.8"))))
    }

    @Test(arguments: ["", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "example.com/8", "10.0.0.0/8/8", "10.0.0.0/ 8"])
    func refused(text: String) {
        #expect(IPNetwork(text) == nil, "\(text)")
    }
}

@Suite struct TrustedProxiesTests {
    let proxies = TrustedProxies([IPNetwork("10.0.0.0/8")!, IPNetwork("127.0.0.1")!])

    @Test func anUntrustedPeerIsTheClientWhateverItSays() {
        #expect(proxies.clientAddress(peer: "203.0.113.9", forwardedFor: ["1.2.3.4"]) == "203.0.113.9")
        #expect(TrustedProxies().clientAddress(peer: "127.0.0.1", forwardedFor: ["1.2.3.4"]) == "127.0.0.1")
    }

    @Test func theRightmostUntrustedHopIsTheClient() {
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        // A client's own forged entry on the left is ignored.
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.1, 10.0.0.2"]) == "198.51.100.1")
        // Several fields are one list.
        #expect(proxies.clientAddress(peer: "10.0.0.3", forwardedFor: ["6.6.6.6", "198.51.100.1,10.0.0.2"]) == "198.51.100.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["2001:db8::1"]) == "2001:db8::1")
    }

    @Test func garbageEndsTheWalkAtTheLastTrustedHop() {
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.1, unknown"]) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["nonsense, 10.0.0.5"]) == "10.0.0.5")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
    }

    @Test func allTrustedMeansTheLeftmost() {
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.9, 10.0.0.8"]) == "10.0.0.9")
    }
}
