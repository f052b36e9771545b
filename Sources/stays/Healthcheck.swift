import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `stays healthcheck`: asks a running server for `GET /health` over loopback and exits 0
/// on a 200, 1 otherwise. Needs no curl in the container image.
enum Healthcheck {
    static func run(host: String, port: Int, timeoutSeconds: Int = 3) -> Int32 {
        // A server bound to every address is reached over loopback.
        let target = (host == "0.0.0.0" || host.isEmpty) ? "127.0.0.1" : (host == "::" ? "::1" : host)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target, String(port), &hints, &result) == 0, let info = result else {
            FileHandle.standardError.write(Data("healthcheck: cannot resolve \(target)\n".utf8))
            return 1
        }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { return 1 }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            FileHandle.standardError.write(Data("healthcheck: cannot connect to \(target):\(port)\n".utf8))
            return 1
        }
        let request = Array("GET /health HTTP/1.1\r\nHost: \(target)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return 1
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while response.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        let statusLine = String(decoding: response.prefix(while: { $0 != 13 && $0 != 10 }), as: UTF8.self)
        guard statusLine.hasPrefix("HTTP/1.1 200 ") || statusLine.hasPrefix("HTTP/1.0 200 ") else {
            FileHandle.standardError.write(Data("healthcheck: unhealthy: \(statusLine.isEmpty ? "no response" : statusLine)\n".utf8))
            return 1
        }
        return 0
    }
}
