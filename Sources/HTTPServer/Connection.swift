import IPAddress
import Foundation
import Glibc
import HTTP1

/// One accepted TCP connection: performs the actions of its `ConnectionStateMachine` with a
/// non-blocking socket watched by its `IOLoop` (edge-triggered) and one deadline at a time.
///
/// Ownership: the connection owns `fd` and closes it exactly once, in `close()`; `onClose`
/// runs right after.
///
/// Thread safety: every mutable property is guarded by `lock`. Socket events, deadlines and the
/// server's calls (`start`, `beginShutdown`, `forceClose`, through `IOLoop.execute`) arrive on
/// the loop's thread; a handler's response is sent from the handler's thread when the loop is
/// asleep, so that a loop with nothing else to do need not wake up for it. What only the loop's thread may touch (the
/// loop's read buffer, its deadline heap and connection table) the handler's thread leaves to
/// the loop with `IOLoop.execute`. That lock is why the class is `@unchecked Sendable`.
final class Connection: @unchecked Sendable {
    private static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    /// Reads in a row before the connection lets the loop's other connections go first.
    private static let readsPerTurn = 16

    let id: Int
    let loop: IOLoop
    private let fd: Int32
    /// The peer's IP address, for `Request.clientAddress`.
    private let peer: String
    /// Whose `X-Forwarded-For` names the client (`ServerConfiguration.trustedProxies`).
    private let trustedProxies: TrustedProxies
    private let responder: any Responder
    private let handlers: HandlerPool
    private let shutdownFlag: ShutdownFlag
    private let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    private let metrics: HTTPMetrics?
    /// The server's per-address write limit (nil: none), checked before a write reaches a handler.
    private let writeLimit: RateLimiter?
    private let onClose: @Sendable (Int) -> Void
    private let lock = NSLock()

    // Guarded by `lock`.
    /// False while a handler's thread holds the lock to send its response.
    private var onLoopThread = true
    private var machine: ConnectionStateMachine
    /// Edge-triggered readiness: set by an event, cleared when a read or send would block.
    private var mayRead = true
    private var mayWrite = true
    /// The peer has half-closed or the socket failed: read on to the end instead of trusting
    /// a short read to mean "drained".
    private var peerHungUp = false
    private var armedDeadline: UInt64?
    private var isClosed = false

    /// Bytes to send: `outbound` (100 Continue, a response's head), then `outboundBody` (that
    /// response's body, sent from the handler's array without a copy).
    private var outbound: [UInt8] = []
    private var outboundOffset = 0
    private var outboundBody: [UInt8] = []
    private var outboundBodyOffset = 0
    private var hasUnsentOutput: Bool {
        outboundOffset < outbound.count || outboundBodyOffset < outboundBody.count
    }
    private var inFlight: (start: UInt64, time: Date, method: String, path: String, version: HTTPVersion,
                           userAgent: String?)?
    /// The state counted in `metrics.connections` (nil: none, closed).
    private var countedState: Int?

    init(id: Int, fd: Int32, peer: String, loop: IOLoop, configuration: ServerConfiguration, responder: any Responder,
         handlers: HandlerPool, shutdownFlag: ShutdownFlag, accessLog: (@Sendable (AccessLogEntry) -> Void)?,
         metrics: HTTPMetrics? = nil, writeLimit: RateLimiter? = nil, onClose: @escaping @Sendable (Int) -> Void) {
        self.shutdownFlag = shutdownFlag
        self.id = id
        self.fd = fd
        self.peer = peer
        self.trustedProxies = configuration.trustedProxies
        self.loop = loop
        self.responder = responder
        self.handlers = handlers
        self.accessLog = accessLog
        self.metrics = metrics
        self.writeLimit = writeLimit
        self.onClose = onClose
        machine = ConnectionStateMachine(limits: configuration.limits,
                                         timeouts: .init(configuration), now: IOLoop.now())
        if let metrics, let index = machine.state.metricIndex {
            metrics.connections[index].add(1)
            countedState = index
        }
    }

    /// Moves this connection's count to the machine's state (a comparison when unchanged).
    @inline(__always)
    private func countState() {
        guard let metrics else { return }
        let index = isClosed ? nil : machine.state.metricIndex
        guard index != countedState else { return }
        if let old = countedState { metrics.connections[old].add(-1) }
        if let index { metrics.connections[index].add(1) }
        countedState = index
    }

    // MARK: entry points (on the loop's thread)

    func start() {
        lock.lock()
        defer { lock.unlock() }
        do {
            try loop.register(self, fd: fd)
        } catch {
            close()
            return
        }
        sync()
        readWhileWanted()
    }

    func beginShutdown() {
        lock.lock()
        defer { lock.unlock() }
        perform(machine.beginShutdown())
        readWhileWanted()
    }

    func forceClose() {
        lock.lock()
        defer { lock.unlock() }
        close()
    }

    /// The loop saw the socket become readable or writable, or the peer hang up.
    func socketEvent(readable: Bool, writable: Bool, hungUp: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        if readable || hungUp { mayRead = true }
        if hungUp { peerHungUp = true }
        if writable || hungUp {
            mayWrite = true
            if hasUnsentOutput { flush() }
        }
        readWhileWanted()
    }

    /// A deadline scheduled with the loop has come.
    func deadlineReached(_ deadline: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        // Deadlines that were replaced by an earlier one are spent without effect.
        guard !isClosed, deadline == armedDeadline else { return }
        armedDeadline = nil
        perform(machine.timerFired(now: IOLoop.now()))
        readWhileWanted()
    }

    // MARK: I/O

    /// Reads while the socket may have bytes and the machine wants them. Bytes that arrive
    /// while a request is handled (pipelining) stay in the socket until the machine wants
    /// them: the client cannot make us buffer more than one request ahead.
    private func readWhileWanted() {
        guard onLoopThread else {
            // The read buffer is the loop's: a handler's thread hands reading back, and the loop
            // wakes for it only when there may be bytes to read.
            if !isClosed && mayRead && machine.wantsRead { onLoop { $0.readWhileWanted() } }
            return
        }
        var reads = 0
        while !isClosed && mayRead && machine.wantsRead {
            guard reads < Self.readsPerTurn else {
                onLoop { $0.readWhileWanted() }
                return
            }
            reads += 1
            let result: IOResult
            do {
                result = try Syscall.read(fd, into: loop.scratch)
            } catch {
                close()   // ECONNRESET and friends: nothing left to answer
                return
            }
            switch result {
            case .wouldBlock:
                mayRead = false
            case .processed(0):
                mayRead = false
                perform(machine.receivedEndOfStream())
            case .processed(let count):
                // A short read emptied the socket; the next bytes bring a new event.
                if count < loop.scratch.count && !peerHungUp { mayRead = false }
                perform(machine.received(UnsafeRawBufferPointer(rebasing: loop.scratch[0..<count]), now: IOLoop.now()))
            }
        }
    }

    private func perform(_ actions: [ConnectionStateMachine.Action]) {
        for action in actions {
            guard !isClosed else { return }
            switch action {
            case .dispatch(let request):
                dispatch(request)
            case .write(let outgoing):
                enqueue(outgoing)
            case .writeContinue:
                outbound.append(contentsOf: Self.continueBytes)
            case .shutdownWrite:
                do {
                    try Syscall.shutdownWrite(fd)
                } catch {
                    close()
                }
            case .close:
                close()
            }
        }
        countState()
        guard !isClosed else { return }
        if hasUnsentOutput && mayWrite {
            flush()   // may run further actions (writeFlushed) itself
        } else {
            sync()
        }
    }

    private func dispatch(_ request: HTTPRequest) {
        // Only the access log and the metrics read them: no clock reads or string copies
        // without them.
        let received = accessLog != nil || metrics != nil ? IOLoop.now() : 0
        if accessLog != nil {
            inFlight = (received, Date(), request.method.rawValue, request.path, request.version,
                        request.headers["User-Agent"])
        }
        // Behind a trusted proxy the client is who X-Forwarded-For names (TrustedProxies); every
        // per-address limit keys on it. Without trusted proxies this is the peer, unread.
        let client = trustedProxies.networks.isEmpty ? peer
            : trustedProxies.clientAddress(peer: peer, forwardedFor: request.headers.values(for: "X-Forwarded-For"))
        if let writeLimit, request.method.isWrite, case .refused(let retryAfter) = writeLimit.admit(client) {
            // Over the limit: answered here, so a flood of writes never takes a handler thread.
            // After this event, like a handler's answer: the state machine is mid-action now.
            metrics?.writesRateLimited.increment()
            var problem = Problem.rateLimited(retryAfterSeconds: retryAfter)
            problem.requestID = RequestID.id(incoming: request.headers[RequestID.headerName])
            let response = responder.finishing(problem.response(), to: request)
            onLoop { $0.respond(response) }
            return
        }
        metrics?.inFlight.add(1)
        countState()   // now, not after the handler may already have run
        handlers.submit { [self, responder, client, metrics] in
            let response = responder.respond(to: request, clientAddress: client, receivedAt: received)
            metrics?.inFlight.add(-1)
            // A busy loop takes the response with its other work, in the same turn; a loop
            // asleep in epoll would have to be woken for it, which costs more than sending
            // from here.
            if loop.executeIfAwake({ [self] in lock.withLock { respond(response) } }) { return }
            lock.lock()
            defer { lock.unlock() }
            onLoopThread = false
            respond(response)
            onLoopThread = true
        }
    }

    private func respond(_ response: HTTPResponse) {
        guard !isClosed else { return }
        // The server's per-connection notice may still be on its way: the flag is
        // raised first, so the answer to a request in flight says it will close.
        if shutdownFlag.isRaised { perform(machine.beginShutdown()) }
        guard !isClosed else { return }
        perform(machine.responseReady(response, now: IOLoop.now()))
        readWhileWanted()
    }

    /// Runs `body` under the lock on the loop's thread, after the current event.
    private func onLoop(_ body: @escaping @Sendable (Connection) -> Void) {
        loop.execute { [self] in lock.withLock { body(self) } }
    }

    private func enqueue(_ outgoing: ConnectionStateMachine.Outgoing) {
        var response = outgoing.response
        // Never guess a media type; say it is opaque bytes.
        if !response.body.isEmpty && response.status.allowsBody && !response.headers.contains("Content-Type") {
            response.headers.append(name: "Content-Type", value: "application/octet-stream")
        }
        // Head and body go out in one sendmsg when the socket has room, so Nagle and delayed
        // ACK never stall us. The state machine queues a response only once the last is sent.
        assert(outboundBodyOffset == outboundBody.count, "a response queued behind an unsent body")
        if ResponseSerializer.writeHead(response, to: &outbound, date: loop.dateClock.current(),
                                        keepAlive: outgoing.keepAlive, isHeadRequest: outgoing.isHeadRequest,
                                        requestVersion: outgoing.requestVersion) {
            outboundBody = response.body
            outboundBodyOffset = 0
        }
        if let accessLog {
            let sentBody = outgoing.isHeadRequest || !response.status.allowsBody ? 0 : response.body.count
            let requestID = response.headers[RequestID.headerName] ?? "-"
            if let inFlight {
                accessLog(AccessLogEntry(time: inFlight.time, method: inFlight.method, path: inFlight.path,
                                         status: response.status.code,
                                         durationMicroseconds: Int((IOLoop.now() - inFlight.start) / 1000),
                                         bytes: sentBody, requestID: requestID, clientAddress: peer,
                                         userAgent: inFlight.userAgent, version: inFlight.version.description))
            } else {
                // Answered by the connection itself (parse error, 408): no request to name.
                accessLog(AccessLogEntry(time: Date(), method: "-", path: "-", status: response.status.code,
                                         durationMicroseconds: 0, bytes: sentBody, requestID: requestID,
                                         clientAddress: peer))
            }
        }
        inFlight = nil
    }

    private func flush() {
        while hasUnsentOutput {
            let result: IOResult
            do {
                result = try outbound.withUnsafeBytes { head in
                    try outboundBody.withUnsafeBytes { body throws(SyscallError) in
                        try Syscall.send(fd, UnsafeRawBufferPointer(rebasing: head[outboundOffset...]),
                                         UnsafeRawBufferPointer(rebasing: body[outboundBodyOffset...]))
                    }
                }
            } catch {
                close()   // EPIPE, ECONNRESET: the client is gone
                return
            }
            switch result {
            case .processed(let count):
                let fromHead = min(count, outbound.count - outboundOffset)
                outboundOffset += fromHead
                outboundBodyOffset += count - fromHead
            case .wouldBlock:
                mayWrite = false   // the loop says when there is room again
                sync()
                return
            }
        }
        // Release the buffers: an idle connection holds no memory for output.
        outbound = []
        outboundOffset = 0
        outboundBody = []
        outboundBodyOffset = 0
        perform(machine.writeFlushed(now: IOLoop.now()))
    }

    /// Keeps a deadline scheduled for the machine's.
    private func sync() {
        guard !isClosed else { return }
        // Every request moves the deadline later; so a new one is scheduled only when it is
        // earlier than the one pending. A deadline that comes before the machine's does
        // nothing, and the machine's real one is then scheduled.
        if let deadline = machine.deadline, armedDeadline.map({ deadline < $0 }) ?? true {
            // The heap is the loop's. After a keep-alive response the new idle deadline is later
            // than the one armed, so a handler's thread rarely gets here.
            guard onLoopThread else {
                onLoop { $0.sync() }
                return
            }
            armedDeadline = deadline
            loop.schedule(self, at: deadline)
        }
    }

    // MARK: closing

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        countState()
        if onLoopThread {
            loop.deregister(self)
        } else {
            loop.execute { [self, loop] in loop.deregister(self) }
        }
        Syscall.close(fd)   // also takes it out of epoll; events already fetched find isClosed
        outbound = []
        outboundBody = []
        onClose(id)
    }
}
