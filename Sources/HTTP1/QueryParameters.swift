/// The decoded parameters of a query string (`application/x-www-form-urlencoded` rules as
/// browsers send them: WHATWG URL §5.1), each name given at most once.
///
/// Promises: every name and value is valid UTF-8 after decoding; a name appears once;
/// `names` keeps the order of appearance. Immutable after decoding; `Sendable`.
public struct QueryParameters: Sendable {
    // A request has a handful of parameters and each is looked up once: a scan of the pairs
    // costs less than hashing every name. Past `scanLimit` names a dictionary keeps lookups
    // and the duplicate check linear in a long, hostile query.
    private var pairs: [(name: String, value: String)] = []
    private var positions: [String: Int]?
    private static let scanLimit = 16

    /// The names in order of appearance.
    public var names: [String] { pairs.map(\.name) }

    /// No parameters.
    public init() {}

    /// Parses a raw query (after `?`, may be nil or empty): `&`-separated `name=value` (a name
    /// without `=` has value ""), `+` is space, percent-decoding (`%` not followed by two hex
    /// digits is an error), result must be valid UTF-8 (Hangul arrives percent-encoded), a
    /// name given twice is an error, empty pairs from `&&` ignored.
    public init(parsing query: String?) throws(QueryError) {
        guard var query, !query.isEmpty else { return }
        // `withUTF8` (no copy of the query) rethrows untyped errors: carry ours out.
        var failure: QueryError?
        query.withUTF8 { p in
            do throws(QueryError) { try parse(p) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public subscript(name: String) -> String? {
        position(of: name).map { pairs[$0].value }
    }

    public var isEmpty: Bool { pairs.isEmpty }

    /// How many parameters there are; their positions are `0..<count`, in order of appearance.
    public var count: Int { pairs.count }

    /// The name of the parameter at `position` (`0..<count`).
    public func name(at position: Int) -> String { pairs[position].name }

    /// The value of the parameter at `position` (`0..<count`).
    public func value(at position: Int) -> String { pairs[position].value }

    /// Where the parameter called `name` is, if given.
    public func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        return pairs.firstIndex { $0.name == name }
    }

    private mutating func append(_ name: String, _ value: String) throws(QueryError) {
        guard position(of: name) == nil else { throw QueryError(name: name, reason: "given more than once") }
        pairs.append((name, value))
        if positions != nil {
            positions![name] = pairs.count - 1
        } else if pairs.count > Self.scanLimit {
            positions = Dictionary(uniqueKeysWithValues: pairs.enumerated().map { ($1.name, $0) })
        }
    }

    private mutating func parse(_ p: UnsafeBufferPointer<UInt8>) throws(QueryError) {
        var scratch: [UInt8] = []
        var pairStart = 0
        while pairStart <= p.count {
            var pairEnd = pairStart
            while pairEnd < p.count && p[pairEnd] != UInt8(ascii: "&") { pairEnd += 1 }
            if pairEnd > pairStart {
                var equals = pairStart
                while equals < pairEnd && p[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try Self.decode(p, pairStart, equals, scratch: &scratch, name: nil)
                let value = equals < pairEnd
                    ? try Self.decode(p, equals + 1, pairEnd, scratch: &scratch, name: name)
                    : ""
                try append(name, value)
            }
            pairStart = pairEnd + 1
        }
    }

    /// Decodes p[start..<end]: `+` to space, `%XX` to a byte, then validates UTF-8.
    /// `name` is the parameter being decoded (nil while decoding the name itself).
    private static func decode(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                               scratch: inout [UInt8], name: String?) throws(QueryError) -> String {
        let text = UnsafeBufferPointer(rebasing: p[start..<end])
        // Most names and values (ids, dates, numbers) have nothing to decode: validated as
        // they are, without a copy through `scratch`.
        if !text.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            guard let plain = String(validUTF8: text) else {
                throw QueryError(name: name ?? "", reason: "not valid UTF-8")
            }
            return plain
        }
        scratch.removeAll(keepingCapacity: true)
        var i = start
        while i < end {
            let b = p[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < end,
                      let high = ByteClass.hexValue(p[i + 1]),
                      let low = ByteClass.hexValue(p[i + 2])
                else { throw QueryError(name: name ?? "", reason: "invalid percent-encoding") }
                scratch.append(UInt8(high << 4 | low))
                i += 3
            } else {
                scratch.append(b == UInt8(ascii: "+") ? ByteClass.sp : b)
                i += 1
            }
        }
        guard let decoded = scratch.withUnsafeBufferPointer({ String(validUTF8: $0) }) else {
            throw QueryError(name: name ?? "", reason: "not valid UTF-8")
        }
        return decoded
    }
}
