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
    /// The path without the query: queries can hold personal data (names, dates, places
    /// searched), so the log never keeps them.
    public var path: String
    public var status: Int
    /// From the complete request to the serialized response.
    public var durationMicroseconds: Int
    /// Body bytes sent (0 for HEAD, 204, 304).
    public var bytes: Int
    /// The response's `X-Request-Id` ("-" when it has none).
    public var requestID: String
    /// The TCP peer's IP address ("" when unknown).
    public var clientAddress: String
    /// The request's `User-Agent`, if any.
    public var userAgent: String?
    /// `HTTP/1.1`, `HTTP/1.0` (for the common log format's request line).
    public var version: String

    public init(time: Date, method: String, path: String, status: Int, durationMicroseconds: Int, bytes: Int,
                requestID: String = "-", clientAddress: String = "", userAgent: String? = nil,
                version: String = "HTTP/1.1") {
        self.time = time
        self.method = method
        self.path = path
        self.status = status
        self.durationMicroseconds = durationMicroseconds
        self.bytes = bytes
        self.requestID = requestID
        self.clientAddress = clientAddress
        self.userAgent = userAgent
        self.version = version
    }

    /// `{"time":"2026-11-22T14:00:00.123Z","requestId":"…","method":"GET","target":"/health",`
    /// `"status":200,"bytes":15,"durationMicroseconds":420,"clientAddress":"127.0.0.1","userAgent":"curl/8.5"}`
    /// followed by a newline. `target` is the path only (see `path`); `userAgent` is null
    /// when the request had none.
    public func jsonLine() -> [UInt8] {
        var line: [UInt8] = []
        appendJSONLine(to: &line)
        return line
    }

    /// `jsonLine()`, appended.
    public func appendJSONLine(to output: inout [UInt8]) {
        var writer = JSONWriter(capacity: 256)
        writer.object { w in
            w.field("time", Self.iso8601(time))
            w.field("requestId", requestID)
            w.field("method", method)
            w.field("target", path)
            w.field("status", status)
            w.field("bytes", bytes)
            w.field("durationMicroseconds", durationMicroseconds)
            w.field("clientAddress", clientAddress)
            w.field("userAgent", userAgent)
        }
        output.append(contentsOf: writer.bytes)
        output.append(UInt8(ascii: "\n"))
    }

    /// The common log format (NCSA): `127.0.0.1 - - [22/Nov/2026:14:00:00 +0000] "GET /health HTTP/1.1" 200 15`
    /// and a newline; bytes `-` when none were sent; `"`, `\` and control characters in the
    /// request line as `\xHH` (as nginx writes them).
    public func commonLogLine() -> [UInt8] {
        var line: [UInt8] = []
        appendCommonLogLine(to: &line)
        return line
    }

    /// `commonLogLine()`, appended.
    public func appendCommonLogLine(to output: inout [UInt8]) {
        output.append(contentsOf: (clientAddress.isEmpty ? "-" : clientAddress).utf8)
        output.append(contentsOf: " - - [".utf8)
        output.append(contentsOf: Self.commonLogTime(time).utf8)
        output.append(contentsOf: "] \"".utf8)
        if method == "-" {
            output.append(UInt8(ascii: "-"))
        } else {
            Self.appendEscaped(method, to: &output)
            output.append(UInt8(ascii: " "))
            Self.appendEscaped(path, to: &output)
            output.append(UInt8(ascii: " "))
            Self.appendEscaped(version, to: &output)
        }
        output.append(contentsOf: "\" \(status) ".utf8)
        output.append(contentsOf: (bytes > 0 ? String(bytes) : "-").utf8)
        output.append(UInt8(ascii: "\n"))
    }

    private static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            } else {
                output.append(byte)
            }
        }
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `22/Nov/2026:14:00:00 +0000` (UTC).
    static func commonLogTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(pad(parts.tm_mday, 2))/\(months[Int(parts.tm_mon)])/\(pad(parts.tm_year + 1900, 4)):"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)) +0000"
    }

    private static func pad(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// UTC with milliseconds, e.g. 2026-11-22T14:00:00.123Z.
    static func iso8601(_ date: Date) -> String {
        // Round to the nearest millisecond first: 0.123 s is 0.12299… in binary.
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000)
        let millis = Int(totalMillis - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
    }
}
