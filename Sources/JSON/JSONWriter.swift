/// Writes JSON text (RFC 8259, UTF-8) straight into a byte buffer, without building an
/// intermediate tree. Commas are placed automatically; the caller is responsible for
/// balancing `begin…`/`end…` calls and for writing a key before each object member.
///
/// Promises: strings are escaped so the output is always valid JSON; non-finite doubles are
/// written as `null`. A value type: not shared between threads unless copied.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]
    // One entry per open container: whether a value has been written in it yet.
    private var hasMembers: [Bool] = []
    private var afterKey = false

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: containers

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); hasMembers.append(false) }
    public mutating func endObject() { hasMembers.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); hasMembers.append(false) }
    public mutating func endArray() { hasMembers.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject(); body(&self); endObject()
    }

    /// Writes an array whose elements `body` writes.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray(); body(&self); endArray()
    }

    /// Writes the key of the next object member.
    public mutating func key(_ name: String) {
        separate()
        writeEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    // MARK: scalars

    public mutating func string(_ value: String) { separate(); writeEscaped(value) }
    public mutating func int(_ value: Int) { separate(); writeInteger(Int64(value)) }
    public mutating func int(_ value: Int64) { separate(); writeInteger(value) }
    public mutating func bool(_ value: Bool) { separate(); bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes) }
    public mutating func null() { separate(); bytes.append(contentsOf: Self.nullBytes) }

    public mutating func double(_ value: Double) {
        separate()
        guard value.isFinite else { bytes.append(contentsOf: Self.nullBytes); return }
        if abs(value) < 1e15, value == Double(Int64(value)) {
            writeInteger(Int64(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Appends already-encoded JSON text as one value. The caller vouches for its validity.
    public mutating func raw(_ json: some Sequence<UInt8>) { separate(); bytes.append(contentsOf: json) }

    // MARK: members (key + value)

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: String, _ value: Int64) { key(name); int(value) }
    public mutating func field(_ name: String, _ value: Double) { key(name); double(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: String, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Int?) { key(name); if let value { int(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Int64?) { key(name); if let value { int(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Double?) { key(name); if let value { double(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Bool?) { key(name); if let value { bool(value) } else { null() } }
    public mutating func field(_ name: String, strings: [String]) {
        key(name)
        array { for s in strings { $0.string(s) } }
    }

    // MARK: private

    private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard let last = hasMembers.indices.last else { return }
        if hasMembers[last] { bytes.append(UInt8(ascii: ",")) } else { hasMembers[last] = true }
    }

    private mutating func writeInteger(_ value: Int64) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)

    private mutating func writeEscaped(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
