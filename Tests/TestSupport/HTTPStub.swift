import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of outbound requests: each path answers
/// what `respond` says (status, headers, body, an optional delay before answering), one
/// request per connection (`Connection: close`). It records every request's method, path,
/// headers and body. Connections are served on threads of their own. Thread safety:
/// `Sendable`.
public final class HTTPStub: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]   // lowercased names
        public var body: [UInt8]
    }
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]
        public var delaySeconds: Double
        public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], delaySeconds: Double = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delaySeconds = delaySeconds
        }
    }

    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var _requests: [Request] = []
    private var stopped = false
    private let respond: @Sendable (Request) -> Response

    private let done = DispatchSemaphore(value: 0)
    public let host: String

    /// `host`: the loopback address to listen on (127.0.0.1, or another of 127/8).
    public init(host: String = "127.0.0.1", respond: @escaping @Sendable (Request) -> Response) throws {
        self.host = host
        self.respond = respond
        (listener, port) = try LoopbackListener.open(host: host)
        Thread.detachNewThread { [self] in serve() }
    }

    public var url: String { "http://\(host):\(port)" }
    public var requests: [Request] { lock.withLock { _requests } }

    public func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        // Closed only once the accepting thread has left accept(): the number could
        // otherwise be reused by another test's socket while it still waits on it.
        done.wait()
        close(listener)
    }

    private func serve() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { if lock.withLock({ stopped }) { return } else { continue } }
            Thread.detachNewThread { [self] in
                handle(connection)
                close(connection)
            }
        }
    }

    private func handle(_ connection: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        func fill() -> Bool {
            let count = read(connection, &chunk, chunk.count)
            if count <= 0 { return false }
            buffer += chunk[..<count]
            return true
        }
        var headEnd: Range<Int>?
        while headEnd == nil {
            guard fill() else { return }
            headEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8))
        }
        let head = String(decoding: buffer[..<headEnd!.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[headEnd!.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let before = buffer.count
            guard fill() else { return }
            body += buffer[before...]
        }
        let request = Request(method: String(parts.first ?? ""), path: parts.count > 1 ? String(parts[1]) : "",
                              headers: headers, body: body)
        lock.withLock { _requests.append(request) }
        let response = respond(request)
        if response.delaySeconds > 0 { Thread.sleep(forTimeInterval: response.delaySeconds) }
        var text = "HTTP/1.1 \(response.status) Status\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        let bytes = Array((text + "\r\n").utf8) + response.body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            sent += count
        }
    }
}
