import CEpoll
import Foundation
import Glibc
import Synchronization

/// The access log's line formats.
public enum AccessLogFormat: String, Sendable, CaseIterable {
    /// One JSON object per line (`AccessLogEntry.jsonLine()`).
    case json
    /// The common log format (`AccessLogEntry.commonLogLine()`).
    case clf
}

/// Writes access-log lines without ever making a request wait: `log` puts the entry in a
/// bounded buffer (a lock held for a few instructions, a wake-up of the writer when it
/// sleeps) and returns; one writer thread formats what has gathered and hands it to `output`
/// in one call (to standard output: one `write(2)` per batch). When the buffer is full —
/// the output cannot keep up — the entry is dropped and counted (`droppedCount`,
/// `stays_access_log_dropped_total`): under overload the log loses lines, requests lose
/// nothing.
///
/// Thread safety: `Sendable`; `log` from any thread. The writer thread runs until `close()`.
public final class AccessLogWriter: Sendable {
    public let format: AccessLogFormat
    public let capacity: Int
    private let output: @Sendable ([UInt8]) -> Void
    private let state: State
    private let dropped = MetricCounter()

    /// Guarded by `condition`; a class so the writer thread and `log` share it.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var pending: [AccessLogEntry] = []
        var writerWaiting = false
        var writing = false
        var closed = false
    }

    /// `capacity`: entries waiting for the writer at most; beyond it they are dropped.
    /// `output`: receives each batch of formatted lines, on the writer thread (it may block).
    public init(format: AccessLogFormat = .json, capacity: Int = 8_192,
                output: @escaping @Sendable ([UInt8]) -> Void) {
        precondition(capacity >= 1, "an access log buffer holds at least one entry")
        self.format = format
        self.capacity = capacity
        self.output = output
        state = State()
        state.pending.reserveCapacity(capacity)
        let thread = Thread { [state, output, format] in
            _ = stays_name_current_thread("http.access-log")
            Self.drain(state, format: format, output: output)
        }
        thread.start()
    }

    /// Lines to standard output, each batch with one `write(2)` (retried for the rest).
    public static func standardOutput(format: AccessLogFormat = .json, capacity: Int = 8_192) -> AccessLogWriter {
        AccessLogWriter(format: format, capacity: capacity) { bytes in Syscall.writeAll(STDOUT_FILENO, bytes) }
    }

    /// Queues `entry`, or drops and counts it when `capacity` entries already wait. Never waits
    /// for the output.
    public func log(_ entry: AccessLogEntry) {
        state.condition.lock()
        guard state.pending.count < capacity, !state.closed else {
            state.condition.unlock()
            dropped.increment()
            return
        }
        state.pending.append(entry)
        let wake = state.writerWaiting
        state.condition.unlock()
        if wake { state.condition.signal() }
    }

    /// `log` as a sink for `HTTPServer(accessLog:)`.
    public var sink: @Sendable (AccessLogEntry) -> Void {
        { [self] entry in log(entry) }
    }

    /// Entries dropped because the buffer was full.
    public var droppedCount: UInt64 { dropped.value }

    /// Blocks until every entry queued before the call has been handed to `output` (tests, and
    /// shutdown).
    public func flush() {
        state.condition.lock()
        while !state.pending.isEmpty || state.writing {
            state.condition.signal()
            state.condition.wait()
        }
        state.condition.unlock()
    }

    /// Writes what is queued, then ends the writer thread; later entries are dropped.
    public func close() {
        state.condition.lock()
        state.closed = true
        state.condition.broadcast()
        state.condition.unlock()
        flush()
    }

    /// `stays_access_log_dropped_total`.
    public func collect(into text: inout MetricsText) {
        text.family("stays_access_log_dropped_total", .counter,
                    "Access-log lines dropped because the log's buffer was full.")
        text.sample("stays_access_log_dropped_total", droppedCount)
    }

    private static func drain(_ state: State, format: AccessLogFormat, output: @Sendable ([UInt8]) -> Void) {
        var batch: [AccessLogEntry] = []
        var bytes: [UInt8] = []
        state.condition.lock()
        while true {
            if state.pending.isEmpty {
                if state.closed { break }
                state.writerWaiting = true
                state.condition.broadcast()   // flush() waiters
                state.condition.wait()
                state.writerWaiting = false
                continue
            }
            swap(&batch, &state.pending)
            state.writing = true
            state.condition.unlock()
            bytes.removeAll(keepingCapacity: true)
            for entry in batch {
                switch format {
                case .json: entry.appendJSONLine(to: &bytes)
                case .clf: entry.appendCommonLogLine(to: &bytes)
                }
            }
            batch.removeAll(keepingCapacity: true)
            output(bytes)
            state.condition.lock()
            state.writing = false
        }
        state.condition.broadcast()
        state.condition.unlock()
    }
}
