import HTTP1

/// The lifecycle of one HTTP/1.1 connection, with no I/O and no clock of its own: the owner feeds
/// it events (bytes read, end of stream, response ready, write flushed, timer fired, shutdown)
/// with the current monotonic time in nanoseconds, and performs the actions it returns, in order.
///
/// Promises:
/// - At most one request is handled at a time; pipelined requests stay buffered in the parser
///   and are answered strictly in order, each after the previous response has flushed.
/// - `wantsRead` is false while a request is being handled or a response is unflushed
///   (backpressure: the client cannot make us buffer more than one request ahead).
/// - `deadline` is the single instant at which `timerFired` must be called: header, body, idle,
///   write or linger timeout depending on the state.
/// - A parse error is answered (problem+json, `Connection: close`) only when no response has
///   started, which is always the case here because the parser only runs between responses.
/// - Every close after a response is a lingering close: `.shutdownWrite`, then reads are
///   discarded until end of stream or `lingerTimeout`.
///
/// A value type, confined to its owner (in the server, the connection's queue).
struct ConnectionStateMachine {
    struct Timeouts: Sendable {
        var header: UInt64
        var body: UInt64
        var idle: UInt64
        var write: UInt64
        var linger: UInt64

        init(header: UInt64, body: UInt64, idle: UInt64, write: UInt64, linger: UInt64) {
            self.header = header
            self.body = body
            self.idle = idle
            self.write = write
            self.linger = linger
        }

        init(_ configuration: ServerConfiguration) {
            self.init(header: configuration.headerTimeout.nanoseconds, body: configuration.bodyTimeout.nanoseconds,
                      idle: configuration.idleTimeout.nanoseconds, write: configuration.writeTimeout.nanoseconds,
                      linger: configuration.lingerTimeout.nanoseconds)
        }
    }

    enum State: Equatable {
        /// No byte of a next request received.
        case idle
        case readingHead
        case readingBody
        /// A complete request was handed out with `.dispatch`; waiting for `responseReady`.
        case handling
        /// A response was handed out with `.write`; waiting for `writeFlushed`.
        case writing
        /// Write side shut down; discarding input until end of stream or the linger deadline.
        case lingering
        case closed
    }

    /// A response to serialize and send, with what the serializer needs to know.
    struct Outgoing {
        var response: HTTPResponse
        var keepAlive: Bool
        var isHeadRequest: Bool
        var requestVersion: HTTPVersion
    }

    enum Action {
        /// Run the request's handler, then call `responseReady`.
        case dispatch(HTTPRequest)
        /// Serialize and queue a response; call `writeFlushed` once everything queued is sent.
        case write(Outgoing)
        /// Queue "HTTP/1.1 100 Continue" (RFC 9110 §10.1.1); reading goes on.
        case writeContinue
        /// Half-close (shutdown SHUT_WR); the output queue is already empty.
        case shutdownWrite
        /// Close the connection now.
        case close
    }

    private(set) var state: State = .idle
    private(set) var deadline: UInt64?
    private(set) var isShuttingDown = false
    private var parser: RequestParser
    private let timeouts: Timeouts
    private var current: (keepAlive: Bool, isHead: Bool, version: HTTPVersion)?
    private var closeAfterWrite = false

    init(limits: ParserLimits, timeouts: Timeouts, now: UInt64) {
        parser = RequestParser(limits: limits)
        self.timeouts = timeouts
        deadline = now &+ timeouts.idle
    }

    var wantsRead: Bool {
        switch state {
        case .idle, .readingHead, .readingBody, .lingering: true
        case .handling, .writing, .closed: false
        }
    }

    // MARK: events

    mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> [Action] {
        switch state {
        case .idle, .readingHead, .readingBody:
            parser.append(bytes)
            return advance(now: now)
        case .lingering, .closed:
            return []
        case .handling, .writing:
            // Reads are paused in these states; keep the bytes for the next request anyway.
            parser.append(bytes)
            return []
        }
    }

    mutating func receivedEndOfStream() -> [Action] {
        switch state {
        case .idle, .readingHead, .readingBody, .lingering:
            // A request cut short gets no response: the client is gone.
            return close()
        case .handling, .writing:
            // Not reading now; the end of stream shows up again once reading resumes.
            return []
        case .closed:
            return []
        }
    }

    mutating func responseReady(_ response: HTTPResponse, now: UInt64) -> [Action] {
        guard state == .handling, let current else { return [] }
        var response = response
        let handlerWantsClose = response.headers.contains(token: "close", in: "Connection")
        // Connection is hop-by-hop and belongs to the server.
        response.headers.remove(name: "Connection")
        let keepAlive = current.keepAlive && !isShuttingDown && !handlerWantsClose
        self.current = nil
        return startWriting(Outgoing(response: response, keepAlive: keepAlive, isHeadRequest: current.isHead,
                                     requestVersion: current.version), now: now)
    }

    mutating func writeFlushed(now: UInt64) -> [Action] {
        guard state == .writing else { return [] }   // a 100 Continue flushed; nothing to do
        if closeAfterWrite || isShuttingDown {
            state = .lingering
            deadline = now &+ timeouts.linger
            return [.shutdownWrite]
        }
        state = .idle
        deadline = now &+ timeouts.idle
        return advance(now: now)
    }

    mutating func timerFired(now: UInt64) -> [Action] {
        guard let deadline, now >= deadline else { return [] }
        switch state {
        case .idle, .writing, .lingering:
            return close()
        case .readingHead, .readingBody:
            let problem = Problem(type: .requestTimeout, status: .requestTimeout,
                                  detail: state == .readingHead ? "The request header was not received in time."
                                                                 : "The request body was not received in time.")
            return failRequest(problem, now: now)
        case .handling, .closed:
            return []
        }
    }

    /// Graceful shutdown: an idle connection closes now; one mid-request finishes it and closes.
    mutating func beginShutdown() -> [Action] {
        isShuttingDown = true
        return state == .idle ? close() : []
    }

    // MARK: private

    private mutating func advance(now: UInt64) -> [Action] {
        var actions: [Action] = []
        while true {
            let event: ParserEvent?
            do {
                event = try parser.next()
            } catch {
                actions += failRequest(Problem(type: Self.problemType(for: error.status), status: error.status,
                                               detail: error.reason), now: now)
                return actions
            }
            switch event {
            case nil:
                updateReadingState(now: now)
                return actions
            case .continueExpected:
                updateReadingState(now: now)
                actions.append(.writeContinue)
            case .request(let request):
                state = .handling
                deadline = nil
                current = (request.keepAlive, request.method == .head, request.version)
                actions.append(.dispatch(request))
                return actions
            }
        }
    }

    private mutating func updateReadingState(now: UInt64) {
        if parser.isIdle {
            // A fresh parser drops the buffer the last request needed (up to the body limit):
            // an idle keep-alive connection holds no buffer at all.
            parser = RequestParser(limits: parser.limits)
            if state != .idle { state = .idle; deadline = now &+ timeouts.idle }
        } else if parser.isReadingHead {
            // The header clock starts at the first byte of the request and is never re-armed.
            if state != .readingHead { state = .readingHead; deadline = now &+ timeouts.header }
        } else if state != .readingBody {
            state = .readingBody
            deadline = now &+ timeouts.body
        }
    }

    /// The kind of a parse error's problem, by its status (`HTTPParseError` promises one of these).
    static func problemType(for status: HTTPStatus) -> ProblemType {
        switch status.code {
        case 413: .payloadTooLarge
        case 414: .uriTooLong
        case 417: .expectationFailed
        case 431: .headerFieldsTooLarge
        case 501: .notImplemented
        case 505: .httpVersionNotSupported
        default: .malformedRequest
        }
    }

    /// Answers a request the router never saw (parse error, timeout): no id came from a
    /// request, so one is generated, for the problem body and `X-Request-Id` alike.
    private mutating func failRequest(_ problem: Problem, now: UInt64) -> [Action] {
        var problem = problem
        problem.requestID = RequestID.generate()
        return startWriting(Outgoing(response: problem.response(), keepAlive: false, isHeadRequest: false,
                                     requestVersion: .http1_1), now: now)
    }

    private mutating func startWriting(_ outgoing: Outgoing, now: UInt64) -> [Action] {
        state = .writing
        closeAfterWrite = !outgoing.keepAlive
        deadline = now &+ timeouts.write
        return [.write(outgoing)]
    }

    private mutating func close() -> [Action] {
        state = .closed
        deadline = nil
        return [.close]
    }
}
