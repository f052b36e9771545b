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

    @inlinable @inline(__always) func reserve(_ extra: Int) {
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

    @inlinable @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always) func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let length = bytes.count
        reserve(length)
        let target = UnsafeMutableRawPointer(base + count)
        // Keys, numbers and dates are a few bytes: two overlapping word copies are much
        // cheaper than a call to memmove, which JSON would otherwise make for every token.
        if length > 16 && length <= 32 {
            // Fixed runs such as `,"checkoutAllowed":false`.
            target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 16, as: SIMD16<UInt8>.self),
                              toByteOffset: length - 16, as: SIMD16<UInt8>.self)
        } else if length >= 8 && length <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
                              toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self),
                              toByteOffset: length - 4, as: UInt32.self)
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    @inlinable @inline(__always) func append(contentsOf text: StaticString) {
        // Not `withUTF8Buffer`: its closure would retain and release `self` on every call.
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { append(contentsOf: UnsafeRawBufferPointer($0)) }
            return
        }
        append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
