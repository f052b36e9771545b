import Glibc

/// A failed system call: its name and the `errno` captured right after it returned.
struct SyscallError: Error, Equatable, CustomStringConvertible {
    let function: String
    let errno: Int32

    var description: String { "\(function): \(String(cString: strerror(errno))) (errno \(errno))" }
}

/// What a non-blocking read or write did.
enum IOResult: Equatable {
    /// This many bytes moved; 0 from a read means end of stream.
    case processed(Int)
    /// The socket is not ready (EAGAIN / EWOULDBLOCK); wait for readiness.
    case wouldBlock
}

/// The one place the HTTP server calls into the C library for sockets.
///
/// Every call is retried on `EINTR` and a failure captures `errno` immediately, before any other
/// call can overwrite it (the approach of SwiftNIO's `NIOPosix/System.swift`). Nothing here owns a
/// descriptor; ownership rules live with the callers (`Listener`, `Connection`).
enum Syscall {
    /// Runs `body` again while it fails with `EINTR`; throws with `errno` on any other failure.
    @inline(__always)
    static func retrying<T: FixedWidthInteger>(_ function: String, _ body: () -> T) throws(SyscallError) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SyscallError(function: function, errno: code)
        }
    }

    /// Like `retrying`, but `EAGAIN`/`EWOULDBLOCK` is reported as `.wouldBlock` instead of an error.
    @inline(__always)
    static func nonBlocking(_ function: String, _ body: () -> Int) throws(SyscallError) -> IOResult {
        while true {
            let result = body()
            if result >= 0 { return .processed(result) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw SyscallError(function: function, errno: code)
        }
    }

    /// Writes all of `bytes` to a blocking descriptor (standard output or error), retrying
    /// `EINTR` and short writes; gives up silently on any other failure, because a log that
    /// cannot be written has nowhere to report it.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SyscallError) -> IOResult {
        try nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// `sendmsg` of `first` then `second` in one call (either may be empty), with
    /// `MSG_NOSIGNAL`: a peer that went away yields `EPIPE`, never `SIGPIPE`.
    static func send(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
        throws(SyscallError) -> IOResult {
        var parts = (iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                     iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        return try withUnsafeMutableBytes(of: &parts) { raw throws(SyscallError) in
            var message = msghdr()
            message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = 2
            return try nonBlocking("sendmsg") { Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket, with its peer's IP
    /// address (`Syscall.address(of:)`); nil when none is pending.
    /// (Glibc's module map hides `accept4`, so the flags are set with fcntl; the server never
    /// forks, so the short window before FD_CLOEXEC does not matter.)
    static func accept(_ listener: Int32) throws(SyscallError) -> (fd: Int32, peer: String)? {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
            }
            if fd >= 0 {
                do {
                    let flags = try retrying("fcntl") { fcntl(fd, F_GETFL) }
                    _ = try retrying("fcntl") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
                    _ = try retrying("fcntl") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
                } catch {
                    close(fd)
                    continue
                }
                return (fd, address(of: storage))
            }
            let code = errno
            switch code {
            // ECONNABORTED/EPROTO: that peer reset before we got to it; try the next one.
            case EINTR, ECONNABORTED, EPROTO: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw SyscallError(function: "accept4", errno: code)
            }
        }
    }

    /// The IP address of a socket address, without the port: dotted IPv4, or IPv6 text
    /// (RFC 5952, by inet_ntop). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, an IPv4
    /// client of a dual-stack listener) is given as the IPv4 address it maps. "" for other
    /// families (none reach a TCP listener).
    static func address(of storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>?
        switch Int32(storage.ss_family) {
        case AF_INET:
            written = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    return inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                }
            }
        case AF_INET6:
            written = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    let isMapped = withUnsafeBytes(of: &ip) { bytes in
                        bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                    }
                    if isMapped {
                        var v4 = in_addr()
                        withUnsafeMutableBytes(of: &v4) { target in
                            withUnsafeBytes(of: &ip) { source in target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[12..<16])) }
                        }
                        return inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
                    }
                    return inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                }
            }
        default:
            return ""
        }
        guard written != nil, let end = text.firstIndex(of: 0) else { return "" }
        return String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) throws(SyscallError) {
        var value = value
        _ = try retrying("setsockopt") {
            setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Half-closes: our FIN goes out after queued data, the read side stays open (lingering close).
    static func shutdownWrite(_ fd: Int32) throws(SyscallError) {
        _ = try retrying("shutdown") { Glibc.shutdown(fd, Int32(SHUT_WR)) }
    }

    /// Closes `fd`. `EINTR` is not retried: on Linux the descriptor is released even then, and a
    /// retry could close a descriptor another thread has just been given.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
