import Foundation
import Testing
import CSQLite
@testable import Storage

@Suite struct DatabasePoolTests {
    @Test func readersSeeCommittedWritesAndCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("p.sqlite"))
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (v INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 1)
        let error = #expect(throws: DatabaseError.self) {
            try pool.read { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        }
        #expect(error?.resultCode == SQLITE_READONLY)
    }

    @Test func writeRollsBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("p.sqlite"))
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER)") }
        #expect(throws: Boom.self) {
            try pool.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                // A nested write joins the outer transaction.
                try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
                throw Boom()
            }
        }
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 0)
    }

    /// Several threads read while the writer holds an open transaction: WAL lets every read
    /// proceed, and each read sees the last committed state, never the uncommitted write.
    @Test func readsRunInParallelWithAnOpenWrite() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("p.sqlite"), maximumReaderCount: 4)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (v INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1), (2), (3)")
        }
        let readersDone = DispatchGroup()
        let sums = Sums()
        try pool.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (100)")
            // The write transaction stays open until every reader has finished: if reads
            // were blocked by the writer, this would never return.
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                readersDone.enter()
                defer { readersDone.leave() }
                do {
                    let sum = try pool.read { db in
                        try db.prepare("SELECT sum(v) FROM t").fetchOne { $0.int(0) } ?? -1
                    }
                    sums.append(sum)
                } catch {
                    sums.append(-1)
                }
            }
            readersDone.wait()
        }
        #expect(sums.values == Array(repeating: 6, count: 8))
        #expect(try pool.read { try $0.prepare("SELECT sum(v) FROM t").fetchOne { $0.int(0) } } == 106)
    }

    /// More threads than readers: everyone gets a turn, nobody gets a connection in use.
    @Test func moreThreadsThanReadersAllComplete() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("p.sqlite"), maximumReaderCount: 2)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (5)") }
        let sums = Sums()
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            do {
                let value = try pool.read { db in
                    try db.cachedStatement("SELECT v FROM t").fetchOne { $0.int(0) }
                }
                sums.append(value ?? -1)
            } catch {
                sums.append(-2)
            }
        }
        #expect(sums.values == Array(repeating: 5, count: 50))
    }

    @Test func aReadSeesOneSnapshotAcrossQueries() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("p.sqlite"), maximumReaderCount: 2)
        try pool.write { try $0.execute(sql: "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)") }
        let counts = try pool.read { db -> (Int, Int) in
            let first = try db.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } ?? -1
            // A write commits from another thread between the two queries of this read.
            let finished = DispatchSemaphore(value: 0)
            let failures = Sums()
            DispatchQueue(label: "writer").async {
                do { try pool.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") } } catch { failures.append(1) }
                finished.signal()
            }
            finished.wait()
            #expect(failures.values.isEmpty)
            let second = try db.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } ?? -1
            return (first, second)
        }
        #expect(counts.0 == 1)
        #expect(counts.1 == 1)
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 2)
    }
}

/// Results collected from several threads.
private final class Sums: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.lock(); storage.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return storage }
}
