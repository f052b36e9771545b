import CCurl

/// The bytes a libcurl read callback (`CURLOPT_READFUNCTION`) hands out, in order: a request
/// body or a mail. Used by one transfer at a time, on the thread that performs it.
public final class CurlUploadBuffer {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `capacity` of the next bytes into `buffer`; returns how many (0 at the end).
    public func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        bytes.withUnsafeBufferPointer { source in
            buffer.withMemoryRebound(to: UInt8.self, capacity: count) { target in
                target.update(from: source.baseAddress! + offset, count: count)
            }
        }
        offset += count
        return count
    }
}

/// libcurl's words for a failed transfer: what it wrote in the `CURLOPT_ERRORBUFFER`, or the
/// code's generic text when it wrote nothing. Never a URL's credentials or a body.
public func curlErrorText(_ errorBuffer: [CChar], _ code: CURLcode) -> String {
    let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
}
