/// A sans-IO HTTP/1.1 request parser (RFC 9112): push bytes in with `append`, pull
/// `ParserEvent`s out with `next()` until it returns nil ("need more bytes").
///
/// Promises:
/// - Every malformed or over-limit request ends in an `HTTPParseError` carrying the status
///   to answer with; the parser never traps on input. After an error every later `next()`
///   throws the same error.
/// - The events do not depend on how the bytes were split into `append` calls.
/// - Pipelined requests: bytes after a complete request stay buffered for the next one.
/// - Memory: at most the `ParserLimits` plus what one `append` added is buffered;
///   consumed bytes are dropped with amortized O(1) cost per byte.
///
/// Line endings: CRLF, and also a bare LF wherever CRLF is expected (RFC 9112 §2.2 allows
/// recognizing a bare LF; nginx and Go do), consistently for the request line, header and
/// trailer lines, chunk-size lines and the end of chunk data. A CR not followed by LF is 400.
///
/// Header values keep obs-text (0x80–0xFF); they are decoded as UTF-8 with invalid
/// sequences replaced by U+FFFD.
///
/// A value type with no shared state: one per connection, not shared between threads.
public struct RequestParser: Sendable {
    enum State: Sendable, Equatable {
        case requestLine
        case headerFields
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailerFields
    }

    /// Empty lines tolerated before a request line (RFC 9112 §2.2 asks for at least one).
    static let maxLeadingEmptyLines = 16
    /// Bytes of one chunk-size line, extensions and terminator included; over it: 400.
    static let maxChunkLineBytes = 4096

    public let limits: ParserLimits

    var buffer: [UInt8] = []
    /// First byte not yet consumed.
    var readIndex = 0
    /// Where the search for the current line's LF resumes, so no byte is scanned twice.
    var scanIndex = 0
    var state: State = .requestLine
    var failure: HTTPParseError?
    var head = PendingHead()
    var body: [UInt8] = []
    var leadingEmptyLines = 0
    /// Bytes of the current request line's method already checked to be tchars, counted
    /// from `readIndex`; nil once the method's SP has been seen.
    var methodBytesChecked: Int? = 0
    var trailerBytes = 0
    var trailerCount = 0

    public init(limits: ParserLimits = ParserLimits()) {
        self.limits = limits
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// True while a request has started arriving (at least one byte of it buffered or
    /// consumed) but its header section is not complete. Empty lines before a request line
    /// are not part of a request (RFC 9112 §2.2) once consumed.
    public var isReadingHead: Bool {
        guard failure == nil else { return false }
        switch state {
        case .requestLine: return readIndex < buffer.count
        case .headerFields: return true
        default: return false
        }
    }

    /// True when no bytes of an unfinished request are buffered: the connection is idle
    /// between requests. False after an error.
    public var isIdle: Bool {
        failure == nil && state == .requestLine && readIndex == buffer.count
    }

    /// Next event from buffered bytes; nil = need more bytes. After it throws, every later
    /// call throws the same error (the connection must answer it with Connection: close and close).
    public mutating func next() throws(HTTPParseError) -> ParserEvent? {
        if let failure { throw failure }
        do {
            return try step()
        } catch {
            failure = error
            buffer = []
            readIndex = 0
            scanIndex = 0
            throw error
        }
    }

    private mutating func step() throws(HTTPParseError) -> ParserEvent? {
        while true {
            switch state {
            case .requestLine:
                // A byte that cannot start or continue a method is rejected as soon as it
                // arrives: a TLS ClientHello (or any binary) need not wait for a line end
                // that may never come.
                try checkMethodPrefix()
                guard let lf = findLineEnd() else {
                    // RFC 9112 §3: a request line longer than we accept is 414, known as
                    // soon as that many bytes sit in the buffer without a line end.
                    if buffer.count - readIndex > limits.maxRequestLineBytes { throw Self.uriTooLong }
                    return nil
                }
                let contentEnd = lineContentEnd(lf)
                if contentEnd == readIndex {
                    // RFC 9112 §2.2: ignore (a bounded number of) empty lines before a request line.
                    leadingEmptyLines += 1
                    if leadingEmptyLines > Self.maxLeadingEmptyLines {
                        throw .badRequest("too many empty lines before the request line")
                    }
                    consume(through: lf)
                    methodBytesChecked = 0
                    continue
                }
                if lf + 1 - readIndex > limits.maxRequestLineBytes { throw Self.uriTooLong }
                try parseRequestLine(end: contentEnd)
                consume(through: lf)
                methodBytesChecked = 0
                state = .headerFields

            case .headerFields:
                guard let lf = findLineEnd() else {
                    if head.headerBytes + (buffer.count - readIndex) > limits.maxHeaderBytes {
                        throw Self.headersTooLarge
                    }
                    return nil
                }
                head.headerBytes += lf + 1 - readIndex
                if head.headerBytes > limits.maxHeaderBytes { throw Self.headersTooLarge }
                let contentEnd = lineContentEnd(lf)
                if contentEnd == readIndex {
                    consume(through: lf)
                    if let event = try finishHead() { return event }
                    continue
                }
                if head.headers.count >= limits.maxHeaderCount { throw Self.tooManyFields }
                try parseHeaderField(end: contentEnd)
                consume(through: lf)

            case .fixedBody(let remaining):
                guard buffer.count - readIndex >= remaining else { return nil }
                body = Array(buffer[readIndex..<(readIndex + remaining)])
                consume(count: remaining)
                return completeRequest()

            case .chunkSize:
                guard let lf = findLineEnd() else {
                    if buffer.count - readIndex > Self.maxChunkLineBytes { throw Self.chunkLineTooLong }
                    return nil
                }
                if lf + 1 - readIndex > Self.maxChunkLineBytes { throw Self.chunkLineTooLong }
                let contentEnd = lineContentEnd(lf)
                let size = try parseChunkSize(end: contentEnd)
                consume(through: lf)
                if size == 0 {
                    trailerBytes = 0
                    trailerCount = 0
                    state = .trailerFields
                } else {
                    if size > limits.maxBodyBytes - body.count { throw Self.bodyTooLarge }
                    state = .chunkData(remaining: size)
                }

            case .chunkData(let remaining):
                let available = buffer.count - readIndex
                guard available > 0 else { return nil }
                let take = min(available, remaining)
                body.append(contentsOf: buffer[readIndex..<(readIndex + take)])
                consume(count: take)
                state = take == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - take)

            case .chunkDataEnd:
                // RFC 9112 §7.1: chunk-data is followed by CRLF (bare LF accepted, §2.2).
                let available = buffer.count - readIndex
                guard available > 0 else { return nil }
                let first = buffer[readIndex]
                if first == ByteClass.lf {
                    consume(count: 1)
                } else if first == ByteClass.cr {
                    guard available > 1 else { return nil }
                    guard buffer[readIndex + 1] == ByteClass.lf else { throw Self.missingChunkCRLF }
                    consume(count: 2)
                } else {
                    throw Self.missingChunkCRLF
                }
                state = .chunkSize

            case .trailerFields:
                // RFC 9112 §7.1.2: the trailer section is parsed like the header section,
                // bounded the same way, and discarded (never merged into the headers).
                guard let lf = findLineEnd() else {
                    if trailerBytes + (buffer.count - readIndex) > limits.maxHeaderBytes {
                        throw Self.headersTooLarge
                    }
                    return nil
                }
                trailerBytes += lf + 1 - readIndex
                if trailerBytes > limits.maxHeaderBytes { throw Self.headersTooLarge }
                let contentEnd = lineContentEnd(lf)
                if contentEnd == readIndex {
                    consume(through: lf)
                    return completeRequest()
                }
                if trailerCount >= limits.maxHeaderCount { throw Self.tooManyFields }
                trailerCount += 1
                try validateTrailerField(end: contentEnd)
                consume(through: lf)
            }
        }
    }

    mutating func completeRequest() -> ParserEvent {
        var request = HTTPRequest(method: head.method, target: head.target,
                                  version: head.version, headers: head.headers)
        request.body = body
        head = PendingHead()
        body = []
        leadingEmptyLines = 0
        methodBytesChecked = 0
        state = .requestLine
        return .request(request)
    }

    /// Checks the method's bytes that arrived since the last call (each byte once): RFC 9112
    /// §3, a request line starts with a token followed by SP. A CR or LF as the first byte
    /// may be an empty line before the request (§2.2) and is left to the line parser. Throws
    /// exactly what `parseRequestLine` would throw for the whole line, so the outcome does
    /// not depend on how the bytes arrived.
    private mutating func checkMethodPrefix() throws(HTTPParseError) {
        guard var checked = methodBytesChecked else { return }
        defer { methodBytesChecked = checked }
        // Only within the longest request line accepted: beyond it the line is 414 however
        // its bytes arrived.
        let end = min(buffer.count, readIndex + limits.maxRequestLineBytes)
        while readIndex + checked < end {
            let byte = buffer[readIndex + checked]
            if ByteClass.isTchar(byte) { checked += 1; continue }
            if checked == 0 {
                if byte == ByteClass.cr || byte == ByteClass.lf { return }
                // RFC 8446 §5.1: a TLS record of type handshake (22) starts every ClientHello.
                if byte == Self.tlsHandshakeRecord { throw .tlsHandshake }
                throw .invalidMethod
            }
            if byte == ByteClass.sp {
                methodBytesChecked = nil
                return
            }
            throw .invalidMethod
        }
    }

    /// The first byte of a TLS handshake record (content type 22).
    static let tlsHandshakeRecord: UInt8 = 0x16

    // MARK: buffer

    /// Index of the LF ending the line that starts at `readIndex`, or nil if not buffered yet.
    private mutating func findLineEnd() -> Int? {
        let end = buffer.count
        let start = scanIndex
        let found: Int? = buffer.withUnsafeBufferPointer { p in
            var i = start
            while i < end {
                if p[i] == ByteClass.lf { return i }
                i += 1
            }
            return nil
        }
        if found == nil { scanIndex = end }
        return found
    }

    /// End of the line's content: the LF at `lf`, or the CR just before it.
    private func lineContentEnd(_ lf: Int) -> Int {
        lf > readIndex && buffer[lf - 1] == ByteClass.cr ? lf - 1 : lf
    }

    private mutating func consume(through lf: Int) {
        readIndex = lf + 1
        scanIndex = readIndex
    }

    private mutating func consume(count: Int) {
        readIndex += count
        scanIndex = max(scanIndex, readIndex)
    }

    /// Drops consumed bytes. Only a prefix at least as long as what remains is moved, so the
    /// copying costs amortized O(1) per byte.
    private mutating func compact() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            if buffer.capacity > 1 << 16 {
                buffer = []  // don't keep a large body's capacity on an idle connection
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            readIndex = 0
            scanIndex = 0
        } else if readIndex >= 4096 && readIndex >= buffer.count - readIndex {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
    }

    // MARK: errors

    static let uriTooLong = HTTPParseError(status: .uriTooLong, reason: "request line too long")
    static let headersTooLarge = HTTPParseError(status: .requestHeaderFieldsTooLarge,
                                                reason: "header section too large")
    static let tooManyFields = HTTPParseError(status: .requestHeaderFieldsTooLarge,
                                              reason: "too many header fields")
    static let bodyTooLarge = HTTPParseError(status: .contentTooLarge, reason: "body too large")
    static let chunkLineTooLong = HTTPParseError.badRequest("chunk size line too long")
    static let missingChunkCRLF = HTTPParseError.badRequest("chunk data not followed by CRLF")
}
