import Foundation

/// A streaming RFC 4180 reader: comma separator, `"`-quoted fields with `""` for a quote,
/// records ending in `\n` or `\r\n`.
///
/// Promises:
/// - Memory stays bounded by one chunk (64 KiB by default) plus the current record: the file
///   is never loaded whole.
/// - Line breaks inside quoted fields (`\n`, `\r\n` and a lone `\r`) are kept byte for byte.
/// - Each record carries the 1-based line number where it starts (lines are counted by `\n`).
/// - A bad record (stray quote, invalid UTF-8) is reported as `.failure` for that record only;
///   reading continues at the next record. An unterminated quote swallows the rest of the
///   input and is reported once, for the record where it opened.
/// - Empty lines are skipped; a missing final line break is accepted; a UTF-8 byte order
///   mark at the start is ignored.
///
/// Not thread-safe: use one reader from one thread at a time.
public final class CSVReader {
    private enum Source {
        case memory
        case file(FileHandle, path: String)
        case gzip(GzipFileReader)
    }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
    }

    private let source: Source
    private let chunkSize: Int
    private var buffer: [UInt8]
    private var position = 0
    private var atEnd = false
    private var isFirstChunk = true

    private var line = 1
    /// Bytes handed to the parser so far (for progress reports).
    public private(set) var bytesConsumed = 0

    /// Reads `bytes` from memory (for tests and small inputs).
    public init(bytes: [UInt8]) {
        self.source = .memory
        self.chunkSize = 0
        self.buffer = bytes
        self.atEnd = true
        self.stripByteOrderMark()
    }

    public convenience init(string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// Opens the file at `path` for streaming; a gzip file (by its first bytes, whatever its
    /// name) is read decompressed.
    public init(path: String, chunkSize: Int = 64 * 1024) throws(CSVInputError) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        if GzipFileReader.isGzip(path: path) {
            guard let reader = GzipFileReader(path: path) else {
                throw CSVInputError(path: path, reason: "cannot open the file for reading")
            }
            self.source = .gzip(reader)
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw CSVInputError(path: path, reason: "cannot open the file for reading")
            }
            self.source = .file(handle, path: path)
        }
        self.chunkSize = chunkSize
        self.buffer = []
    }

    deinit {
        if case .file(let handle, _) = source {
            try? handle.close()  // Nothing useful to do with a close error of a read-only file.
        }
    }

    /// Reads the first record as a header. Returns nil for an empty input.
    public func readHeader() throws(CSVInputError) -> Result<CSVHeader, CSVRecordError>? {
        guard let result = try next() else { return nil }
        return result.map { CSVHeader($0.fields) }
    }

    /// The next record, a per-record error, or nil at the end of the input.
    public func next() throws(CSVInputError) -> Result<CSVRecord, CSVRecordError>? {
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var pendingCR = false
        var recordLine = line
        var error: CSVRecordError?
        var sawAnything = false

        func endField() {
            if error == nil {
                if let text = String(validating: field, as: UTF8.self) {
                    fields.append(text)
                } else {
                    error = .invalidUTF8(line: recordLine, column: fields.count + 1)
                }
            }
            field.removeAll(keepingCapacity: true)
            state = .fieldStart
        }

        /// Ends the record; returns false for an empty line, which is skipped.
        func endRecord() -> Bool {
            if !sawAnything && fields.isEmpty && field.isEmpty {
                return false
            }
            endField()
            return true
        }

        func result() -> Result<CSVRecord, CSVRecordError> {
            if let error { return .failure(error) }
            return .success(CSVRecord(line: recordLine, fields: fields))
        }

        while true {
            if position == buffer.count {
                if try !refill() {
                    // End of input.
                    if state == .quoted {
                        return .failure(.unterminatedQuote(line: recordLine))
                    }
                    if pendingCR { pendingCR = false }
                    if sawAnything || !fields.isEmpty || !field.isEmpty {
                        endField()
                        return result()
                    }
                    return nil
                }
            }
            let byte = buffer[position]
            position += 1
            bytesConsumed += 1

            if pendingCR {
                pendingCR = false
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    if endRecord() { return result() }
                    recordLine = line
                    continue
                }
                // A lone CR outside quotes is data of an unquoted field.
                if state == .quoteInQuoted, error == nil {
                    error = .unexpectedQuote(line: recordLine, column: fields.count + 1)
                }
                field.append(UInt8(ascii: "\r"))
                state = .unquoted
            }

            switch state {
            case .quoted:
                if byte == UInt8(ascii: "\"") {
                    state = .quoteInQuoted
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            case .fieldStart, .unquoted, .quoteInQuoted:
                switch byte {
                case UInt8(ascii: ","):
                    sawAnything = true
                    endField()
                case UInt8(ascii: "\n"):
                    line += 1
                    if endRecord() { return result() }
                    recordLine = line
                case UInt8(ascii: "\r"):
                    pendingCR = true
                case UInt8(ascii: "\""):
                    sawAnything = true
                    if state == .fieldStart {
                        state = .quoted
                    } else if state == .quoteInQuoted {
                        // RFC 4180: a doubled quote inside a quoted field is one quote.
                        field.append(byte)
                        state = .quoted
                    } else {
                        if error == nil { error = .unexpectedQuote(line: recordLine, column: fields.count + 1) }
                        field.append(byte)
                    }
                default:
                    sawAnything = true
                    if state == .quoteInQuoted, error == nil {
                        error = .unexpectedQuote(line: recordLine, column: fields.count + 1)
                    }
                    field.append(byte)
                    state = .unquoted
                }
            }
        }
    }

    /// Loads the next chunk; false at the end of the input.
    private func refill() throws(CSVInputError) -> Bool {
        guard !atEnd else { return false }
        let data = try readChunk()
        guard !data.isEmpty else {
            atEnd = true
            buffer = []
            position = 0
            return false
        }
        buffer = data
        position = 0
        if isFirstChunk {
            isFirstChunk = false
            // The byte order mark may straddle tiny chunks: gather three bytes first.
            while buffer.count < 3 {
                let more = try readChunk()
                guard !more.isEmpty else { break }
                buffer += more
            }
            stripByteOrderMark()
        }
        if position < buffer.count { return true }
        return try refill()
    }

    /// Up to `chunkSize` bytes of the file (decompressed for gzip); empty at its end.
    private func readChunk() throws(CSVInputError) -> [UInt8] {
        switch source {
        case .memory:
            return []
        case .gzip(let reader):
            return try reader.read(upToCount: chunkSize)
        case .file(let handle, let path):
            do {
                return (try handle.read(upToCount: chunkSize)).map(Array.init) ?? []
            } catch {
                throw CSVInputError(path: path, reason: "read failed: \(error)")
            }
        }
    }

    private func stripByteOrderMark() {
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            position = 3
            bytesConsumed += 3
        }
    }
}
