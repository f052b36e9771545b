/// The header fields the parser itself must understand.
enum FieldKind: Sendable {
    case host, contentLength, transferEncoding, expect, other

    init(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        switch end - start {
        case 4 where ByteClass.equalsLowercase(p, start, end, "host"): self = .host
        case 6 where ByteClass.equalsLowercase(p, start, end, "expect"): self = .expect
        case 14 where ByteClass.equalsLowercase(p, start, end, "content-length"): self = .contentLength
        case 17 where ByteClass.equalsLowercase(p, start, end, "transfer-encoding"): self = .transferEncoding
        default: self = .other
        }
    }
}
