import Dispatch
import Glibc

/// Where the router reports the cause of every 500 it answers: one line per failure (no
/// trailing newline; the sink adds what it needs). The line names the request id, method, path
/// and the error as `String(describing:)` gives it, with control characters escaped so it
/// stays one line. The client only ever sees a generic detail and the request id, which is how
/// an operator finds the line.
public enum ErrorLog {
    private static let queue = DispatchQueue(label: "http.error-log")

    /// Writes each line to standard error, from one serial queue, each with a single write
    /// call: lines never interleave and the handler's thread never waits for the terminal.
    public static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        queue.async { Syscall.writeAll(STDERR_FILENO, bytes) }
    }

    /// `request <id> <METHOD> <path> failed: <error>`.
    static func line(requestID: String, method: String, path: String, error: any Error) -> String {
        "request \(requestID) \(method) \(path) failed: " + escaped(String(describing: error))
    }

    /// Control characters (a multi-line description) as `\n`, `\r`, `\t` or `\u{XX}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
