import Dispatch
import Glibc

/// Ready-made access-log sinks.
public enum AccessLog {
    private static let stdoutQueue = DispatchQueue(label: "http.access-log")

    /// Writes each entry as one JSON line to standard output. Lines are written from one serial
    /// queue, each with a single write call (retried only for the unwritten rest), so lines from
    /// concurrent requests never interleave. Never blocks the caller.
    public static let stdout: @Sendable (AccessLogEntry) -> Void = { entry in
        let line = entry.jsonLine()
        stdoutQueue.async {
            line.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
                }
            }
        }
    }
}
