import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal SMTP server on 127.0.0.1 (a port the kernel picks) for tests: it answers the
/// commands a client sends with success codes, keeps each message's envelope and DATA, and
/// can be told to refuse the next `failNext` messages (a `451` at DATA). One connection at a
/// time on its own thread; `stop()` ends it. Thread safety: `Sendable`.
public final class SMTPSink: @unchecked Sendable {
    public struct Received: Sendable {
        public var from: String
        public var recipients: [String]
        public var data: String
    }

    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var _received: [Received] = []
    private var _failNext = 0
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    public init() throws {
        (listener, port) = try LoopbackListener.open(backlog: 8)
        Thread.detachNewThread { [self] in serve() }
    }

    public var received: [Received] { lock.withLock { _received } }
    public func failNext(_ count: Int) { lock.withLock { _failNext = count } }

    public func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        done.wait()
        close(listener)
    }

    private func serve() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { if lock.withLock({ stopped }) { return } else { continue } }
            converse(connection)
            close(connection)
        }
    }

    private func converse(_ connection: Int32) {
        var buffer: [UInt8] = []
        func reply(_ line: String) { _ = Array((line + "\r\n").utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) } }
        func readLine(until terminator: [UInt8] = [13, 10]) -> String? {
            while true {
                if let range = buffer.firstRange(of: terminator) {
                    let line = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                    buffer.removeSubrange(..<range.upperBound)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(connection, &chunk, chunk.count)
                if count <= 0 { return nil }
                buffer += chunk[..<count]
            }
        }
        reply("220 sink ESMTP")
        var from = "", recipients: [String] = []
        while let line = readLine() {
            let upper = line.uppercased()
            if upper.hasPrefix("EHLO") || upper.hasPrefix("HELO") {
                reply("250-sink"); reply("250 8BITMIME")
            } else if upper.hasPrefix("MAIL FROM:") {
                from = String(line.dropFirst(10)); recipients = []; reply("250 OK")
            } else if upper.hasPrefix("RCPT TO:") {
                recipients.append(String(line.dropFirst(8))); reply("250 OK")
            } else if upper == "DATA" {
                reply("354 go ahead")
                guard let data = readLine(until: Array("\r\n.\r\n".utf8)) else { return }
                let refuse: Bool = lock.withLock {
                    if _failNext > 0 { _failNext -= 1; return true }
                    _received.append(Received(from: from, recipients: recipients, data: data))
                    return false
                }
                reply(refuse ? "451 try again later" : "250 queued")
            } else if upper == "QUIT" {
                reply("221 bye"); return
            } else {
                reply("250 OK")
            }
        }
    }
}
