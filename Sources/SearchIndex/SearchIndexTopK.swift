/// The first `capacity` entries in an order, out of any number offered: a binary max-heap
/// whose root is the latest entry kept, so an offer costs O(1) when it sorts after the root
/// and O(log capacity) otherwise. Ties on the key break by id ascending.
struct SearchIndexTopK<Order: SearchIndexOrder> {
    struct Entry {
        let key: Order.Key
        let id: Int64
        let nightly: Int64
        let total: Int64?
    }

    let capacity: Int
    private var heap: [Entry] = []

    init(capacity: Int) {
        self.capacity = capacity
        heap.reserveCapacity(min(capacity, 1024))
    }

    /// True when `a` sorts strictly after `b`.
    @inline(__always)
    private static func isAfter(_ a: Entry, _ b: Entry) -> Bool {
        if a.key == b.key { return a.id > b.id }
        return Order.precedes(b.key, a.key)
    }

    @inline(__always)
    mutating func offer(_ entry: Entry) {
        if heap.count < capacity {
            heap.append(entry)
            siftUp(heap.count - 1)
        } else if capacity > 0 && Self.isAfter(heap[0], entry) {
            heap[0] = entry
            siftDown(0)
        }
    }

    /// The kept entries, first to last.
    func sorted() -> [Entry] {
        heap.sorted { Self.isAfter($1, $0) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.isAfter(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var latest = left
            if left + 1 < count && Self.isAfter(heap[left + 1], heap[left]) { latest = left + 1 }
            guard Self.isAfter(heap[latest], heap[parent]) else { return }
            heap.swapAt(latest, parent)
            parent = latest
        }
    }
}
