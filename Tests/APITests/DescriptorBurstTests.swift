import Foundation
import Glibc
import HTTPServer
import TestSupport
import Testing

/// The real `stays` under `ulimit -n 1024`, hit right after start by 2,000 connections at
/// once, each sending a request that needs the database: no answer is a 500. Every
/// connection gets a 200, or a 503 with `Retry-After` (the connection cap fitted under the
/// limit, or out of descriptors), or is refused outright; and the server's log says why.
@Suite struct DescriptorBurstTests {
    static let burst = 2_000

    /// What one burst connection got.
    enum Outcome: Hashable {
        case status(Int, retryAfter: Bool)
        /// Reset or closed before any response: a refused connection.
        case refused
    }

    @Test func aBurstUnderALowDescriptorLimitAnswersNo500() throws {
        #expect(FileManager.default.isExecutableFile(atPath: DurabilityTests.executable.path), "build stays first")
        // This process holds the client side of all 2,000 at once.
        let limits = try #require(DescriptorLimit.raiseSoftToHard())
        try #require(limits.soft >= Self.burst + 500, "the test needs \(Self.burst + 500) descriptors, has \(limits.soft)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try CatalogFixture.make(in: directory).path
        let log = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        // `ulimit -n` in the shell sets the soft and the hard limit; exec keeps the pid.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"ulimit -n 1024 && exec "$0" "$@""#, DurabilityTests.executable.path,
                             "serve", "--port", "0", "--database", database, "--no-seed", "--quiet",
                             "--today", "2027-12-20"]
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        let port = try Self.waitForPort(log: log, process: process)

        let outcomes = Self.burst(Self.burst, port: port, target: "/listings/101")
        var counts: [Outcome: Int] = [:]
        for outcome in outcomes { counts[outcome, default: 0] += 1 }
        let served = counts[.status(200, retryAfter: false), default: 0]
        let unavailable = counts[.status(503, retryAfter: true), default: 0]
        let refused = counts[.refused, default: 0]
        // Nothing but those three; in particular no 500 and no 503 without Retry-After.
        #expect(served + unavailable + refused == Self.burst, "outcomes: \(counts)")
        #expect(served > 0, "outcomes: \(counts)")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("limit 1024 (hard 1024)"), "\(text)")
        // Refusals are logged (at most one line a second, with a count of the rest).
        if unavailable + refused > 0 {
            #expect(text.contains("refused a connection from 127.0.0.1 with 503"), "nothing logged: \(text)")
        }
        // And it still serves afterwards.
        #expect(try TestClient(port: port).get("/health/ready").status == 200)
        print("burst of \(Self.burst) under ulimit -n 1024: \(served) × 200, \(unavailable) × 503 with Retry-After, "
              + "\(refused) refused")
    }

    /// Reads the log until `listening on http://127.0.0.1:PORT`.
    static func waitForPort(log: URL, process: Process) throws -> Int {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(text[range].split(separator: ":").last ?? "") {
                return port
            }
            guard process.isRunning else { throw ClientError(description: "stays exited: \(text)") }
            usleep(20_000)
        }
        throw ClientError(description: "stays did not start listening")
    }

    /// Opens `count` connections, each sending one GET of `target` right after it connects,
    /// all held open at once; then reads each one's response head.
    static func burst(_ count: Int, port: Int, target: String) -> [Outcome] {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let request = Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n".utf8)
        var sockets: [Int32?] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { sockets.append(nil); continue }
            var timeout = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if connected == 0 {
                _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            sockets.append(fd)
        }
        defer { for case let fd? in sockets { close(fd) } }
        return sockets.map { fd in
            guard let fd else { return .refused }
            return readHead(fd)
        }
    }

    /// The status and whether `Retry-After` is present, from one response head.
    static func readHead(_ fd: Int32) -> Outcome {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }  // another test's child exiting (SIGCHLD)
            if count <= 0 { break }
            received += buffer.prefix(count)
            if let text = String(bytes: received, encoding: .utf8), text.contains("\r\n\r\n") { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 "), let code = Int(text.dropFirst(9).prefix(3)) else { return .refused }
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        return .status(code, retryAfter: head.lowercased().contains("\r\nretry-after: "))
    }
}
