import CZlib
import Foundation

/// A gzip file read as its decompressed bytes, in chunks (zlib's `gzread`): Inside Airbnb
/// publishes `listings.csv.gz` and `calendar.csv.gz`, which `stays import` reads as they are.
/// Memory stays bounded by zlib's buffers and one chunk.
///
/// Not thread-safe: one reader, one thread at a time. The file is closed when released.
final class GzipFileReader {
    private let file: gzFile
    let path: String

    /// nil when the file cannot be opened.
    init?(path: String) {
        guard let file = gzopen(path, "rb") else { return nil }
        gzbuffer(file, 128 * 1024)  // zlib's default 8 KiB costs a read(2) per 8 KiB
        self.file = file
        self.path = path
    }

    deinit {
        gzclose(file)
    }

    /// Up to `count` decompressed bytes; empty at the end of the data. A damaged or truncated
    /// file is an error naming it.
    func read(upToCount count: Int) throws(CSVInputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
        // A truncated file reads to its end and then reports Z_BUF_ERROR: look at the end too.
        var code: Int32 = Z_OK
        let message = read <= 0 ? gzerror(file, &code).map { String(cString: $0) } : nil
        guard read >= 0, code == Z_OK else {
            throw CSVInputError(path: path, reason: "not a CSV file: the gzip data is damaged (\(message ?? "zlib error \(code)"))")
        }
        bytes.removeSubrange(Int(read)...)
        return bytes
    }

    /// Whether the file starts with gzip's magic bytes (1f 8b): its name does not matter.
    static func isGzip(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }  // read-only: a close error changes nothing
        guard let magic = try? handle.read(upToCount: 2) else { return false }
        return magic.count == 2 && magic[magic.startIndex] == 0x1F && magic[magic.startIndex + 1] == 0x8B
    }
}
