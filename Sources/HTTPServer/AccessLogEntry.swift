import Foundation
import Glibc
import HTTP1
import JSON

/// One answered request, as the access log records it. Responses the connection gives on its
/// own (parse errors, 408) are logged with method and path "-" and duration 0; connections
/// closed without a response (idle, client gone) are not logged.
public struct AccessLogEntry: Sendable, Equatable {
    /// When the request was complete (wall clock).
    public var time: Date
    public var method: String
    /// The path without the query (queries can hold personal data).
    public var path: String
    public var status: Int
    /// From the complete request to the serialized response.
    public var durationMicroseconds: Int
    /// Body bytes sent (0 for HEAD, 204, 304).
    public var bytes: Int

    public init(time: Date, method: String, path: String, status: Int, durationMicroseconds: Int, bytes: Int) {
        self.time = time
        self.method = method
        self.path = path
        self.status = status
        self.durationMicroseconds = durationMicroseconds
        self.bytes = bytes
    }

    /// `{"time":"2026-11-22T14:00:00.123Z","method":"GET","path":"/health","status":200,"durationMs":0.42,"bytes":15}`
    /// followed by a newline.
    public func jsonLine() -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.object { w in
            w.field("time", Self.iso8601(time))
            w.field("method", method)
            w.field("path", path)
            w.field("status", status)
            w.field("durationMs", Double(durationMicroseconds) / 1000)
            w.field("bytes", bytes)
        }
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// UTC with milliseconds, e.g. 2026-11-22T14:00:00.123Z.
    static func iso8601(_ date: Date) -> String {
        // Round to the nearest millisecond first: 0.123 s is 0.12299… in binary.
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000)
        let millis = Int(totalMillis - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
    }
}
