import Foundation

/// A fresh directory under the system temp directory, removed when released.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "stays-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appending(path: name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
