import Testing
@testable import HTTP1

@Suite struct PipeliningTests {
    static let pair = "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
        + "POST /b HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n"
        + "GET /c HTTP/1.0\r\n\r\n"

    @Test func threeRequestsInOneBuffer() {
        let outcome = drive([bytes(Self.pair)])
        #expect(outcome.error == nil)
        let targets = outcome.events.compactMap { if case .request(let r) = $0 { r.target } else { nil } }
        #expect(targets == ["/a", "/b", "/c"])
    }

    @Test func splitAtEveryOffset() {
        let input = bytes(Self.pair)
        let reference = drive([input])
        #expect(reference.events.count == 3)
        for cut in 0...input.count {
            let outcome = drive([Array(input[..<cut]), Array(input[cut...])])
            #expect(outcome == reference, "split at \(cut)")
        }
    }

    @Test func splitAtEveryPairOfOffsets() {
        let input = bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n")
        let reference = drive([input])
        #expect(reference.events.count == 2)
        for first in 0...input.count {
            for second in first...input.count {
                let outcome = drive([Array(input[..<first]), Array(input[first..<second]), Array(input[second...])])
                #expect(outcome == reference, "split at \(first), \(second)")
            }
        }
    }

    @Test func errorAfterAGoodRequestKeepsTheGoodOne() {
        let outcome = drive([bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/9.9\r\n\r\n")])
        #expect(outcome.events.count == 1)
        #expect(outcome.error?.status == .httpVersionNotSupported)
    }

    @Test func manyPipelinedRequestsCompactTheBuffer() throws {
        // 10_000 requests through one parser, appended a few at a time: the buffer must
        // stay small even though far more bytes than any limit went through.
        var parser = RequestParser()
        var count = 0
        let batch = bytes(String(repeating: "GET /listings?id=1 HTTP/1.1\r\nHost: h\r\n\r\n", count: 10))
        for _ in 0..<1000 {
            parser.append(batch)
            while let event = try parser.next() {
                if case .request = event { count += 1 }
            }
        }
        #expect(count == 10_000)
        #expect(parser.isIdle)
        #expect(parser.buffer.count < 4 * batch.count)
    }

    @Test func partialRequestAfterCompleteOneStaysBuffered() throws {
        var parser = RequestParser()
        parser.append(bytes("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HT"))
        #expect(try parser.next() != nil)
        #expect(try parser.next() == nil)
        #expect(parser.isReadingHead && !parser.isIdle)
        parser.append(bytes("TP/1.1\r\nHost: h\r\n\r\n"))
        guard case .request(let r)? = try parser.next() else { Issue.record("no request"); return }
        #expect(r.target == "/b")
    }
}
