import HTTP1
import JSON

extension Request {
    /// The body as a JSON object, for a handler to read field by field.
    ///
    /// Throws, in this order of checks:
    /// - 415 (`/problems/unsupported-media-type`) unless `Content-Type` is `application/json`
    ///   (any case; parameters allowed, but a `charset` other than UTF-8 is refused, since
    ///   JSON is UTF-8: RFC 8259 §8.1);
    /// - 413 (`/problems/payload-too-large`) when the body is longer than `maxBytes` (the
    ///   server's `maxBodyBytes` has already bounded what was read);
    /// - 400 (`/problems/invalid-body`) when the body is not valid JSON under `limits` (the
    ///   detail names the byte offset) or its top level is not an object.
    public func jsonObject(maxBytes: Int = 16_384, limits: JSONLimits = JSONLimits()) throws(Problem) -> JSONObjectReader {
        guard let contentType = header("Content-Type"), JSONObjectReader.isJSONMediaType(contentType) else {
            throw Problem(type: .unsupportedMediaType, status: .unsupportedMediaType,
                          detail: "The request body must be application/json.")
        }
        guard body.count <= maxBytes else {
            throw Problem(type: .payloadTooLarge, status: .contentTooLarge,
                          detail: "The request body must be at most \(maxBytes) bytes.")
        }
        let value: JSONValue
        do {
            value = try JSONParser(limits: limits).parse(body)
        } catch {
            throw Problem(type: .invalidBody, status: .badRequest, title: JSONObjectReader.problemTitle,
                          detail: "The request body is not valid JSON. \(error.description)")
        }
        guard case .object(let object) = value else {
            throw Problem(type: .invalidBody, status: .badRequest, title: JSONObjectReader.problemTitle,
                          detail: "The request body must be a JSON object, not \(value.kindDescription).")
        }
        return JSONObjectReader(object)
    }
}

/// Reads typed fields out of a JSON object, collecting every problem instead of stopping at the
/// first, so one 400 names each bad field (RFC 9457 `invalidParams`).
///
/// Each getter marks its field as known and returns nil when the field is absent or bad,
/// having recorded why: a required field that is absent or null "is required"; a field of the
/// wrong type or out of range gets a reason that says what it must be ("must be an integer
/// between 1 and 16"). Optional getters treat absent and null alike (nil, no problem).
/// `finish()` adds every member that no getter asked for ("is not a known field": a misspelt
/// field is an error, not silently ignored) and throws one 400 (`/problems/invalid-body`)
/// if anything was recorded. Nested objects (`object(_:_:)`) report their fields as
/// `outer.inner`.
///
/// A value type: read, then call `finish()` once all fields are read.
public struct JSONObjectReader: Sendable {
    static let problemTitle = "Invalid request body"

    /// The object being read.
    public let object: JSONObject
    /// Prefix of every reported name: "" at the top, "outer." inside `object(_:_:)`.
    private let prefix: String
    private var known: Set<String> = []
    /// Problems recorded so far (unknown fields are added by `finish()`).
    public private(set) var issues: [InvalidParam] = []

    public init(_ object: JSONObject) {
        self.init(object, prefix: "")
    }

    private init(_ object: JSONObject, prefix: String) {
        self.object = object
        self.prefix = prefix
    }

    // MARK: getters

    public mutating func string(_ name: String, length: ClosedRange<Int> = 0...Int.max) -> String? {
        read(name, required: true) { value in Self.string(value, length: length) }
    }

    public mutating func optionalString(_ name: String, length: ClosedRange<Int> = 0...Int.max) -> String? {
        read(name, required: false) { value in Self.string(value, length: length) }
    }

    /// An integer: a JSON number written without fraction or exponent (`2`, not `2.0`), in `range`.
    public mutating func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        read(name, required: true) { value in Self.int(value, in: range) }
    }

    public mutating func optionalInt(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        read(name, required: false) { value in Self.int(value, in: range) }
    }

    /// Any JSON number, as the nearest `Double`, in `range`.
    public mutating func double(_ name: String, in range: ClosedRange<Double>) -> Double? {
        read(name, required: true) { value in Self.double(value, in: range) }
    }

    public mutating func optionalDouble(_ name: String, in range: ClosedRange<Double>) -> Double? {
        read(name, required: false) { value in Self.double(value, in: range) }
    }

    public mutating func bool(_ name: String) -> Bool? {
        read(name, required: true) { value in
            if case .bool(let flag) = value { return .success(flag) }
            return .failure(Reason(text: "must be true or false"))
        }
    }

    public mutating func optionalBool(_ name: String) -> Bool? {
        read(name, required: false) { value in
            if case .bool(let flag) = value { return .success(flag) }
            return .failure(Reason(text: "must be true or false"))
        }
    }

    /// A nested object, read by `body` with a reader of its own whose problems (and unknown
    /// fields) are reported here as `name.field`. Nil when absent, not an object, or when
    /// `body` returns nil.
    public mutating func object<T>(_ name: String, _ body: (inout JSONObjectReader) -> T?) -> T? {
        nested(name, required: true, body)
    }

    public mutating func optionalObject<T>(_ name: String, _ body: (inout JSONObjectReader) -> T?) -> T? {
        nested(name, required: false, body)
    }

    /// The field's raw value (nil when absent), marked known, with nothing checked: for shapes
    /// the getters above do not cover.
    public mutating func value(_ name: String) -> JSONValue? {
        known.insert(name)
        return object[name]
    }

    /// Marks fields as known without reading them (accepted and ignored).
    public mutating func ignore(_ names: String...) {
        for name in names { known.insert(name) }
    }

    /// Records a problem the handler found itself (checkout before checkin), so it is named in
    /// the same 400 as the rest.
    public mutating func fail(_ name: String, _ reason: String) {
        issues.append(InvalidParam(name: prefix + name, reason: reason))
    }

    /// Every problem: those recorded, then each member never asked for, in the object's order.
    public var allIssues: [InvalidParam] {
        issues + object.members.lazy.filter { !known.contains($0.key) }
            .map { InvalidParam(name: prefix + $0.key, reason: "is not a known field") }
    }

    /// Throws the 400 problem (`/problems/invalid-body`) naming every bad field, if any.
    public func finish() throws(Problem) {
        let all = allIssues
        guard !all.isEmpty else { return }
        throw Problem(type: .invalidBody, status: .badRequest, title: Self.problemTitle,
                      detail: "One or more fields are missing or invalid.", invalidParams: all)
    }

    // MARK: private

    private mutating func read<T>(_ name: String, required: Bool, _ convert: (JSONValue) -> Result<T, Reason>) -> T? {
        known.insert(name)
        guard let value = object[name], value != .null else {
            if required { fail(name, "is required") }
            return nil
        }
        switch convert(value) {
        case .success(let result): return result
        case .failure(let reason):
            fail(name, reason.text)
            return nil
        }
    }

    private mutating func nested<T>(_ name: String, required: Bool, _ body: (inout JSONObjectReader) -> T?) -> T? {
        known.insert(name)
        guard let value = object[name], value != .null else {
            if required { fail(name, "is required") }
            return nil
        }
        guard case .object(let inner) = value else {
            fail(name, "must be an object")
            return nil
        }
        var reader = JSONObjectReader(inner, prefix: prefix + name + ".")
        let result = body(&reader)
        issues += reader.allIssues
        return result
    }

    /// Why a value was refused (a type so `Result` can carry a plain sentence).
    private struct Reason: Error {
        let text: String
    }

    private static func string(_ value: JSONValue, length: ClosedRange<Int>) -> Result<String, Reason> {
        let reason = length == 0...Int.max ? "must be a string" : "must be a string of \(describe(length)) characters"
        guard case .string(let text) = value else { return .failure(Reason(text: reason)) }
        guard length == 0...Int.max || length.contains(text.count) else { return .failure(Reason(text: reason)) }
        return .success(text)
    }

    private static func int(_ value: JSONValue, in range: ClosedRange<Int>) -> Result<Int, Reason> {
        guard case .number(let number) = value, let wide = number.int64, let exact = Int(exactly: wide),
              range.contains(exact) else {
            return .failure(Reason(text: "must be an integer" + bounds(range)))
        }
        return .success(exact)
    }

    private static func double(_ value: JSONValue, in range: ClosedRange<Double>) -> Result<Double, Reason> {
        guard case .number(let number) = value, let double = number.double, range.contains(double) else {
            return .failure(Reason(text: "must be a number between \(range.lowerBound) and \(range.upperBound)"))
        }
        return .success(double)
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == Int.max { return "at least \(range.lowerBound)" }
        if range.lowerBound == range.upperBound { return "\(range.lowerBound)" }
        return "\(range.lowerBound) to \(range.upperBound)"
    }

    /// " between 1 and 16", " of at least 0", " of at most 9", or "" for any integer.
    private static func bounds(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound == Int.min, range.upperBound == Int.max) {
        case (true, true): ""
        case (false, true): " of at least \(range.lowerBound)"
        case (true, false): " of at most \(range.upperBound)"
        case (false, false): " between \(range.lowerBound) and \(range.upperBound)"
        }
    }
}

extension JSONObjectReader {
    /// Whether a `Content-Type` value is `application/json`: type and subtype in any case,
    /// optional whitespace, and parameters, of which only `charset` is looked at (it must be
    /// UTF-8, quoted or not).
    static func isJSONMediaType(_ value: String) -> Bool {
        var parts = value.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let mediaType = parts.next(), trimmed(mediaType).asciiCaseInsensitiveEquals("application/json") else {
            return false
        }
        while let parameter = parts.next() {
            guard let equals = parameter.firstIndex(of: "=") else {
                if trimmed(parameter).isEmpty { continue }   // a stray ';'
                return false
            }
            guard trimmed(parameter[..<equals]).asciiCaseInsensitiveEquals("charset") else { continue }
            var charset = trimmed(parameter[parameter.index(after: equals)...])
            if charset.count >= 2 && charset.hasPrefix("\"") && charset.hasSuffix("\"") {
                charset = String(charset.dropFirst().dropLast())
            }
            guard charset.asciiCaseInsensitiveEquals("utf-8") || charset.asciiCaseInsensitiveEquals("utf8") else {
                return false
            }
        }
        return true
    }

    /// Without optional whitespace (space, tab) at either end.
    private static func trimmed(_ text: Substring) -> String {
        var slice = text[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
