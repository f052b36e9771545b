import IPAddress

/// Which peer addresses outbound requests (calendar feeds, webhooks) may connect to.
///
/// By default only public unicast addresses: loopback, private (RFC 1918, IPv6 unique
/// local), shared (RFC 6598), link-local, multicast, unspecified, broadcast and reserved
/// ranges are refused, and an IPv4 address inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64
/// `64:ff9b::/96`) is judged as the IPv4 address it carries. `allowPrivate` (the
/// `--allow-private-addresses` switch, for tests and local setups) allows everything.
///
/// It is applied to the address a socket is about to connect to (libcurl's open-socket
/// callback), after name resolution and for every redirect, so a DNS answer cannot switch a
/// checked name to a private address. A value type.
public struct AddressPolicy: Sendable, Hashable {
    public var allowPrivate: Bool
    /// Addresses allowed although not public (a configured internal receiver).
    public var exceptions: Set<IPAddress>

    public init(allowPrivate: Bool = false, exceptions: Set<IPAddress> = []) {
        self.allowPrivate = allowPrivate
        self.exceptions = exceptions
    }

    /// Whether a connection to `address` is allowed.
    public func allows(_ address: IPAddress) -> Bool {
        allowPrivate || address.isPublicUnicast || exceptions.contains(address)
    }
}
