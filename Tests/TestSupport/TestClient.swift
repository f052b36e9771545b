import Foundation
import Glibc

/// A response as the test client parsed it.
public struct ClientResponse {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

public struct ClientError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// A small blocking HTTP/1.1 client over a real TCP socket. Every read is bounded by
/// SO_RCVTIMEO (a safety net so a broken server fails the test instead of hanging it).
public final class TestClient {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// `sourceAddress`: an IPv4 address to bind the socket to before connecting (any of
    /// 127.0.0.0/8 on Linux), so a test can be a second client address over loopback.
    public init(port: Int, host: String = "127.0.0.1", receiveTimeout: Int = 5, sourceAddress: String? = nil) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw ClientError(description: "getaddrinfo failed")
        }
        defer { freeaddrinfo(list) }
        fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        // From here a throw still runs deinit, which closes `fd`: closing it here too would
        // close whatever descriptor another thread got under the same number meanwhile (a
        // server's connection, a libpq socket), which failed unrelated tests with EBADF.
        guard fd >= 0 else { throw ClientError(description: "socket failed: \(errno)") }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if let sourceAddress {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, sourceAddress, &local.sin_addr) == 1 else {
                throw ClientError(description: "not an IPv4 address: \(sourceAddress)")
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                throw ClientError(description: "bind to \(sourceAddress) failed: \(code)")
            }
        }
        if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
            let code = errno
            // A signal (another test's child process exiting) interrupts connect, which then goes
            // on asynchronously: wait for it to finish and take its result instead of failing.
            guard code == EINTR else { throw ClientError(description: "connect failed: \(code)") }
            try finishInterruptedConnect(timeoutSeconds: receiveTimeout)
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    private func finishInterruptedConnect(timeoutSeconds: Int) throws {
        var waiter = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&waiter, 1, Int32(timeoutSeconds * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw ClientError(description: "connect timed out") }
            break
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
        guard failure == 0 else { throw ClientError(description: "connect failed: \(failure)") }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ClientError(description: "send failed: \(errno)") }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false on end of stream (or reset).
    ///
    /// A receive timeout makes recv unrestartable, so a signal (Foundation's SIGCHLD handler,
    /// when another test's child process exits) interrupts it with EINTR even under
    /// SA_RESTART: that is retried, not a failure (CI saw "recv failed: 4").
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var n = 0
        var code: Int32 = 0
        repeat {
            n = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            code = n < 0 ? errno : 0
        } while n < 0 && code == EINTR
        if n > 0 { buffer.append(contentsOf: chunk[0..<n]); return true }
        if n == 0 { return false }
        if code == ECONNRESET { return false }
        if code == EAGAIN || code == EWOULDBLOCK { throw ClientError(description: "read timed out (SO_RCVTIMEO)") }
        throw ClientError(description: "recv failed: \(code)")
    }

    /// Reads one response. `expectBody: false` for HEAD (Content-Length describes the GET body).
    public func readResponse(expectBody: Bool = true) throws -> ClientResponse {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                    throw ClientError(description: "bad status line: \(head)")
                }
                let headers = lines.map { line -> (String, String) in
                    let colon = line.firstIndex(of: ":")!
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                var response = ClientResponse(status: status, headers: headers, body: [])
                let length = expectBody && status >= 200 && status != 204 && status != 304
                    ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw ClientError(description: "closed mid-body") }
                }
                response.body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return response
            }
            guard try fill() else { throw ClientError(description: "closed before a response (\(buffer.count) bytes buffered)") }
        }
    }

    /// True when the server closes the connection (end of stream or reset) with nothing more
    /// sent; throws if bytes arrive or the safety timeout expires first.
    public func waitForClose() throws -> Bool {
        while try fill() {}
        return buffer.isEmpty
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where buffer[i] == needle[0] {
            if Array(buffer[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

extension TestClient {
    /// Sends `GET target` (with `Host` and the given headers) and reads the response.
    public func get(_ target: String, headers: [(String, String)] = []) throws -> ClientResponse {
        try send(method: "GET", target, headers: headers)
    }

    /// Sends `POST target` with `body` (and `Content-Length`, `Host`, the given headers) and
    /// reads the response. `contentType` nil sends no `Content-Type`.
    public func post(_ target: String, json body: String, contentType: String? = "application/json",
                     headers: [(String, String)] = []) throws -> ClientResponse {
        var all = headers
        if let contentType { all.append(("Content-Type", contentType)) }
        return try send(method: "POST", target, headers: all, body: Array(body.utf8))
    }

    /// Sends one request: the request line, `Host: localhost`, the given headers, then
    /// `Content-Length` and the body when there is one (or when the method is POST or PUT,
    /// which announce an empty body), and reads the response (`expectBody` false for HEAD).
    public func send(method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [],
                     expectBody: Bool = true) throws -> ClientResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse(expectBody: expectBody && method != "HEAD")
    }
}
