/// Order statistics without sorting: the k-th smallest values of an array in linear time.
enum Selection {
    /// The values a sort of `values` would put at each of `ranks` (each in
    /// `0..<values.count`), given the smallest and largest value.
    ///
    /// One counting pass over value buckets (at least four values per bucket on average, at
    /// most 4,096 buckets) finds the bucket of each rank, one more gathers those buckets'
    /// values, and only they are selected from: two cheap, predictable passes instead of partitioning
    /// (and moving) every value, whose compare-and-swap loop mispredicts about every other
    /// branch on prices in no order.
    static func values(atRanks ranks: [Int], of values: [Int64], low: Int64, high: Int64) -> [Int64] {
        guard values.count > 64, high > low else {
            var scratch = values
            return scratch.withUnsafeMutableBufferPointer { buffer in
                ranks.map { rank in
                    select(rank, in: buffer, within: 0..<buffer.count)
                    return buffer[rank]
                }
            }
        }
        // Buckets are power-of-two ranges of values above `low`: a shift, monotonic in the
        // value, so buckets hold consecutive runs of the sorted order. At most `target` of them.
        let target = Swift.min(4_096, values.count / 4)
        let span = UInt64(bitPattern: high &- low)
        let shift = Swift.max(0, (UInt64.bitWidth - span.leadingZeroBitCount) - (Int.bitWidth - 1 - target.leadingZeroBitCount))
        let bucketCount = Int(span >> shift) + 1
        @inline(__always) func bucket(_ value: Int64) -> Int { Int(UInt64(bitPattern: value &- low) >> shift) }

        var counts = [Int](repeating: 0, count: bucketCount)
        counts.withUnsafeMutableBufferPointer { counts in
            for value in values { counts[bucket(value)] &+= 1 }
        }
        var before = [Int](repeating: 0, count: bucketCount + 1)
        for index in 0..<bucketCount { before[index + 1] = before[index] + counts[index] }
        // The bucket of each rank: the last bucket starting at or before it.
        let rankBuckets = ranks.map { rank in
            var low = 0, high = bucketCount
            while high - low > 1 {
                let middle = (low + high) / 2
                if before[middle] <= rank { low = middle } else { high = middle }
            }
            return low
        }
        // The values of the wanted buckets, one array per bucket; every other bucket maps to
        // `wanted.count`, which gathers nothing.
        let wanted = Array(Set(rankBuckets)).sorted()
        var slotOfBucket = [UInt16](repeating: UInt16(wanted.count), count: bucketCount)
        for (slot, index) in wanted.enumerated() { slotOfBucket[index] = UInt16(slot) }
        var gathered = [[Int64]](repeating: [], count: wanted.count)
        for (slot, index) in wanted.enumerated() { gathered[slot].reserveCapacity(counts[index]) }
        slotOfBucket.withUnsafeBufferPointer { slotOfBucket in
            for value in values {
                let slot = Int(slotOfBucket[bucket(value)])
                if slot < wanted.count { gathered[slot].append(value) }
            }
        }
        return zip(ranks, rankBuckets).map { rank, index in
            let slot = Int(slotOfBucket[index])
            return gathered[slot].withUnsafeMutableBufferPointer { buffer in
                let local = rank - before[index]
                select(local, in: buffer, within: 0..<buffer.count)
                return buffer[local]
            }
        }
    }

    /// Rearranges `buffer[range]` so that `buffer[k]` holds the value a sort of that range
    /// would put there, nothing after it is smaller and nothing before it is larger.
    /// `k` must lie in `range`.
    ///
    /// Quickselect with a median-of-three pivot and a three-way partition (prices repeat a
    /// lot); after more rounds than a good pivot sequence needs, the rest is sorted, so the
    /// worst case stays O(n log n).
    static func select(_ k: Int, in buffer: UnsafeMutableBufferPointer<Int64>, within range: Range<Int>) {
        precondition(range.contains(k), "rank outside the range")
        var low = range.lowerBound, high = range.upperBound - 1
        var rounds = 2 * (Int.bitWidth - range.count.leadingZeroBitCount) + 8
        while low < high {
            guard rounds > 0 else {
                var rest = UnsafeMutableBufferPointer(rebasing: buffer[low...high])
                rest.sort()
                return
            }
            rounds -= 1
            let a = buffer[low], b = buffer[low + (high - low) / 2], c = buffer[high]
            let pivot = max(min(a, b), min(max(a, b), c))
            // [low, less) < pivot, [less, next) == pivot, (greater, high] > pivot.
            var less = low, next = low, greater = high
            while next <= greater {
                let value = buffer[next]
                if value < pivot {
                    buffer.swapAt(less, next)
                    less += 1
                    next += 1
                } else if value > pivot {
                    buffer.swapAt(next, greater)
                    greater -= 1
                } else {
                    next += 1
                }
            }
            if k < less {
                high = less - 1
            } else if k > greater {
                low = greater + 1
            } else {
                return
            }
        }
    }
}
