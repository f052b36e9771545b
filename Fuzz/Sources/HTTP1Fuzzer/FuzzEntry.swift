import HTTP1

/// libFuzzer entry point. Feeds the input to `RequestParser` whole, split in two at a
/// data-derived point, and one byte at a time (short inputs only), and traps if the
/// events or the error differ, or if an invariant of the parser's promises breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits so 413/414/431 paths are reached by short inputs; the first byte
    // picks between them and the defaults.
    let limits = (input.first ?? 0) & 1 == 0
        ? ParserLimits(maxRequestLineBytes: 64, maxHeaderBytes: 128, maxHeaderCount: 6, maxBodyBytes: 64)
        : ParserLimits()

    // The query's UTF-8 check must agree with the standard library's on any bytes.
    input.withUnsafeBufferPointer { bytes in
        check(String(validUTF8: bytes) == String(validating: bytes, as: UTF8.self), "String(validUTF8:) disagrees")
    }

    let whole = run([input], limits)
    let cut = input.isEmpty ? 0 : Int(input[input.count / 2]) * 7919 % (input.count + 1)
    let split = run([Array(input[..<cut]), Array(input[cut...])], limits)
    check(whole == split, "split at \(cut) differs: \(whole) vs \(split)")
    if input.count <= 512 {
        let bytewise = run(input.map { [$0] }, limits)
        check(whole == bytewise, "byte by byte differs: \(whole) vs \(bytewise)")
    }
    for event in whole.events {
        guard case .request(let request) = event else { continue }
        check(request.body.count <= limits.maxBodyBytes, "body over limit")
        check(request.target == "*" || request.target.hasPrefix("/"), "target not origin-form")
        check(request.version == .http1_0 || request.version == .http1_1, "unexpected version")
        // Whatever the parser returns must serialize without trapping.
        var out: [UInt8] = []
        ResponseSerializer.write(HTTPResponse(headers: request.headers, body: request.body), to: &out,
                                 date: "Sun, 06 Nov 1994 08:49:37 GMT", keepAlive: request.keepAlive,
                                 isHeadRequest: request.method == .head, requestVersion: request.version)
        do { _ = try QueryParameters(parsing: request.query) } catch {}  // may fail; must not trap
    }
    if let error = whole.error {
        check([400, 413, 414, 417, 431, 501, 505].contains(error.status.code), "unexpected status \(error)")
    }
    return 0
}

struct Outcome: Equatable {
    var events: [ParserEvent] = []
    var error: HTTPParseError?
    var idle = false
}

func run(_ chunks: [[UInt8]], _ limits: ParserLimits) -> Outcome {
    var parser = RequestParser(limits: limits)
    var outcome = Outcome()
    for chunk in chunks {
        chunk.withUnsafeBytes { parser.append($0) }
        do {
            while let event = try parser.next() { outcome.events.append(event) }
        } catch {
            outcome.error = error
            do {
                _ = try parser.next()
                check(false, "next() after an error did not throw")
            } catch let again {
                check(again == error, "a later next() threw a different error")
            }
            return outcome
        }
    }
    check(!(parser.isIdle && parser.isReadingHead), "idle while reading a head")
    outcome.idle = parser.isIdle
    return outcome
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        print("INVARIANT BROKEN: \(message())")
        fatalError(message())
    }
}
