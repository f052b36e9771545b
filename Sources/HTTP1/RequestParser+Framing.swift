extension RequestParser {
    /// Called once the empty line ending the header section is consumed: checks Host,
    /// decides the body framing and the expectation, and returns the first event (or nil to
    /// go on reading the body).
    mutating func finishHead() throws(HTTPParseError) -> ParserEvent? {
        // RFC 9112 §3.2: 400 for an HTTP/1.1 request without Host, and for any request
        // with more than one Host field line.
        if head.hostCount > 1 { throw .badRequest("more than one Host header") }
        if head.hostCount == 0 && head.version == .http1_1 { throw .badRequest("missing Host header") }

        let bodyLength: Int?  // nil = chunked
        if !head.transferEncodings.isEmpty {
            // RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0 means faulty framing.
            if head.version == .http1_0 { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            // RFC 9112 §6.1 / §6.3: both Content-Length and Transfer-Encoding is a smuggling
            // vector; reject instead of letting Transfer-Encoding win.
            if !head.contentLengths.isEmpty {
                throw .badRequest("both Transfer-Encoding and Content-Length")
            }
            try checkTransferCodings()
            bodyLength = nil
        } else if !head.contentLengths.isEmpty {
            bodyLength = try contentLength()
        } else {
            // RFC 9112 §6.3: a request without framing headers has no content.
            bodyLength = 0
        }

        // RFC 9110 §10.1.1: "100-continue" is the only expectation; anything else is 417.
        // Only recorded for HTTP/1.1: an HTTP/1.0 expectation is ignored.
        var expectsContinue = false
        for value in head.expectations {
            for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
                let trimmed = element.trimmingWhitespace()
                if trimmed.isEmpty { continue }
                guard trimmed.asciiLowercaseEquals("100-continue") else {
                    throw HTTPParseError(status: .expectationFailed, reason: "unsupported expectation")
                }
                expectsContinue = true
            }
        }

        switch bodyLength {
        case nil: state = .chunkSize
        case 0?: return completeRequest()
        case let length?: state = .fixedBody(remaining: length)
        }
        return expectsContinue ? .continueExpected : nil
    }

    /// Content-Length = 1*DIGIT (RFC 9110 §8.6), given once.
    private func contentLength() throws(HTTPParseError) -> Int {
        // RFC 9112 §6.3 allows merging identical values; we reject any duplicate or list.
        guard head.contentLengths.count == 1 else { throw .badRequest("more than one Content-Length") }
        let bytes = head.contentLengths[0].utf8
        if bytes.isEmpty { throw .badRequest("invalid Content-Length") }
        var value = 0
        for b in bytes {
            guard b >= 0x30 && b <= 0x39 else { throw .badRequest("invalid Content-Length") }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(b - 0x30))
            if o1 || o2 { throw .badRequest("Content-Length overflows") }
            value = sum
        }
        if value > limits.maxBodyBytes { throw Self.bodyTooLarge }
        return value
    }

    /// Accepts exactly `chunked` as the only transfer coding (RFC 9112 §6.1, §7).
    private func checkTransferCodings() throws(HTTPParseError) {
        var codings: [Substring.UTF8View] = []
        for value in head.transferEncodings {
            for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
                let trimmed = element.trimmingWhitespace()
                if trimmed.isEmpty { continue }  // RFC 9110 §5.6.1: empty list elements are ignored
                guard trimmed.allSatisfy(ByteClass.isTchar) else {
                    throw .badRequest("malformed Transfer-Encoding")
                }
                codings.append(trimmed)
            }
        }
        guard let last = codings.last else { throw .badRequest("malformed Transfer-Encoding") }
        let chunkedCount = codings.count { $0.asciiLowercaseEquals("chunked") }
        // RFC 9112 §6.1: chunked MUST NOT be applied more than once, and MUST be final (§6.3).
        if chunkedCount > 1 { throw .badRequest("chunked applied more than once") }
        if chunkedCount == 1 && !last.asciiLowercaseEquals("chunked") {
            throw .badRequest("chunked is not the final transfer coding")
        }
        // RFC 9112 §6.1: a transfer coding we do not understand is 501 (gzip, identity, ...).
        if codings.count > 1 || chunkedCount == 0 {
            throw HTTPParseError(status: .notImplemented, reason: "unsupported transfer coding")
        }
    }

    /// chunk-size [ chunk-ext ] in buffer[readIndex..<end] (RFC 9112 §7.1).
    mutating func parseChunkSize(end: Int) throws(HTTPParseError) -> Int {
        let start = readIndex
        return try buffer.withUnsafeBufferPointer { p throws(HTTPParseError) -> Int in
            var i = start
            var size = 0
            // chunk-size = 1*HEXDIG
            while i < end, let digit = ByteClass.hexValue(p[i]) {
                if size > (Int.max - digit) >> 4 { throw .badRequest("chunk size overflows") }
                size = size << 4 | digit
                i += 1
            }
            if i == start { throw .badRequest("invalid chunk size") }
            if i == end { return size }
            // chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] ):
            // extensions are ignored (§7.1.1) but must be free of control characters,
            // and their length is bounded by maxChunkLineBytes.
            while i < end && ByteClass.isWhitespace(p[i]) { i += 1 }
            guard i < end && p[i] == UInt8(ascii: ";") else { throw .badRequest("invalid chunk size") }
            for j in i..<end where ByteClass.isForbiddenInValue(p[j]) {
                throw .badRequest("invalid chunk extension")
            }
            return size
        }
    }
}

extension Substring.UTF8View {
    /// Without leading and trailing SP / HTAB (OWS, RFC 9110 §5.6.3).
    func trimmingWhitespace() -> Substring.UTF8View {
        var s = startIndex, e = endIndex
        while s < e && ByteClass.isWhitespace(self[s]) { s = index(after: s) }
        while e > s && ByteClass.isWhitespace(self[index(before: e)]) { e = index(before: e) }
        return self[s..<e]
    }

    func asciiLowercaseEquals(_ lowercase: String) -> Bool {
        guard count == lowercase.utf8.count else { return false }
        return zip(self, lowercase.utf8).allSatisfy { a, b in
            ((a >= 0x41 && a <= 0x5A) ? a | 0x20 : a) == b
        }
    }
}
