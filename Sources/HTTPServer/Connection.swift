import Dispatch
import Foundation
import Glibc
import HTTP1

/// One accepted TCP connection: performs the actions of its `ConnectionStateMachine` with a
/// non-blocking socket, Dispatch read/write sources and one re-armed Dispatch timer.
///
/// Ownership: the connection owns `fd` and closes it exactly once, in the cancel handler of the
/// last socket source to be cancelled (Dispatch requires the descriptor to stay open until
/// then). `onClose` runs after that.
///
/// Thread safety: every mutable property is confined to `loop.queue`. Sources and the timer run
/// their handlers there; handler results hop back there; the server calls `start`,
/// `beginShutdown` and `forceClose` there. That confinement is why the class is
/// `@unchecked Sendable`.
final class Connection: @unchecked Sendable {
    private static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    let id: Int
    let loop: IOLoop
    private let fd: Int32
    private let responder: any Responder
    private let handlerQueue: DispatchQueue
    private let shutdownFlag: ShutdownFlag
    private let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    private let onClose: @Sendable (Int) -> Void

    private var machine: ConnectionStateMachine
    private let readSource: DispatchSourceRead
    private var readSuspended = true
    private var writeSource: DispatchSourceWrite?
    private var writeSuspended = true
    private let timer: DispatchSourceTimer
    private var armedDeadline: UInt64?
    private var openSocketSources = 1
    private var isClosed = false

    private var outbound: [UInt8] = []
    private var outboundOffset = 0
    private var inFlight: (start: UInt64, time: Date, method: String, path: String)?

    init(id: Int, fd: Int32, loop: IOLoop, configuration: ServerConfiguration, responder: any Responder,
         handlerQueue: DispatchQueue, shutdownFlag: ShutdownFlag, accessLog: (@Sendable (AccessLogEntry) -> Void)?,
         onClose: @escaping @Sendable (Int) -> Void) {
        self.shutdownFlag = shutdownFlag
        self.id = id
        self.fd = fd
        self.loop = loop
        self.responder = responder
        self.handlerQueue = handlerQueue
        self.accessLog = accessLog
        self.onClose = onClose
        machine = ConnectionStateMachine(limits: configuration.limits,
                                         timeouts: .init(configuration), now: IOLoop.now())
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue)
        timer = DispatchSource.makeTimerSource(queue: loop.queue)
    }

    // MARK: entry points (on loop.queue)

    func start() {
        dispatchPrecondition(condition: .onQueue(loop.queue))
        readSource.setEventHandler { [self] in readable() }
        readSource.setCancelHandler { [self] in socketSourceCancelled() }
        timer.setEventHandler { [self] in
            armedDeadline = nil  // one-shot: spent
            perform(machine.timerFired(now: IOLoop.now()))
        }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        sync()
    }

    func beginShutdown() {
        perform(machine.beginShutdown())
    }

    func forceClose() {
        close()
    }

    // MARK: I/O

    private func readable() {
        guard !isClosed else { return }
        // Reading stays armed while a request is handled or answered (suspending and
        // resuming the source for every request cost more than the rest of `/health`'s
        // I/O); bytes that arrive meanwhile — pipelining — pause it here, and stay in the
        // socket until the machine wants them.
        guard machine.wantsRead else {
            suspendReading()
            return
        }
        let result: IOResult
        do {
            result = try Syscall.read(fd, into: loop.scratch)
        } catch {
            close()   // ECONNRESET and friends: nothing left to answer
            return
        }
        switch result {
        case .wouldBlock:
            return
        case .processed(0):
            perform(machine.receivedEndOfStream())
        case .processed(let count):
            perform(machine.received(UnsafeRawBufferPointer(rebasing: loop.scratch[0..<count]), now: IOLoop.now()))
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
        guard !isClosed else { return }
        if outboundOffset < outbound.count {
            flush()   // may run further actions (writeFlushed) itself
        } else {
            sync()
        }
    }

    private func dispatch(_ request: HTTPRequest) {
        // Only the access log reads it: no clock reads or string copies without one.
        if accessLog != nil { inFlight = (IOLoop.now(), Date(), request.method.rawValue, request.path) }
        handlerQueue.async { [self, responder] in
            let response = responder.respond(to: request)
            loop.queue.async { [self] in
                guard !isClosed else { return }
                // The server's per-connection notice may still be on its way: the flag is
                // raised first, so the answer to a request in flight says it will close.
                if shutdownFlag.isRaised { perform(machine.beginShutdown()) }
                guard !isClosed else { return }
                perform(machine.responseReady(response, now: IOLoop.now()))
            }
        }
    }

    private func enqueue(_ outgoing: ConnectionStateMachine.Outgoing) {
        var response = outgoing.response
        // Never guess a media type; say it is opaque bytes.
        if !response.body.isEmpty && response.status.allowsBody && !response.headers.contains("Content-Type") {
            response.headers.append(name: "Content-Type", value: "application/octet-stream")
        }
        // Headers and body go into one buffer: one send call per response when the socket has
        // room, so Nagle and delayed ACK never stall us.
        ResponseSerializer.write(response, to: &outbound, date: loop.date(), keepAlive: outgoing.keepAlive,
                                 isHeadRequest: outgoing.isHeadRequest, requestVersion: outgoing.requestVersion)
        if let accessLog {
            let sentBody = outgoing.isHeadRequest || !response.status.allowsBody ? 0 : response.body.count
            if let inFlight {
                accessLog(AccessLogEntry(time: inFlight.time, method: inFlight.method, path: inFlight.path,
                                         status: response.status.code,
                                         durationMicroseconds: Int((IOLoop.now() - inFlight.start) / 1000),
                                         bytes: sentBody))
            } else {
                // Answered by the connection itself (parse error, 408): no request to name.
                accessLog(AccessLogEntry(time: Date(), method: "-", path: "-", status: response.status.code,
                                         durationMicroseconds: 0, bytes: sentBody))
            }
        }
        inFlight = nil
    }

    private func flush() {
        while outboundOffset < outbound.count {
            let result: IOResult
            do {
                result = try outbound.withUnsafeBytes { bytes throws(SyscallError) in
                    try Syscall.send(fd, UnsafeRawBufferPointer(rebasing: bytes[outboundOffset...]))
                }
            } catch {
                close()   // EPIPE, ECONNRESET: the client is gone
                return
            }
            switch result {
            case .processed(let count):
                outboundOffset += count
            case .wouldBlock:
                waitForWritable()
                sync()
                return
            }
        }
        // Release the buffer: an idle connection holds no memory for output.
        outbound = []
        outboundOffset = 0
        if let writeSource, !writeSuspended {
            writeSource.suspend()
            writeSuspended = true
        }
        perform(machine.writeFlushed(now: IOLoop.now()))
    }

    private func waitForWritable() {
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: loop.queue)
            source.setEventHandler { [self] in
                guard !isClosed else { return }
                flush()
            }
            source.setCancelHandler { [self] in socketSourceCancelled() }
            openSocketSources += 1
            writeSource = source
        }
        if writeSuspended {
            writeSource?.resume()
            writeSuspended = false
        }
    }

    /// Aligns the read source and the timer with what the state machine wants.
    private func suspendReading() {
        guard !readSuspended else { return }
        readSource.suspend()
        readSuspended = true
    }

    private func sync() {
        guard !isClosed else { return }
        if machine.wantsRead && readSuspended {
            readSource.resume()
            readSuspended = false
        }
        // Every request moves the deadline later, and re-arming the timer costs a few µs;
        // so it is re-armed only for an earlier deadline. A timer that fires before the
        // machine's deadline does nothing, and the timer is then armed for the real one.
        if let deadline = machine.deadline, armedDeadline.map({ deadline < $0 }) ?? true {
            armedDeadline = deadline
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: max(deadline, 1)), leeway: .milliseconds(5))
        }
    }

    // MARK: closing

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        timer.cancel()
        // A suspended source never delivers its cancellation: resume before cancelling.
        if readSuspended { readSource.resume(); readSuspended = false }
        readSource.cancel()
        if let writeSource {
            if writeSuspended { writeSource.resume(); writeSuspended = false }
            writeSource.cancel()
        }
        outbound = []
    }

    private func socketSourceCancelled() {
        openSocketSources -= 1
        guard openSocketSources == 0 else { return }
        Syscall.close(fd)
        onClose(id)
    }
}
