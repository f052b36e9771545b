import CSQLite
import Foundation
import Synchronization
import Testing
@testable import Storage

/// Storage faults under a pool: a full disk, a read-only file, a replaced file. Each is a
/// `DatabaseUnavailableError` for writes (never a bare SQLite error), logged once per
/// episode, and writes recover by themselves when the fault ends.
@Suite struct StorageFaultTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// SQLite's `max_page_count` fails a growing write with SQLITE_FULL exactly as a full disk does.
    @Test func aFullDiskRefusesWritesOnceLoggedAndRecoversWithoutLosingAWrite() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("full.sqlite"))
        let log = Lines()
        pool.faults.setLog(log.append)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v BLOB)") }
        try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (zeroblob(1000))") }
        let pages = try pool.read { try $0.prepare("PRAGMA page_count").fetchOne { $0.int(0) } } ?? 0
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }

        for _ in 0..<5 {
            let error = #expect(throws: DatabaseUnavailableError.self) {
                try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (zeroblob(100000))") }
            }
            #expect(error?.fault == .diskFull)
            #expect(error?.underlying?.resultCode == SQLITE_FULL)
        }
        #expect(pool.faults.snapshot.current == .diskFull)
        #expect(pool.faults.snapshot.refusedWrites[.diskFull] == 5)
        #expect(pool.faults.snapshot.episodes[.diskFull] == 1)
        #expect(log.all.count == 1, "one line per episode, not one per write: \(log.all)")
        #expect(throws: DatabaseUnavailableError.self) { try pool.faults.checkWritable() }
        // Reads go on.
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 1)

        // Space returns: the next write succeeds and ends the episode.
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1000000") }
        try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (zeroblob(100000))") }
        #expect(pool.faults.snapshot.current == nil)
        try pool.faults.checkWritable()
        #expect(log.all.count == 2)
        #expect(log.all.last?.contains("5 writes were refused") == true, "\(log.all)")
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 2)
    }

    @Test func errorsAreClassifiedByResultCode() {
        #expect(DatabaseError(resultCode: 13, message: "database or disk is full").storageFault == .diskFull)
        #expect(DatabaseError(resultCode: 8, message: "readonly").storageFault == .readOnly)
        #expect(DatabaseError(resultCode: 8, extendedResultCode: 1032, message: "moved").storageFault == .fileReplaced)
        #expect(DatabaseError(resultCode: 19, extendedResultCode: 2067, message: "unique").storageFault == nil)
        #expect(DatabaseError(resultCode: 5, message: "busy").storageFault == nil)
    }

    /// SQLite opens a file it cannot write read-only without a word, so only the first write
    /// would fail: a read-write open of such a file is an open error instead.
    @Test func aFileThatOpensReadOnlyIsRefusedForWriting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        try Database(path: path).execute(sql: "CREATE TABLE t (v INTEGER)")
        // `mode=ro` makes SQLite open it read-only whatever the flags say, as a read-only
        // mount or a file without write permission does (root ignores permissions).
        let error = #expect(throws: DatabaseOpenError.self) { try Database(path: "file:\(path)?mode=ro") }
        #expect(error?.underlying.resultCode == SQLITE_READONLY)
        #expect(try Database(path: "file:\(path)?mode=ro", configuration: .init(readOnly: true)).isReadOnlyFile)
        #expect(try !Database(path: path).isReadOnlyFile)
    }

    @Test(arguments: ["deleted", "replaced"])
    func aDeletedOrReplacedFileIsNoticedLoggedOnceAndRefusesWrites(how: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("gone.sqlite")
        let pool = try DatabasePool(path: path)
        let log = Lines()
        pool.faults.setLog(log.append)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER)") }
        #expect(try pool.verifyFileIdentity())
        try pool.openAllReaders()  // as a server does at start: no reader opens the path later

        try FileManager.default.removeItem(atPath: path)
        if how == "replaced" {
            try Database(path: directory.path("other.sqlite")).execute(sql: "CREATE TABLE t (v INTEGER)")
            try FileManager.default.moveItem(atPath: directory.path("other.sqlite"), toPath: path)
        }
        // Until checked, SQLite writes on into the unlinked file: the fault is invisible to it.
        try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(try !pool.verifyFileIdentity())
        #expect(try !pool.verifyFileIdentity())
        #expect(pool.faults.snapshot.current == .fileReplaced)
        let error = #expect(throws: DatabaseUnavailableError.self) {
            try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        }
        #expect(error?.fault == .fileReplaced)
        #expect(pool.faults.snapshot.refusedWrites[.fileReplaced] == 1)
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("DATABASE FILE GONE") == true)
        // Reads are refused too: what SQLite's readers see of an unlinked file is not this database.
        #expect(throws: DatabaseUnavailableError.self) { try pool.read { _ in } }
    }

    /// A connection the pool opens after the file was replaced (a reader on demand, the
    /// checkpointer on first use) would share the old file's `-shm` with the new file and
    /// reset it under the old connections (SIGBUS in CI): the pool refuses to open one,
    /// marks the file replaced, and the connections it has go on without a crash.
    @Test(arguments: ["deleted", "replaced"])
    func noConnectionOpensOnAFileThatReplacedThePoolsFile(how: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("p.sqlite")
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER)") }
        try FileManager.default.removeItem(atPath: path)
        if how == "replaced" {
            try Database(path: directory.path("other.sqlite")).execute(sql: "CREATE TABLE other (v INTEGER)")
            try FileManager.default.moveItem(atPath: directory.path("other.sqlite"), toPath: path)
        }
        let read = #expect(throws: DatabaseUnavailableError.self) { try pool.read { _ in } }
        #expect(read?.fault == .fileReplaced)
        #expect(throws: DatabaseUnavailableError.self) { try pool.checkpoint() }
        #expect(pool.faults.snapshot.current == .fileReplaced)
    }

    @Test func readOnlyModeRefusesEveryWrite() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("mode.sqlite"))
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER)") }
        pool.faults.startReadOnly()
        let error = #expect(throws: DatabaseUnavailableError.self) {
            try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        #expect(error?.fault == .readOnly)
        #expect(pool.faults.snapshot.current == .readOnly)
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 0)
    }
}
