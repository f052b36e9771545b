#if canImport(Glibc)
import Glibc
#endif

/// An IP address, IPv4 or IPv6: parsed from text (`inet_pton`, so every spelling the
/// system accepts) or from a socket address, classified (public unicast or not), printed in
/// its canonical form (`inet_ntop`). A value type.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    case v4(UInt32)          // host byte order
    case v6([UInt8])         // 16 bytes

    /// The address in a textual IPv4 or IPv6 literal; nil for anything else.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self = .v6(withUnsafeBytes(of: v6) { Array($0) })
        } else {
            return nil
        }
    }

    /// The address of a socket address (`sockaddr_in` or `sockaddr_in6`); nil for others.
    public init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: value))
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            self = .v6(bytes)
        default:
            return nil
        }
    }

    public var isPublicUnicast: Bool {
        switch self {
        case .v4(let address): return Self.isPublicV4(address)
        case .v6(let bytes):
            // IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96): the IPv4 address decides.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF
                || bytes[0..<12].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) {
                return Self.isPublicV4(bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
            }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }        // :: and ::1
            if bytes[0] & 0xFE == 0xFC { return false }                        // fc00::/7 unique local
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false }    // fe80::/10 link-local
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return false }    // fec0::/10 site-local (deprecated)
            if bytes[0] == 0xFF { return false }                               // ff00::/8 multicast
            if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return false } // documentation
            return true
        }
    }

    private static func isPublicV4(_ address: UInt32) -> Bool {
        func within(_ network: UInt32, _ bits: UInt32) -> Bool { address >> (32 - bits) == network >> (32 - bits) }
        let refused: [(UInt32, UInt32)] = [
            (0x0000_0000, 8),   // 0.0.0.0/8 "this network", unspecified
            (0x0A00_0000, 8),   // 10/8 private
            (0x6440_0000, 10),  // 100.64/10 shared (carrier-grade NAT)
            (0x7F00_0000, 8),   // 127/8 loopback
            (0xA9FE_0000, 16),  // 169.254/16 link-local (cloud metadata lives here)
            (0xAC10_0000, 12),  // 172.16/12 private
            (0xC000_0000, 24),  // 192.0.0/24 protocol assignments
            (0xC000_0200, 24),  // 192.0.2/24 documentation
            (0xC0A8_0000, 16),  // 192.168/16 private
            (0xC612_0000, 15),  // 198.18/15 benchmarking
            (0xC633_6400, 24),  // 198.51.100/24 documentation
            (0xCB00_7100, 24),  // 203.0.113/24 documentation
            (0xE000_0000, 4),   // 224/4 multicast
            (0xF000_0000, 4),   // 240/4 reserved, and 255.255.255.255 broadcast
        ]
        return !refused.contains { within($0.0, $0.1) }
    }

    public var description: String {
        switch self {
        case .v4(let address):
            return [24, 16, 8, 0].map { String(address >> $0 & 0xFF) }.joined(separator: ".")
        case .v6(var bytes):
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            bytes = []
            _ = inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
