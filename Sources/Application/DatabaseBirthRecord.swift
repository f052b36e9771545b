import Foundation

/// The record `stays serve` keeps next to a SQLite database it created or opened: a hidden
/// file `.NAME.stays-record` in the same directory (so `rm stays.sqlite*` leaves it), saying
/// that a database lived at that path.
///
/// Promises: a server never creates a new database, let alone seeds demo data into one, at a
/// path whose database is gone: `checkBeforeOpening` throws `DatabaseGoneError` when the
/// record exists and the database file does not. Seeding is for a first start only.
struct DatabaseBirthRecord {
    let databasePath: String
    let recordPath: String

    /// nil for paths that are not plain files (an SQLite URI, `:memory:`).
    init?(databasePath: String) {
        guard !databasePath.isEmpty, databasePath != ":memory:", !databasePath.hasPrefix("file:") else { return nil }
        let url = URL(fileURLWithPath: databasePath)
        self.databasePath = databasePath
        self.recordPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).stays-record").path
    }

    func checkBeforeOpening() throws {
        let files = FileManager.default
        guard files.fileExists(atPath: recordPath), !files.fileExists(atPath: databasePath) else { return }
        let recorded = (try? String(contentsOfFile: recordPath, encoding: .utf8))?
            .split(separator: "\n").first.map(String.init) ?? ""
        throw DatabaseGoneError(databasePath: databasePath, recordPath: recordPath, recorded: recorded)
    }

    /// Writes the record when missing. A record that cannot be written is logged, not fatal:
    /// the database itself opened fine.
    func write(log: (String) -> Void) {
        guard !FileManager.default.fileExists(atPath: recordPath) else { return }
        let text = """
            stays opened a database at \(URL(fileURLWithPath: databasePath).standardizedFileURL.path) on \(Date())
            While this file exists, stays serve will not create a new database at that path if the database is gone
            (deleted, or never restored from a backup): restore it, or delete this file to start with a new one.

            """
        do {
            try text.write(toFile: recordPath, atomically: true, encoding: .utf8)
        } catch {
            log("cannot write \(recordPath) (\(error.localizedDescription)): a later start could not tell that a database was here")
        }
    }
}

/// The database a server once had at a path is gone (`DatabaseBirthRecord`).
public struct DatabaseGoneError: Error, CustomStringConvertible {
    public var databasePath: String
    public var recordPath: String
    public var recorded: String

    public var description: String {
        "the database \(databasePath) is gone, but a database was there before (\(recorded.isEmpty ? recordPath : recorded)); "
            + "refusing to start with a new, empty one. Restore the file from a backup, or delete \(recordPath) "
            + "to start afresh"
    }
}
