/// A network in CIDR notation (`10.0.0.0/8`, `fd00::/8`, or a single address: `/32` and
/// `/128` implied), as `--trusted-proxy` takes it. An IPv4 network contains only IPv4
/// addresses, and an IPv6 one only IPv6 addresses. A value type.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    /// nil unless `text` is an address, optionally followed by `/` and a prefix length that
    /// fits the family. Bits past the prefix are ignored (`10.1.2.3/8` is `10.0.0.0/8`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(String(parts[0])) else { return nil }
        let width = address.bitWidth
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...width).contains(length), parts[1].allSatisfy(\.isASCII) else { return nil }
            prefixLength = length
        } else {
            prefixLength = width
        }
        self.address = address
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        switch (address, candidate) {
        case (.v4(let network), .v4(let other)):
            guard prefixLength > 0 else { return true }
            return network >> (32 - UInt32(prefixLength)) == other >> (32 - UInt32(prefixLength))
        case (.v6(let network), .v6(let other)):
            var remaining = prefixLength
            for index in 0..<16 where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if network[index] & mask != other[index] & mask { return false }
                remaining -= bits
            }
            return true
        default:
            return false
        }
    }

    public var description: String { "\(address)/\(prefixLength)" }
}

extension IPAddress {
    /// 32 or 128.
    public var bitWidth: Int {
        if case .v4 = self { return 32 }
        return 128
    }
}
