import Glibc

/// Creates the listening socket: resolves `host` with getaddrinfo (IPv4, IPv6, names such as
/// "localhost"), binds the first address that works with `SO_REUSEADDR`, and listens.
///
/// The returned descriptor is non-blocking and close-on-exec; the caller owns it (in the server,
/// the accept source's cancel handler closes it, once).
enum Listener {
    struct Bound {
        let fd: Int32
        let port: Int
    }

    static func bind(host: String, port: Int, backlog: Int32) throws(ServerError) -> Bound {
        guard (0...65535).contains(port) else { throw .invalidConfiguration("port \(port) is not in 0...65535") }
        guard backlog > 0 else { throw .invalidConfiguration("backlog must be positive") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .hostResolution(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var lastError: ServerError = .hostResolution(host: host, message: "no usable address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            do {
                return try bind(info.pointee, port: port, backlog: backlog)
            } catch {
                lastError = ServerError(error, host: host, port: port)
                // Address-in-use will not get better with the next address of the same host.
                if case .addressInUse = lastError { break }
            }
        }
        throw lastError
    }

    private static func bind(_ info: addrinfo, port: Int, backlog: Int32) throws(SyscallError) -> Bound {
        let fd = try Syscall.retrying("socket") {
            socket(info.ai_family, info.ai_socktype | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), info.ai_protocol)
        }
        do {
            try Syscall.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            _ = try Syscall.retrying("bind") { Glibc.bind(fd, info.ai_addr, info.ai_addrlen) }
            _ = try Syscall.retrying("listen") { Glibc.listen(fd, backlog) }
            return Bound(fd: fd, port: try boundPort(fd))
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    private static func boundPort(_ fd: Int32) throws(SyscallError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { pointer throws(SyscallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SyscallError) in
                try Syscall.retrying("getsockname") { getsockname(fd, address, &length) }
            }
        }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return 0
        }
    }
}
