import HTTP1
import Testing
@testable import HTTPServer

/// The connection lifecycle, driven without sockets; time is a manual clock in nanoseconds.
@Suite struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine
    static let ms: UInt64 = 1_000_000
    static let timeouts = Machine.Timeouts(header: 100 * ms, body: 200 * ms, idle: 300 * ms, write: 400 * ms, linger: 50 * ms)

    var clock: UInt64 = 1_000 * ms
    var machine: Machine

    init() {
        machine = Machine(limits: ParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 10, maxBodyBytes: 16),
                          timeouts: Self.timeouts, now: 1_000 * Self.ms)
    }

    mutating func receive(_ text: String) -> [Machine.Action] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { machine.received($0, now: clock) }
    }

    mutating func advance(_ milliseconds: UInt64) { clock += milliseconds * Self.ms }

    func dispatched(_ actions: [Machine.Action]) -> [HTTPRequest] {
        actions.compactMap { if case .dispatch(let r) = $0 { r } else { nil } }
    }

    func written(_ actions: [Machine.Action]) -> [Machine.Outgoing] {
        actions.compactMap { if case .write(let o) = $0 { o } else { nil } }
    }

    func closes(_ actions: [Machine.Action]) -> Bool {
        actions.contains { if case .close = $0 { true } else { false } }
    }

    @Test mutating func keepAliveRequestCycle() {
        #expect(machine.state == .idle)
        #expect(machine.deadline == clock + Self.timeouts.idle)
        let actions = receive("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(dispatched(actions).map(\.path) == ["/a"])
        #expect(machine.state == .handling)
        #expect(machine.wantsRead == false)
        #expect(machine.deadline == nil)

        let response = machine.responseReady(HTTPResponse(status: .ok), now: clock)
        let outgoing = written(response)
        #expect(outgoing.count == 1)
        #expect(outgoing.first?.keepAlive == true)
        #expect(machine.state == .writing)
        #expect(machine.deadline == clock + Self.timeouts.write)

        advance(5)
        #expect(machine.writeFlushed(now: clock).isEmpty)
        #expect(machine.state == .idle)
        #expect(machine.wantsRead)
        #expect(machine.deadline == clock + Self.timeouts.idle)
    }

    @Test mutating func pipelinedRequestsAreHandledOneAtATimeInOrder() {
        let actions = receive("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(dispatched(actions).map(\.path) == ["/1"])
        var paths: [String] = ["/1"]
        for _ in 0..<2 {
            _ = machine.responseReady(HTTPResponse(), now: clock)
            paths += dispatched(machine.writeFlushed(now: clock)).map(\.path)
        }
        #expect(paths == ["/1", "/2", "/3"])
    }

    @Test mutating func headerTimeoutCountsFromTheFirstByteAndAnswers408() {
        advance(10)
        _ = receive("GET /slow HTTP/1.1\r\n")
        #expect(machine.state == .readingHead)
        let deadline = clock + Self.timeouts.header
        #expect(machine.deadline == deadline)
        advance(60)
        _ = receive("Host: x\r\n")   // more bytes do not extend the header deadline
        #expect(machine.deadline == deadline)
        advance(39)
        #expect(machine.timerFired(now: clock).isEmpty)   // early (spurious) timer: ignored
        advance(1)
        let actions = machine.timerFired(now: clock)
        let outgoing = written(actions)
        #expect(outgoing.first?.response.status == .requestTimeout)
        #expect(outgoing.first?.keepAlive == false)
        #expect(machine.writeFlushed(now: clock).contains { if case .shutdownWrite = $0 { true } else { false } })
        #expect(machine.state == .lingering)
        advance(50)
        #expect(closes(machine.timerFired(now: clock)))
    }

    @Test mutating func bodyTimeoutAnswers408() {
        _ = receive("POST /u HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(machine.state == .readingBody)
        #expect(machine.deadline == clock + Self.timeouts.body)
        advance(200)
        #expect(written(machine.timerFired(now: clock)).first?.response.status == .requestTimeout)
    }

    @Test mutating func idleTimeoutClosesSilently() {
        advance(300)
        let actions = machine.timerFired(now: clock)
        #expect(closes(actions))
        #expect(written(actions).isEmpty)
        #expect(machine.state == .closed)
    }

    @Test mutating func writeTimeoutCloses() {
        _ = receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = machine.responseReady(HTTPResponse(), now: clock)
        advance(400)
        #expect(closes(machine.timerFired(now: clock)))
    }

    @Test mutating func parseErrorIsAnsweredWithItsStatusThenLingeringClose() {
        let actions = receive("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99\r\n\r\n")
        let outgoing = written(actions)
        #expect(outgoing.first?.response.status == .contentTooLarge)
        #expect(outgoing.first?.response.headers["Content-Type"] == "application/problem+json")
        #expect(outgoing.first?.keepAlive == false)
        #expect(machine.wantsRead == false)
        let flushed = machine.writeFlushed(now: clock)
        #expect(flushed.count == 1)
        #expect(machine.state == .lingering)
        #expect(machine.wantsRead)   // drain what the client still sends
        #expect(receive("more garbage").isEmpty)
        #expect(closes(machine.receivedEndOfStream()))
    }

    @Test mutating func connectionCloseRequestClosesAfterTheResponse() {
        _ = receive("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\nHost: x\r\n\r\n")
        let outgoing = written(machine.responseReady(HTTPResponse(), now: clock))
        #expect(outgoing.first?.keepAlive == false)
        let flushed = machine.writeFlushed(now: clock)
        #expect(dispatched(flushed).isEmpty)
        #expect(machine.state == .lingering)
    }

    @Test mutating func handlerConnectionCloseIsHonouredAndStripped() {
        _ = receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let outgoing = written(machine.responseReady(HTTPResponse(headers: ["Connection": "close"]), now: clock))
        #expect(outgoing.first?.keepAlive == false)
        #expect(outgoing.first?.response.headers.contains("Connection") == false)
    }

    @Test mutating func http10ClosesUnlessKeepAliveAsked() {
        _ = receive("GET / HTTP/1.0\r\n\r\n")
        #expect(written(machine.responseReady(HTTPResponse(), now: clock)).first?.keepAlive == false)

        var other = Machine(limits: ParserLimits(), timeouts: Self.timeouts, now: clock)
        let bytes = Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8)
        _ = bytes.withUnsafeBytes { other.received($0, now: clock) }
        let outgoing = written(other.responseReady(HTTPResponse(), now: clock)).first
        #expect(outgoing?.keepAlive == true)
        #expect(outgoing?.requestVersion == .http1_0)
    }

    @Test mutating func expectContinueIsAnsweredBeforeTheBody() {
        let actions = receive("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
        #expect(actions.count == 1)
        #expect(actions.contains { if case .writeContinue = $0 { true } else { false } })
        #expect(machine.state == .readingBody)
        #expect(machine.writeFlushed(now: clock).isEmpty)   // the 100 flushed: still reading
        #expect(dispatched(receive("abc")).first?.body == Array("abc".utf8))
    }

    @Test mutating func endOfStreamMidRequestClosesWithoutResponse() {
        _ = receive("GET / HTTP/1.1\r\nHo")
        let actions = machine.receivedEndOfStream()
        #expect(closes(actions))
        #expect(written(actions).isEmpty)
    }

    @Test mutating func shutdownClosesIdleConnectionsAtOnce() {
        #expect(closes(machine.beginShutdown()))
    }

    @Test mutating func shutdownLetsTheInFlightRequestFinishWithConnectionClose() {
        _ = receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(machine.beginShutdown().isEmpty)
        let outgoing = written(machine.responseReady(HTTPResponse(), now: clock))
        #expect(outgoing.first?.keepAlive == false)
        _ = machine.writeFlushed(now: clock)
        #expect(machine.state == .lingering)
    }

    @Test mutating func shutdownDuringAKeepAliveWriteClosesAfterTheFlush() {
        _ = receive("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let outgoing = written(machine.responseReady(HTTPResponse(), now: clock))
        #expect(outgoing.first?.keepAlive == true)
        _ = machine.beginShutdown()
        _ = machine.writeFlushed(now: clock)
        #expect(machine.state == .lingering)
    }

    @Test mutating func bytesSplitAnywhereGiveTheSameRequests() {
        let text = "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        var requests: [HTTPRequest] = []
        for character in text {
            requests += dispatched(receive(String(character)))
        }
        #expect(requests.count == 1)
        #expect(requests.first?.body == Array("abc".utf8))
    }
}
