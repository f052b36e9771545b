import CZlib

/// gzip (RFC 1952) through the system zlib: one call over a whole body, no streaming.
public enum Gzip {
    public struct Failure: Error, CustomStringConvertible {
        public let code: Int32
        public let stage: String
        public var description: String { "zlib \(stage) failed (\(code))" }
    }

    /// Level 1 (fastest): measured against 6 on a 12-month calendar, it cost a third of the
    /// CPU for a few percent larger output (docs/performance.md, "Compression").
    public static let defaultLevel: Int32 = 1

    /// `bytes` deflated with a gzip header and trailer.
    public static func compress(_ bytes: [UInt8], level: Int32 = defaultLevel) throws -> [UInt8] {
        // A window no larger than the input (and a hash table to match): zlib allocates and
        // clears both on every init, about 270 KB at the defaults, which cost more CPU than
        // compressing a 1-2 KB body did (docs/performance.md, "Compression").
        var windowBits: Int32 = 9
        while windowBits < 15 && (1 << windowBits) < bytes.count { windowBits += 1 }
        let memLevel = max(1, min(8, windowBits - 7))
        var stream = z_stream()
        let initialized = stays_deflate_init_gzip(&stream, level, windowBits, memLevel)
        guard initialized == Z_OK else { throw Failure(code: initialized, stage: "deflateInit2") }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var status: Int32 = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(bound)
                status = deflate(&stream, Z_FINISH)
                count = bound - Int(stream.avail_out)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(code: status, stage: "deflate") }
        return output
    }

    /// The data of a gzip member; throws on a corrupt or truncated input or past `maxBytes`.
    public static func decompress(_ bytes: [UInt8], maxBytes: Int = 64 << 20) throws -> [UInt8] {
        var stream = z_stream()
        let initialized = stays_inflate_init_gzip(&stream)
        guard initialized == Z_OK else { throw Failure(code: initialized, stage: "inflateInit2") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var status: Int32 = Z_OK
        try bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END else { throw Failure(code: status, stage: "inflate") }
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= maxBytes else { throw Failure(code: Z_BUF_ERROR, stage: "inflate (too large)") }
                if status == Z_OK && produced == 0 && stream.avail_in == 0 {
                    throw Failure(code: Z_BUF_ERROR, stage: "inflate (truncated)")
                }
            } while status != Z_STREAM_END
        }
        return output
    }
}
