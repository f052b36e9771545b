import Foundation

/// A column of the search index: `count` elements in one allocation of `capacity`, whose
/// elements can be overwritten in place and which can grow by appending up to `capacity`.
///
/// Why not an `Array`: the index is patched in place while it lives (see `SearchIndex`), and
/// an array that can change must be a `var` of the index, which Swift checks for exclusive
/// access at run time on every read of the scan's inner loop. Here the index holds the
/// column as a `let` and the storage never moves, so a read is a load through a pointer,
/// as cheap as an array's (cheaper: no bounds check in release builds; the index computes
/// every position from its own counts, and debug builds assert them).
///
/// Thread safety: none of its own. Reads may run in parallel; a write or `append` must be
/// exclusive with every other access — `SearchIndex` guarantees that with its lock.
/// Elements must be plain values (no references): they are never deinitialized one by one.
final class SearchIndexColumn<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    let capacity: Int
    /// The room `init` left beyond the elements it was given.
    let reserve: Int
    /// Elements in use: `0 ..< count`.
    private(set) var count: Int

    /// `elements`, with room for `headroom` more.
    init(_ elements: [Element], headroom: Int = 0) {
        capacity = elements.count + headroom
        reserve = headroom
        let base = UnsafeMutablePointer<Element>.allocate(capacity: max(capacity, 1))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: source.count) }
        }
        self.base = base
        count = elements.count
    }

    /// `count` copies of `value`, with no room to grow.
    init(repeating value: Element, count: Int) {
        capacity = count
        reserve = 0
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    /// Room left for `append`.
    var free: Int { capacity - count }
    /// More than half of `reserve` used.
    var isRunningLow: Bool { reserve > 0 && free * 2 < reserve }

    @inline(__always)
    subscript(position: Int) -> Element {
        get {
            assert(position >= 0 && position < count, "column position out of range")
            return base[position]
        }
        set {
            assert(position >= 0 && position < count, "column position out of range")
            base[position] = newValue
        }
    }

    /// Appends `element`; the caller checked `free` first (a full column is a programming
    /// error: the storage cannot move under the scans).
    func append(_ element: Element) {
        precondition(count < capacity, "search index column is full")
        (base + count).initialize(to: element)
        count += 1
    }

    /// A copy of the elements in use, for tests and diagnostics.
    var elements: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

/// Where a slot's entries lie in a slice column (`SearchIndex.ruleSlices`...): positions
/// `start ..< end`. 32 bits each: the builder refuses a catalog whose columns would not fit.
struct SearchIndexSlice {
    var start: UInt32
    var end: UInt32
    var count: Int { Int(end) - Int(start) }
}

/// A readers–writer lock that prefers writers: once a writer waits, new readers wait too,
/// so a patch is never starved by a steady stream of searches; it runs as soon as the
/// searches already inside have left. Readers do not nest (a reader that takes the read
/// side again while a writer waits would deadlock).
///
/// Built on `NSCondition` (the Persistence module stays off Glibc, see docs/architecture.md):
/// a read costs two lock/unlock pairs of one mutex, well under a microsecond, against a
/// search of tens of microseconds or more.
final class SearchIndexLock: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var readers = 0
    private var writersWaiting = 0
    private var writing = false

    func withReading<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        while writing || writersWaiting > 0 { condition.wait() }
        readers += 1
        condition.unlock()
        defer {
            condition.lock()
            readers -= 1
            if readers == 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body()
    }

    func withWriting<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        writersWaiting += 1
        while writing || readers > 0 { condition.wait() }
        writersWaiting -= 1
        writing = true
        condition.unlock()
        defer {
            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
