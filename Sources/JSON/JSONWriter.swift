/// Writes JSON text (RFC 8259, UTF-8) straight into a byte buffer, without building an
/// intermediate tree. Commas are placed automatically; the caller is responsible for
/// balancing `begin…`/`end…` calls and for writing a key before each object member.
///
/// Promises: strings are escaped so the output is always valid JSON; non-finite doubles are
/// written as `null`. Noncopyable: one writer owns its buffer, so writing never pays for
/// copy-on-write checks; use it from one thread.
public struct JSONWriter: ~Copyable {
    /// The JSON written so far.
    public var bytes: [UInt8] { buffer.array }
    @usableFromInline let buffer: ByteBuffer
    // Whether a value has been written in each open container, one bit per nesting level
    // (bit 0 = innermost): no allocation per container. Nesting deeper than 64 levels is
    // a programmer error.
    @usableFromInline var hasMembers: UInt64 = 0
    @usableFromInline var depth = 0
    @usableFromInline var afterKey = false

    @inlinable public init(capacity: Int = 1024) {
        buffer = ByteBuffer(capacity: capacity)
    }

    // MARK: containers

    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    @inlinable mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        precondition(depth < 64, "JSON nested deeper than 64 levels")
        depth += 1
        hasMembers <<= 1
    }

    @inlinable mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "unbalanced JSON container")
        depth -= 1
        hasMembers >>= 1
        buffer.append(bracket)
    }

    /// Writes an object whose members `body` writes.
    @inlinable public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject(); body(&self); endObject()
    }

    /// Writes an array whose elements `body` writes.
    @inlinable public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray(); body(&self); endArray()
    }

    /// Writes the key of the next object member. Keys are literals of the code that writes
    /// them, so they are copied as they are: a key must not need escaping.
    @inlinable @inline(__always) public mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a key computed at run time (escaped like any string).
    @inlinable public mutating func key(dynamic name: String) {
        separate()
        writeEscaped(name)
        buffer.append(UInt8(ascii: ":"))
        afterKey = true
    }

    // MARK: scalars

    @inlinable public mutating func string(_ value: String) { separate(); writeEscaped(value) }
    @inlinable @inline(__always) public mutating func int(_ value: Int) { separate(); writeInteger(Int64(value)) }
    @inlinable @inline(__always) public mutating func int(_ value: Int64) { separate(); writeInteger(value) }
    @inlinable @inline(__always) public mutating func bool(_ value: Bool) { separate(); buffer.append(contentsOf: value ? "true" : "false") }
    @inlinable @inline(__always) public mutating func null() { separate(); buffer.append(contentsOf: "null") }

    @inlinable public mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else { buffer.append(contentsOf: "null"); return }
        if abs(value) < 1e15, value == Double(Int64(value)) {
            writeInteger(Int64(value))
        } else if !writeShortDecimal(value) {
            var text = value.description
            text.withUTF8 { buffer.append(contentsOf: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes coordinates, ratings and other values with a few decimals (at most 9, at most 15
    /// digits, magnitude 0.001 to 10^9) the way `description` does, without building a String:
    /// the fewest fractional digits whose nearest decimal reads back as `value`. That read-back test is
    /// exact (an integer below 2^53 divided by an exact power of ten is correctly rounded, as
    /// a parser's result is), so whatever this writes round-trips. Returns false, having
    /// written nothing, for other values.
    @usableFromInline mutating func writeShortDecimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 1e-3 && magnitude < 1e9 else { return false }
        var scale = 10.0
        var power: Int64 = 10
        for fractionDigits in 1...9 {
            let scaled = (magnitude * scale).rounded()
            // Past 15 digits the product's rounding could pick a neighbour of the closest
            // decimal (still exact, but not the digits `description` writes).
            if scaled >= 1e15 { return false }
            if scaled / scale == magnitude {
                let digits = Int64(scaled)
                if value < 0 { buffer.append(UInt8(ascii: "-")) }
                writeInteger(digits / power)
                buffer.reserve(1 + fractionDigits)
                buffer.base[buffer.count] = UInt8(ascii: ".")
                // The fraction with its leading zeros, last digit first.
                var fraction = digits % power
                var index = fractionDigits
                while index > 0 {
                    buffer.base[buffer.count + index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                    index -= 1
                }
                buffer.count += 1 + fractionDigits
                return true
            }
            scale *= 10
            power *= 10
        }
        return false
    }

    /// Appends already-encoded JSON text as one value. The caller vouches for its validity.
    @inlinable public mutating func raw(_ json: UnsafeRawBufferPointer) { separate(); buffer.append(contentsOf: json) }

    // MARK: fragments

    /// Appends `text` as it is, with no separator: for a caller that writes an object of
    /// fixed shape thousands of times per response (a calendar's days) as a few runs such
    /// as `,"day":` rather than key by key. Inside `beginObject()`/`endObject()`, the caller
    /// vouches that the fragments form the members with their commas; mixed with `key` or
    /// `field` in the same object, commas would be wrong.
    @inlinable @inline(__always) public mutating func fragment(_ text: StaticString) { buffer.append(contentsOf: text) }
    /// Appends bytes of JSON text as they are (see `fragment(_:)`).
    @inlinable @inline(__always) public mutating func fragment(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }
    /// Appends `count` bytes that `write` fills in place (all of them), with no separator
    /// (see `fragment(_:)`): for fixed-width text such as dates, without a scratch copy.
    @inlinable @inline(__always)
    public mutating func fragment(count: Int, _ write: (UnsafeMutableRawBufferPointer) -> Void) {
        buffer.reserve(count)
        write(UnsafeMutableRawBufferPointer(start: buffer.base + buffer.count, count: count))
        buffer.count += count
    }
    /// Appends a number with no separator (see `fragment(_:)`).
    @inlinable @inline(__always) public mutating func fragment(integer value: Int) { writeInteger(Int64(value)) }
    @inlinable @inline(__always) public mutating func fragment(integer value: Int64) { writeInteger(value) }
    /// Appends a string value, escaped, or `null`, with no separator (see `fragment(_:)`).
    @inlinable public mutating func fragment(string value: String?) {
        if let value { writeEscaped(value) } else { buffer.append(contentsOf: "null") }
    }

    // MARK: members (key + value)

    @inlinable public mutating func field(_ name: StaticString, _ value: String) { key(name); string(value) }
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: Int) { key(name); int(value) }
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: Int64) { key(name); int(value) }
    @inlinable public mutating func field(_ name: StaticString, _ value: Double) { key(name); double(value) }
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: Bool) { key(name); bool(value) }
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    @inlinable public mutating func field(_ name: StaticString, _ value: Int?) { key(name); if let value { int(value) } else { null() } }
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: Int64?) { key(name); if let value { int(value) } else { null() } }
    @inlinable public mutating func field(_ name: StaticString, _ value: Double?) { key(name); if let value { double(value) } else { null() } }
    @inlinable public mutating func field(_ name: StaticString, _ value: Bool?) { key(name); if let value { bool(value) } else { null() } }
    @inlinable public mutating func field(_ name: StaticString, strings: [String]) {
        key(name)
        array { for s in strings { $0.string(s) } }
    }

    // MARK: private

    @inlinable @inline(__always) mutating func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        if hasMembers & 1 != 0 { buffer.append(UInt8(ascii: ",")) } else { hasMembers |= 1 }
    }

    @inlinable mutating func writeInteger(_ value: Int64) {
        // Days, weekdays and night counts: most numbers a calendar writes are one or two digits.
        if value >= 0 && value < 100 {
            if value < 10 {
                buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            } else {
                buffer.reserve(2)
                Self.storeDigitPair(UInt64(value), at: buffer.base + buffer.count)
                buffer.count += 2
            }
            return
        }
        var magnitude = value.magnitude
        // Prices are mostly five to seven digits: count them by comparison, then write them
        // two at a time from a table, last first and in place (half the divisions).
        var digits = 1
        var threshold: UInt64 = 10
        while magnitude >= threshold {
            digits += 1
            if digits == 19 { break }   // |Int64| < 10^19
            threshold &*= 10
        }
        let length = value < 0 ? digits + 1 : digits
        buffer.reserve(length)
        var cursor = buffer.base + buffer.count + length
        while magnitude >= 100 {
            cursor -= 2
            Self.storeDigitPair(magnitude % 100, at: cursor)
            magnitude /= 100
        }
        if magnitude >= 10 {
            cursor -= 2
            Self.storeDigitPair(magnitude, at: cursor)
        } else {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        if value < 0 { (cursor - 1).pointee = UInt8(ascii: "-") }
        buffer.count += length
    }

    /// Writes `pair` (0...99) as two digits at `target`.
    @inlinable @inline(__always)
    static func storeDigitPair(_ pair: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        let offset = Int(truncatingIfNeeded: pair) &* 2
        target[0] = digitPairs.utf8Start[offset]
        target[1] = digitPairs.utf8Start[offset &+ 1]
    }

    /// "00", "01", ... "99" back to back; a static string, so reading it needs no lazy
    /// initialization check.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    @usableFromInline static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    @inlinable mutating func writeEscaped(_ string: String) {
        // Most strings need no escaping: copy them in one go. Read in place (not through a
        // mutable copy for `withUTF8`, which cost a retain and a release per string).
        let buffer = buffer
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            buffer.append(UInt8(ascii: "\""))
            buffer.append(contentsOf: UnsafeRawBufferPointer(utf8))
            buffer.append(UInt8(ascii: "\""))
            return true
        }
        if copied != true { writeEscapedSlowly(string) }
    }

    @inlinable mutating func writeEscapedSlowly(_ string: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\\")); buffer.append(byte)
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\")); buffer.append(byte)
            case 0x0A: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "\\")); buffer.append(UInt8(ascii: "t"))
            case 0..<0x20:
                buffer.append(contentsOf: "\\u00")
                buffer.append(Self.hex[Int(byte >> 4)])
                buffer.append(Self.hex[Int(byte & 0xF)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
