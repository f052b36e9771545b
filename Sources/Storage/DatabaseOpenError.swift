import Foundation

/// A database file that could not be opened (or set up on open), with the path and the
/// cause in words: "cannot open database at /nope/x.sqlite: the directory /nope does not
/// exist". `underlying` keeps what SQLite said (e.g. `SQLITE_CANTOPEN`, 14).
public struct DatabaseOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// Why, in words, from what the file system shows about the path; SQLite's message when
    /// the file system shows nothing wrong.
    public var cause: String
    public var underlying: DatabaseError

    public init(path: String, cause: String, underlying: DatabaseError) {
        self.path = path
        self.cause = cause
        self.underlying = underlying
    }

    /// Looks at the path to say why SQLite could not open it.
    init(path: String, readOnly: Bool, underlying: DatabaseError) {
        self.init(path: path, cause: Self.diagnose(path: path, readOnly: readOnly, underlying: underlying),
                  underlying: underlying)
    }

    public var description: String {
        "cannot open database at \(path): \(cause) (SQLite error \(underlying.resultCode): \(underlying.message))"
    }

    static func diagnose(path: String, readOnly: Bool, underlying: DatabaseError) -> String {
        let files = FileManager.default
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "it is a directory, not a file" }
            if !files.isReadableFile(atPath: path) { return "permission denied: the file is not readable" }
            if !readOnly && !files.isWritableFile(atPath: path) { return "the file is read-only" }
            // SQLite keeps its -wal and -shm files next to the database.
            if !readOnly && !files.isWritableFile(atPath: directory) {
                return "the directory \(directory) is read-only (SQLite needs to create files next to the database)"
            }
            if underlying.resultCode == 26 { return "the file is not a SQLite database" }
            return underlying.message
        }
        // The path does not name an existing file: look for the first missing ancestor.
        var ancestor = url.deletingLastPathComponent()
        var missing: String?
        while true {
            var ancestorIsDirectory: ObjCBool = false
            if files.fileExists(atPath: ancestor.path, isDirectory: &ancestorIsDirectory) {
                if !ancestorIsDirectory.boolValue { return "\(ancestor.path) is not a directory" }
                break
            }
            missing = ancestor.path
            let parent = ancestor.deletingLastPathComponent()
            if parent.path == ancestor.path { break }
            ancestor = parent
        }
        if missing != nil { return "the directory \(directory) does not exist" }
        if readOnly { return "the file does not exist" }
        if !files.isWritableFile(atPath: directory) {
            return "the file does not exist and the directory \(directory) is read-only"
        }
        return underlying.message
    }
}
