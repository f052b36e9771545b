import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket on a loopback address and a port the kernel picks, for the test
/// servers (`HTTPStub`, `SMTPSink`). The caller owns the descriptor and closes it.
enum LoopbackListener {
    static func open(host: String = "127.0.0.1", backlog: Int32 = 64) throws -> (descriptor: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, backlog) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }
}
