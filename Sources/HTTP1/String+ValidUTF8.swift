extension String {
    /// The text of `bytes` when they are well-formed UTF-8, else nil: the answer of the
    /// standard library's `String(validating:as:)`, which is not specialized for a caller
    /// and looks up generic metadata at run time on every call, most of the cost of a
    /// short query value.
    @inlinable public init?(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces ill-formed sequences with U+FFFD: well-formed input comes back
        // byte for byte (including a U+FFFD the input spelled out itself).
        guard bytes.allSatisfy({ $0 < 0x80 }) || decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
