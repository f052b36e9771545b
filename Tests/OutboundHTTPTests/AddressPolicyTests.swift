import IPAddress
import OutboundHTTP
import Testing

@Suite struct AddressPolicyTests {
    @Test(arguments: [
        "0.0.0.0", "10.1.2.3", "100.64.0.1", "127.0.0.1", "127.255.255.254", "169.254.169.254", "172.16.0.1",
        "172.31.255.255", "192.168.1.1", "224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1",
        "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        "64:ff9b::a9fe:a9fe", "2001:db8::1",
    ])
    func refusedByDefault(address: String) throws {
        let peer = try #require(IPAddress(address))
        #expect(!AddressPolicy().allows(peer), "\(address)")
        #expect(AddressPolicy(allowPrivate: true).allows(peer))
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "172.32.0.1", "172.15.255.255", "100.128.0.1", "192.169.0.1",
                      "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])
    func publicAddressesAreAllowed(address: String) throws {
        #expect(AddressPolicy().allows(try #require(IPAddress(address))), "\(address)")
    }

    @Test func textRoundTrips() throws {
        #expect(try #require(IPAddress("169.254.169.254")).description == "169.254.169.254")
        #expect(try #require(IPAddress("fe80::1")).description == "fe80::1")
        #expect(IPAddress("example.com") == nil)
    }
}
