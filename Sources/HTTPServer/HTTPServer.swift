import Dispatch
import Foundation
import Glibc
import HTTP1

/// An HTTP/1.1 server on non-blocking POSIX sockets (Linux: epoll).
///
/// Threading model:
/// - One serial control queue owns the listener, the accept source and the connection table.
/// - Connections are spread round-robin over `IOLoop` threads (one per core), each waiting in
///   epoll for its sockets and reading them. No thread ever blocks in a read.
/// - Handlers (`Responder.respond`) run on a concurrent handler queue, so a slow handler never
///   stalls another connection's I/O; the handler's thread sends the response itself, under
///   the connection's lock.
///
/// Thread safety: all public methods may be called from any thread (and `shutdown` from a
/// signal source). Mutable state is confined to `queue`; that confinement is why the class is
/// `@unchecked Sendable`.
public final class HTTPServer: @unchecked Sendable {
    private enum State {
        case initial
        case running(listener: DispatchSourceRead)
        case shuttingDown
        case stopped
    }

    private let configuration: ServerConfiguration
    /// What answers every request (public so that tests can ask it as if from any address).
    public let responder: any Responder
    private let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    private let metrics: HTTPMetrics?
    private let queue = DispatchQueue(label: "http.server")
    /// One per loop: a loop's requests are handled by its own threads.
    private let handlerPools: [HandlerPool]
    /// How often the handler pools are checked for stuck threads while tasks wait, and while
    /// none do.
    static let stallInterval = Duration.milliseconds(20)
    static let quietCheckInterval = Duration.milliseconds(100)
    private let shutdownFlag = ShutdownFlag()
    private let loops: [IOLoop]
    private let stopped = DispatchGroup()

    // Confined to `queue`.
    private var state = State.initial
    private var connections: [Int: Connection] = [:]
    private var nextConnectionID = 0
    private var listenerOpen = false
    private var acceptPaused = false
    /// A descriptor on /dev/null held in reserve: when `accept` fails for want of descriptors,
    /// closing it lets the server accept one pending connection to answer 503 and close it,
    /// instead of leaving clients hanging in the backlog. -1 while not held.
    private var reserveDescriptor: Int32 = -1
    /// Refused connections are logged at most once a second.
    private let refusalLog: RateLimitedLog
    /// Open connections by client address, against `maxConnectionsPerAddress`.
    private var perAddress: PerAddressConnections
    /// Writes per second by client address; nil when `writesPerSecondPerAddress` is 0. One
    /// for the whole server, shared by its connections.
    private let writeLimit: RateLimiter?

    /// `metrics`: record connections by state, requests in flight and the handler queue depth
    /// there (the router records requests by route: `Router.responder(metrics:)`).
    /// `eventLoops`: I/O loops (each with its handler pool); default one per core. A listener
    /// for metrics alone needs one.
    public convenience init(configuration: ServerConfiguration, responder: any Responder,
                            accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil, metrics: Metrics? = nil,
                            eventLoops: Int? = nil, log: @escaping @Sendable (String) -> Void = ErrorLog.standardError) {
        self.init(configuration: configuration, responder: responder, accessLog: accessLog,
                  readSize: IOLoop.defaultScratchSize, metrics: metrics, eventLoops: eventLoops, log: log)
    }

    /// `readSize`: bytes per socket read (tests make it small to force many reads).
    init(configuration: ServerConfiguration, responder: any Responder,
         accessLog: (@Sendable (AccessLogEntry) -> Void)?, readSize: Int, metrics: Metrics? = nil,
         eventLoops: Int? = nil, log: @escaping @Sendable (String) -> Void = ErrorLog.standardError) {
        self.configuration = configuration
        self.refusalLog = RateLimitedLog(sink: log)
        self.perAddress = PerAddressConnections(limit: configuration.maxConnectionsPerAddress)
        let writes = configuration.writesPerSecondPerAddress
        self.writeLimit = writes > 0 ? RateLimiter(limit: writes, periodSeconds: 1) : nil
        self.responder = responder
        self.accessLog = accessLog
        self.metrics = metrics?.http
        let count = max(1, eventLoops ?? ProcessInfo.processInfo.activeProcessorCount)
        let prefix = eventLoops == nil ? "http" : "http.\(configuration.port)"
        loops = (0..<count).map { IOLoop(name: "\(prefix).io.\($0)", scratchSize: readSize) }
        handlerPools = (0..<count).map { HandlerPool(name: "\(prefix).work.\($0)") }
        metrics?.http.add(pools: handlerPools)
    }

    /// Binds and listens; returns the bound port (the real one when the configured port is 0).
    /// Throws `ServerError` when the address is in use, the host does not resolve, and so on.
    public func start() throws(ServerError) -> Int {
        // MSG_NOSIGNAL already covers send; this also covers anything else that writes to a
        // socket whose peer is gone.
        signal(SIGPIPE, SIG_IGN)
        let result: Result<Int, ServerError> = queue.sync {
            guard case .initial = state else { return .failure(.notStartable) }
            let bound: Listener.Bound
            do throws(ServerError) {
                bound = try Listener.bind(host: configuration.host, port: configuration.port,
                                          backlog: configuration.backlog)
            } catch {
                return .failure(error)
            }
            // The handlers hold the server strongly: a started server stays alive until it is shut
            // down (cancelling the source releases them).
            let source = DispatchSource.makeReadSource(fileDescriptor: bound.fd, queue: queue)
            source.setEventHandler { [self] in acceptPending(listener: bound.fd) }
            reserveDescriptor = Self.openReserve()
            source.setCancelHandler { [self] in
                Syscall.close(bound.fd)
                if reserveDescriptor >= 0 { Syscall.close(reserveDescriptor); reserveDescriptor = -1 }
                listenerOpen = false
                finishIfDone()
            }
            listenerOpen = true
            state = .running(listener: source)
            for loop in loops { loop.start() }
            for pool in handlerPools { pool.start() }
            checkHandlerPools()
            stopped.enter()
            source.resume()
            return .success(bound.port)
        }
        return try result.get()
    }

    /// Graceful shutdown: stop accepting, close idle connections, let requests in progress
    /// finish (their responses say `Connection: close`), and after `shutdownGracePeriod` close
    /// whatever is left. Idempotent; returns at once.
    public func shutdown() {
        shutdownFlag.raise()
        queue.async { [self] in
            switch state {
            case .initial:
                state = .stopped
            case .running(let listener):
                state = .shuttingDown
                if acceptPaused { listener.resume(); acceptPaused = false }
                listener.cancel()
                for connection in connections.values {
                    connection.loop.execute { connection.beginShutdown() }
                }
                let grace = configuration.shutdownGracePeriod.nanoseconds
                queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: IOLoop.now() &+ grace)) { [self] in
                    guard case .shuttingDown = state else { return }
                    for connection in connections.values {
                        connection.loop.execute { connection.forceClose() }
                    }
                }
            case .shuttingDown, .stopped:
                return
            }
        }
    }

    /// Blocks until `shutdown()` has completed: listener closed and every connection closed.
    /// Returns at once if the server was never started.
    public func waitUntilStopped() {
        stopped.wait()
    }

    /// Open connections right now.
    public var connectionCount: Int {
        queue.sync { connections.count }
    }

    // MARK: accepting (on queue)

    private func acceptPending(listener: Int32) {
        guard case .running(let source) = state else { return }
        // A bounded batch per event keeps the control queue responsive under a connect flood.
        for _ in 0..<128 {
            let accepted: (fd: Int32, peer: String)?
            do {
                accepted = try Syscall.accept(listener)
            } catch {
                if isDescriptorExhaustion(error.errno), reserveDescriptor >= 0 {
                    // Give the reserve back for a moment: enough to accept one client and
                    // tell it to come back later.
                    Syscall.close(reserveDescriptor)
                    reserveDescriptor = -1
                    let refused = try? Syscall.accept(listener)
                    if let refused { refuse(refused.fd, peer: refused.peer, reason: .descriptors) }
                    reserveDescriptor = Self.openReserve()
                    if refused != nil && reserveDescriptor >= 0 { continue }
                }
                // Out of descriptors or memory: the pending connection stays in the backlog and
                // the source would fire again at once. Back off briefly instead of spinning.
                refusalLog.log("accept failed: \(error); pausing accepts for 100 ms")
                source.suspend()
                acceptPaused = true
                queue.asyncAfter(deadline: .now() + .milliseconds(100)) { [self] in
                    guard acceptPaused, case .running(let source) = state else { return }
                    acceptPaused = false
                    source.resume()
                }
                return
            }
            guard let (fd, peer) = accepted else { return }
            guard connections.count < configuration.maxConnections else {
                refuse(fd, peer: peer, reason: .connectionCap)
                continue
            }
            let id = nextConnectionID
            guard perAddress.admit(peer, id: id) else {
                refuse(fd, peer: peer, reason: .perAddressCap)
                continue
            }
            do {
                try Syscall.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
            } catch {
                Syscall.close(fd)
                perAddress.closed(id: id)
                continue
            }
            nextConnectionID += 1
            let index = id % loops.count
            let loop = loops[index]
            let connection = Connection(
                id: id, fd: fd, peer: peer, loop: loop, configuration: configuration, responder: responder,
                handlers: handlerPools[index], shutdownFlag: shutdownFlag, accessLog: accessLog,
                metrics: metrics, writeLimit: writeLimit, onClose: { [self] id in queue.async { self.connectionClosed(id) } })
            connections[id] = connection
            loop.execute { connection.start() }
        }
    }

    /// Why a connection was refused (the `reason` label of `stays_connections_refused_total`).
    enum RefusalReason: Int, CaseIterable {
        case connectionCap, descriptors, perAddressCap
        var label: String {
            switch self {
            case .connectionCap: "connection_cap"
            case .descriptors: "descriptors"
            case .perAddressCap: "per_address_cap"
            }
        }
    }

    /// What a refused connection reads: a complete 503 that closes the connection.
    static let refusalResponse = CannedProblem(
        status: "503 Service Unavailable", type: .serviceUnavailable, title: "Service Unavailable",
        detail: "The server has too many connections; try again shortly.")

    /// What a connection over `maxConnectionsPerAddress` reads: a complete 429 that closes it.
    static let perAddressRefusalResponse = CannedProblem(
        status: "429 Too Many Requests", type: .rateLimited, title: "Too many requests",
        detail: "Too many connections from this address; close one or try again shortly.")

    /// A whole response (head and problem body) with `Retry-After: 1` and `Connection: close`,
    /// built once but for its `Date` (RFC 9110 §6.6.1: an origin server with a clock sends it
    /// in every response): a refusal is sent before any request is read, so it has no request id.
    struct CannedProblem: Sendable {
        private let head: [UInt8]
        private let tail: [UInt8]

        init(status: String, type: ProblemType, title: String, detail: String) {
            let code = status.prefix { $0 != " " }
            let body = #"{"type":""# + type.uri + #"","title":""# + title + #"","status":"# + code
                + #","detail":""# + detail + #""}"#
            head = Array("HTTP/1.1 \(status)\r\nDate: ".utf8)
            tail = Array(("\r\nContent-Type: application/problem+json\r\nCache-Control: no-store\r\n"
                + "Retry-After: 1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        }

        /// The bytes to send, dated `date` (an IMF-fixdate).
        func bytes(date: String) -> [UInt8] {
            head + Array(date.utf8) + tail
        }
    }

    /// Answers a connection the server will not serve with `refusalResponse` (at the
    /// per-address cap: `perAddressRefusalResponse`), without waiting:
    /// one non-blocking send (a fresh socket's send buffer always takes it), a half-close, a
    /// non-blocking read of whatever request already arrived (so the close does not turn into
    /// a reset that could discard the answer), and close. Counted and logged (rate-limited).
    private func refuse(_ fd: Int32, peer: String, reason: RefusalReason) {
        // Counted first: a client that reads the answer and the close may look at once.
        metrics?.connectionsRefused[reason.rawValue].increment()
        let canned = reason == .perAddressCap ? Self.perAddressRefusalResponse : Self.refusalResponse
        let answer = canned.bytes(date: loops[0].dateClock.current())
        answer.withUnsafeBytes { response in
            _ = try? Syscall.send(fd, response, UnsafeRawBufferPointer(start: nil, count: 0))
        }
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 4096)
        scratch.withUnsafeMutableBytes { buffer in
            for _ in 0..<16 {
                guard case .processed(let count)? = try? Syscall.read(fd, into: buffer), count > 0 else { break }
            }
        }
        Syscall.close(fd)
        let cause = switch reason {
        case .connectionCap: "503: the connection cap (\(configuration.maxConnections)) is reached"
        case .descriptors: "503: the process is out of file descriptors"
        case .perAddressCap: "429: the address holds \(configuration.maxConnectionsPerAddress) connections, its cap"
        }
        refusalLog.log("refused a connection from \(peer) with \(cause)")
    }

    private static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// The handler pools' watchdog (see `HandlerPool.checkForStall`), on `queue` until the
    /// server has stopped: often while tasks wait, rarely while none do.
    private func checkHandlerPools() {
        if case .stopped = state { return }
        let waiting = handlerPools.reduce(0) { $0 + $1.checkForStall() }
        let next = waiting > 0 ? Self.stallInterval : Self.quietCheckInterval
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: IOLoop.now() &+ next.nanoseconds)) { [self] in
            checkHandlerPools()
        }
    }

    private func connectionClosed(_ id: Int) {
        connections[id] = nil
        perAddress.closed(id: id)
        finishIfDone()
    }

    private func finishIfDone() {
        guard case .shuttingDown = state, connections.isEmpty, !listenerOpen else { return }
        state = .stopped
        for loop in loops { loop.stop() }
        for pool in handlerPools { pool.stop() }
        stopped.leave()
    }
}
