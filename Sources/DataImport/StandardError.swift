import Glibc

/// Writes to standard error that never stop the process. Foundation's
/// `FileHandle.standardError.write(_:)` traps (SIGILL) when the write fails, which a full disk
/// under a redirected standard error does: a server then died of its own log line ("checkpoint
/// failed: database or disk is full"). Here a failed write is dropped.
///
/// Thread safety: each call is one `write(2)` per chunk the kernel takes; lines from several
/// threads may interleave only when longer than a pipe's atomic size.
public enum StandardError {
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // ENOSPC, EPIPE, EBADF...: nothing useful to do with a log line that cannot be written
                }
            }
        }
    }
}
