import Foundation
import Storage
import Synchronization
import Testing

/// A pool whose writer does not checkpoint on commit keeps every commit in the log until
/// `checkpoint()` copies it back; the default pool checkpoints by itself.
@Suite struct CheckpointTests {
    func walSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
    }

    func fill(_ pool: DatabasePool) throws {
        try pool.write { try $0.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)") }
        for batch in 0..<40 {
            try pool.write { db in
                for row in 0..<50 {
                    try db.execute(sql: "INSERT INTO t (id, payload) VALUES (?, randomblob(4000))",
                                   arguments: [batch * 50 + row])
                }
            }
        }
    }

    @Test func withoutAutomaticCheckpointsTheLogWaitsForCheckpoint() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("wal.sqlite").path
        let pool = try DatabasePool(path: path, configuration: Database.Configuration(autoCheckpointPages: 0))
        try fill(pool)
        // 2,000 rows of 4 KB: some 2,000+ pages, all still in the log (SQLite's default
        // would have checkpointed at 1,000).
        let (logPages, checkpointed) = try pool.checkpoint()
        #expect(logPages > 2_000)
        #expect(checkpointed == logPages)
        #expect(try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } == 2_000)
        // The checkpointed log is reused from its start: the next writes do not grow it.
        let size = walSize(path)
        try pool.write { try $0.execute(sql: "INSERT INTO t (id, payload) VALUES (-1, randomblob(4000))") }
        #expect(walSize(path) <= size)
    }

    /// While another thread writes without pause, a checkpoint still copies the whole log
    /// back (its last pass holds the write lock), so the log starts over instead of growing
    /// for as long as the writes last.
    @Test func aCheckpointAmidWritesLetsTheLogStartOver() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("wal.sqlite").path
        let pool = try DatabasePool(path: path, configuration: Database.Configuration(autoCheckpointPages: 0))
        try pool.write { try $0.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)") }
        let stop = Atomic<Bool>(false)
        let writer = Thread {
            while !stop.load(ordering: .relaxed) {
                _ = try? pool.write { try $0.execute(sql: "INSERT INTO t (payload) VALUES (randomblob(4000))") }
            }
        }
        writer.start()
        defer { stop.store(true, ordering: .relaxed) }
        var passes: [(logPages: Int, checkpointedPages: Int)] = []
        for _ in 0..<20 {
            Thread.sleep(forTimeInterval: 0.02)
            passes.append(try pool.checkpoint())
        }
        stop.store(true, ordering: .relaxed)
        #expect(passes.allSatisfy { $0.checkpointedPages == $0.logPages }, "\(passes)")
        // The log started over: it holds about one interval of writes, not all of them.
        let rows = try pool.read { try $0.prepare("SELECT count(*) FROM t").fetchOne { $0.int(0) } } ?? 0
        #expect(rows > 200)
        #expect(passes.last!.logPages < rows / 2, "log \(passes.last!.logPages) pages after \(rows) rows")
    }

    @Test func byDefaultTheWriterCheckpointsOnCommit() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.url.appendingPathComponent("wal.sqlite").path)
        try fill(pool)
        let (logPages, _) = try pool.checkpoint()
        #expect(logPages < 2_000)
    }
}
