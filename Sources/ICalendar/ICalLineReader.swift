/// Splits a feed into unfolded content lines, accepting what feeds really send.
///
/// Accepts: a UTF-8 byte order mark; CRLF, bare LF or bare CR line ends; folding with a
/// space or a tab (RFC 5545 3.1: CRLF followed by one white-space character is removed);
/// blank lines (skipped). Invalid UTF-8 is decoded with replacement characters.
/// Only lines named in `kept` are stored (the rest are parsed, checked and dropped), so a
/// feed full of long DESCRIPTIONs or X- properties costs no memory beyond one line.
/// Limits: an unfolded line over `maxLineBytes` is not parsed (reported, with its line
/// number, as a skipped line); more than `maxContentLines` kept lines is an error; the
/// caller bounds the input size, so the work is linear in it.
struct ICalLineReader {
    /// The properties the import reads, and the component delimiters.
    static let kept: Set<String> = [
        "BEGIN", "END", "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "STATUS",
        "UID", "SUMMARY", "TZID", "TZOFFSETFROM", "TZOFFSETTO",
    ]

    struct Output {
        var lines: [ICalContentLine] = []
        var warnings: [ICalWarning] = []
    }

    static func read(_ input: [UInt8], maxLineBytes: Int, maxContentLines: Int) throws(ICalParseError) -> Output {
        var output = Output()
        var start = 0
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { start = 3 }
        var current: [UInt8] = []
        var currentLine = 0
        var oversized = false
        var physicalLine = 0

        func append(_ piece: ArraySlice<UInt8>) {
            if oversized { return }
            if current.count + piece.count > maxLineBytes { oversized = true; return }
            current += piece
        }

        func finish() {
            defer { current.removeAll(keepingCapacity: true); oversized = false }
            guard currentLine > 0 else { return }
            if oversized {
                output.warnings.append(ICalWarning(line: currentLine, kind: .lineSkipped,
                                                   message: "line longer than \(maxLineBytes) bytes"))
                return
            }
            if current.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            if let line = ICalContentLine(current[...], lineNumber: currentLine) {
                if kept.contains(line.name) { output.lines.append(line) }
            } else {
                let shown = String(decoding: current.prefix(40), as: UTF8.self)
                output.warnings.append(ICalWarning(line: currentLine, kind: .lineSkipped,
                                                   message: "not a content line: \(shown)"))
            }
        }

        var index = start
        while index < input.count {
            var end = index
            while end < input.count, input[end] != 0x0A, input[end] != 0x0D { end += 1 }
            physicalLine += 1
            let isContinuation = end > index && (input[index] == 0x20 || input[index] == 0x09) && currentLine > 0
            if isContinuation {
                append(input[(index + 1)..<end])
            } else {
                finish()
                guard output.lines.count <= maxContentLines else { throw .tooManyLines(limit: maxContentLines) }
                currentLine = physicalLine
                append(input[index..<end])
            }
            // One line end: CRLF, LF or CR.
            if end < input.count, input[end] == 0x0D, end + 1 < input.count, input[end + 1] == 0x0A {
                index = end + 2
            } else {
                index = end + 1
            }
        }
        finish()
        guard output.lines.count <= maxContentLines else { throw .tooManyLines(limit: maxContentLines) }
        return output
    }
}
