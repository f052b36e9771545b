/// The client's address behind trusted reverse proxies, from `X-Forwarded-For`.
///
/// Only a request whose peer is a trusted proxy has its `X-Forwarded-For` read at all (a
/// client can write anything there). The list is read from the right, the nearest hop
/// first: each address that is itself a trusted proxy is skipped, and the first one that is
/// not is the client. An entry that is not an address ends the walk at the last trusted hop
/// (what follows it cannot be trusted). When every entry is a trusted proxy, the leftmost
/// is the client. With no trusted proxies, the peer is always the client.
///
/// This is nginx's `real_ip_recursive on` and the "rightmost untrusted address" rule of
/// the OWASP and MDN guidance. A value type; `Sendable`.
public struct TrustedProxies: Sendable, Hashable {
    public let networks: [IPNetwork]

    public init(_ networks: [IPNetwork] = []) {
        self.networks = networks
    }

    public func trusts(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client address for a request from `peer` carrying these `X-Forwarded-For`
    /// field values (each may be a comma-separated list; several fields are one list, in
    /// order). `peer` is returned unchanged when it is not a trusted proxy.
    public func clientAddress(peer: String, forwardedFor fields: [String]) -> String {
        guard !networks.isEmpty, let peerAddress = IPAddress(peer), trusts(peerAddress) else { return peer }
        let hops = fields.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
        var client = peer
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { break }
            client = address.description
            if !trusts(address) { break }
        }
        return client
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
