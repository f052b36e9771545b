import Foundation

enum TemporaryFile {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "stays-dataimport-\(UUID().uuidString).csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func write(_ text: String) throws -> String { try write(Array(text.utf8)) }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)  // Test cleanup; a leftover temp file is harmless.
    }
}
