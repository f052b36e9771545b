import Testing
@testable import HTTP1

/// What feeding some bytes to a fresh parser produced: the events, then the error if any.
struct Outcome: Equatable, CustomStringConvertible {
    var events: [ParserEvent]
    var error: HTTPParseError?

    var description: String {
        events.map { event in
            switch event {
            case .continueExpected: "continue"
            case .request(let r): "\(r.method) \(r.target) \(r.version) body=\(r.body.count)"
            }
        }.joined(separator: ", ") + (error.map { " error \($0)" } ?? "")
    }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Feeds `chunks` in order, draining events after each.
func drive(_ chunks: [[UInt8]], limits: ParserLimits = ParserLimits()) -> Outcome {
    var parser = RequestParser(limits: limits)
    var outcome = Outcome(events: [])
    for chunk in chunks {
        parser.append(chunk)
        do {
            while let event = try parser.next() { outcome.events.append(event) }
        } catch {
            outcome.error = error
            // Every later call throws the same error.
            #expect(throws: error) { try parser.next() }
            return outcome
        }
    }
    return outcome
}

/// The reference request used around fixtures when checking pipelining.
let pingText = "GET /ping HTTP/1.1\r\nHost: a\r\n\r\n"
let pingRequest = HTTPRequest(method: .get, target: "/ping", headers: ["Host": "a"])

/// Checks one fixture whole, fed one byte at a time, and pipelined after (and, when it
/// succeeds, before) another request.
func check(_ input: String, limits: ParserLimits = ParserLimits(),
           sourceLocation: SourceLocation = #_sourceLocation, _ verify: (Outcome) -> Void) {
    check(bytes(input), limits: limits, sourceLocation: sourceLocation, verify)
}

func check(_ input: [UInt8], limits: ParserLimits = ParserLimits(),
           sourceLocation: SourceLocation = #_sourceLocation, _ verify: (Outcome) -> Void) {
    let whole = drive([input], limits: limits)
    verify(whole)
    let byteByByte = drive(input.map { [$0] }, limits: limits)
    #expect(byteByByte == whole, "byte by byte", sourceLocation: sourceLocation)

    let prefix = bytes(pingText)
    let after = drive([prefix + input], limits: limits)
    #expect(after == Outcome(events: [.request(pingRequest)] + whole.events, error: whole.error),
            "pipelined after a request", sourceLocation: sourceLocation)
    if whole.error == nil {
        let around = drive([prefix + input + prefix], limits: limits)
        let expected = [.request(pingRequest)] + whole.events + [.request(pingRequest)]
        #expect(around == Outcome(events: expected), "pipelined between requests", sourceLocation: sourceLocation)
        let aroundByByte = drive((prefix + input + prefix).map { [$0] }, limits: limits)
        #expect(aroundByByte == around, "pipelined byte by byte", sourceLocation: sourceLocation)
    }
}

/// Expects the fixture to fail with `status` (and `reason`, when given) before any request.
func expectError(_ input: String, _ status: HTTPStatus, _ reason: String? = nil,
                 limits: ParserLimits = ParserLimits(), sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(bytes(input), status, reason, limits: limits, sourceLocation: sourceLocation)
}

func expectError(_ input: [UInt8], _ status: HTTPStatus, _ reason: String? = nil,
                 limits: ParserLimits = ParserLimits(), sourceLocation: SourceLocation = #_sourceLocation) {
    check(input, limits: limits, sourceLocation: sourceLocation) { outcome in
        #expect(outcome.error?.status == status, "\(outcome)", sourceLocation: sourceLocation)
        if let reason {
            #expect(outcome.error?.reason == reason, sourceLocation: sourceLocation)
        }
        #expect(!outcome.events.contains { if case .request = $0 { true } else { false } },
                sourceLocation: sourceLocation)
    }
}

/// Expects exactly one request (with an optional 100-continue before it) and returns it.
@discardableResult
func expectRequest(_ input: String, continueFirst: Bool = false, limits: ParserLimits = ParserLimits(),
                   sourceLocation: SourceLocation = #_sourceLocation) -> HTTPRequest? {
    var request: HTTPRequest?
    check(bytes(input), limits: limits, sourceLocation: sourceLocation) { outcome in
        #expect(outcome.error == nil, "\(outcome)", sourceLocation: sourceLocation)
        var events = outcome.events
        if continueFirst {
            #expect(events.first == .continueExpected, sourceLocation: sourceLocation)
            if !events.isEmpty { events.removeFirst() }
        }
        #expect(events.count == 1, "\(outcome)", sourceLocation: sourceLocation)
        if case .request(let r)? = events.first { request = r }
    }
    return request
}
