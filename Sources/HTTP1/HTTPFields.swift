/// An ordered list of header fields. Names compare case-insensitively (RFC 9110 §5.1);
/// order and duplicates are kept exactly as received.
public struct HTTPFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name`, if any.
    public subscript(name: String) -> String? {
        fields.first { $0.name.asciiCaseInsensitiveEquals(name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.asciiCaseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.asciiCaseInsensitiveEquals(name) }
    }

    /// Whether any `name` field lists `token` (lowercase) among its comma-separated,
    /// OWS-trimmed elements, ASCII case-insensitively (RFC 9110 §5.6.1): `Connection: close`.
    public func contains(token: String, in name: String) -> Bool {
        fields.contains { field in
            field.name.asciiCaseInsensitiveEquals(name)
                && field.value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true)
                    .contains { $0.trimmingWhitespace().asciiLowercaseEquals(token) }
        }
    }

    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    public mutating func remove(name: String) {
        fields.removeAll { $0.name.asciiCaseInsensitiveEquals(name) }
    }
}

extension String {
    /// ASCII case-insensitive equality, as header names and tokens need.
    public func asciiCaseInsensitiveEquals(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let lx = (65...90).contains(x) ? x + 32 : x
            let ly = (65...90).contains(y) ? y + 32 : y
            if lx != ly { return false }
        }
        return true
    }
}
