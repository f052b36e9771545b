/// A growable byte buffer for `JSONWriter`: appends are a capacity check and a copy, with
/// none of an array's uniqueness checks on every byte. Owned by exactly one writer, which
/// is noncopyable and used from one thread: hence no run-time exclusivity checks.
@usableFromInline final class ByteBuffer {
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var capacity: Int

    @inlinable init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, copied into an array.
    @inlinable var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inlinable func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inlinable func append(contentsOf text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: UnsafeRawBufferPointer($0)) }
    }
}
