import Foundation

/// Writes each message as one `.eml` file into `directory` (created when missing), for
/// development and the quick start: no mail server needed, and any mail program opens them.
///
/// Files are named `<name>.eml`, where the outbox names them by time and id so they sort in
/// the order they were sent. Each is written under a temporary name and renamed, so a
/// reader never sees half a message. Thread safety: `Sendable`.
public struct MailDirectoryTransport: MailTransport {
    public let directory: URL

    public init(directory: String) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
    }

    public func send(_ message: MailMessage, name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let final = directory.appendingPathComponent("\(name).eml")
        let partial = directory.appendingPathComponent(".\(name).eml.partial")
        try Data(message.bytes).write(to: partial)
        if FileManager.default.fileExists(atPath: final.path) { try FileManager.default.removeItem(at: final) }
        try FileManager.default.moveItem(at: partial, to: final)
    }
}
