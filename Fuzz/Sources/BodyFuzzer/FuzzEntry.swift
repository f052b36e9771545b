import HTTP1
import HTTPServer
import JSON

/// libFuzzer entry point. The same bytes are decoded as a query string (`QueryParameters`)
/// and read as a request body (`JSONParser` with the default limits, then
/// `Request.jsonObject()` and `JSONObjectReader`), and the fuzzer traps when a promise
/// breaks; see Fuzz/README.md.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzQuery(input)
    fuzzJSON(input)
    return 0
}

// MARK: query

/// `QueryParameters` agrees with a slow reference decoder written from its documentation,
/// and what it decodes, percent-encoded again, decodes to the same pairs.
func fuzzQuery(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    let expected = referenceQuery(Array(text.utf8))
    let actual: Result<QueryParameters, QueryError> = Result { () throws(QueryError) in
        try QueryParameters(parsing: text)
    }
    switch (actual, expected) {
    case (.success(let query), .success(let pairs)):
        check(query.names == pairs.map { $0.0 }, "names \(query.names) vs reference \(pairs.map { $0.0 })")
        for (name, value) in pairs { check(query[name] == value, "value of \(name) differs from the reference") }
        check(query.isEmpty == pairs.isEmpty, "isEmpty")
        let encoded = pairs.map { percentEncode($0.0) + "=" + percentEncode($0.1) }.joined(separator: "&")
        guard let again = try? QueryParameters(parsing: encoded) else {
            check(false, "re-encoded query \(encoded) does not decode"); return
        }
        check(again.names == query.names, "re-encoded names differ")
        for name in query.names { check(again[name] == query[name], "re-encoded value of \(name) differs") }
    case (.failure(let error), .failure(let reference)):
        check(error.name == reference.name, "error names \(error.name), reference \(reference.name)")
        check(!error.reason.isEmpty, "error without a reason")
    case (.success, .failure(let reference)):
        check(false, "decoded; the reference fails at \(reference.name)")
    case (.failure(let error), .success):
        check(false, "failed with \(error); the reference decodes")
    }
}

/// The documented rules, written plainly: `&`-separated pairs, empty pairs skipped, the
/// name up to the first `=`, `+` is a space, `%XX` a byte (any other `%` an error), the
/// result valid UTF-8, no name twice. Failure carries the name the error is about ("" while
/// decoding a name).
struct ReferenceFailure: Error { let name: String }

func referenceQuery(_ bytes: [UInt8]) -> Result<[(String, String)], ReferenceFailure> {
    var pairs: [(String, String)] = []
    for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
        let equals = piece.firstIndex(of: UInt8(ascii: "="))
        guard let name = referenceDecode(piece[..<(equals ?? piece.endIndex)]) else { return .failure(ReferenceFailure(name: "")) }
        var value = ""
        if let equals {
            guard let decoded = referenceDecode(piece[(equals + 1)...]) else { return .failure(ReferenceFailure(name: name)) }
            value = decoded
        }
        if pairs.contains(where: { $0.0 == name }) { return .failure(ReferenceFailure(name: name)) }
        pairs.append((name, value))
    }
    return .success(pairs)
}

func referenceDecode(_ bytes: ArraySlice<UInt8>) -> String? {
    var out: [UInt8] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
        switch bytes[i] {
        case UInt8(ascii: "+"):
            out.append(0x20); i += 1
        case UInt8(ascii: "%"):
            guard i + 2 < bytes.endIndex,
                  let byte = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            else { return nil }
            // UInt8(_:radix:) also takes "+F" and "-0": only two hex digits are an escape.
            guard bytes[(i + 1)...(i + 2)].allSatisfy({ isHexDigit($0) }) else { return nil }
            out.append(byte); i += 3
        default:
            out.append(bytes[i]); i += 1
        }
    }
    return String(validating: out, as: UTF8.self)
}

func isHexDigit(_ b: UInt8) -> Bool {
    (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
}

func percentEncode(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in text.utf8 {
        if (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) {
            out.append(b)
        } else {
            out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}

// MARK: JSON

func fuzzJSON(_ input: [UInt8]) {
    let limits = JSONLimits()
    let parsed: Result<JSONValue, JSONParseError> = Result { () throws(JSONParseError) in
        try JSONParser().parse(input)
    }
    switch parsed {
    case .success(let value):
        check(depth(value) <= limits.maxDepth, "nested deeper than maxDepth")
        visit(value, limits)
        // Written back out and parsed again, it is the same value.
        var writer = JSONWriter()
        write(value, to: &writer)
        let text = writer.bytes
        guard let again = try? JSONParser().parse(text) else {
            check(false, "re-written JSON does not parse: \(String(decoding: text, as: UTF8.self))"); return
        }
        check(again == value, "re-written JSON parses to another value")
    case .failure(let error):
        check((0...input.count).contains(error.offset), "error offset \(error.offset) outside the input")
        _ = error.description
    }

    // The body reader a handler uses: a 400 (or 413 past maxBytes) problem, or an object.
    var headers: HTTPFields = ["Host": "x"]
    headers.append(name: "Content-Type", value: "application/json")
    let request = Request(head: HTTPRequest(method: .post, target: "/r", headers: headers, body: input),
                          query: noQuery, requestID: "fuzz")
    do throws(Problem) {
        var reader = try request.jsonObject()
        guard case .success(.object(let object)) = parsed else {
            check(false, "jsonObject() accepted what the parser refuses or is not an object"); return
        }
        check(input.count <= 16_384, "jsonObject() accepted a body over maxBytes")
        check(reader.object == object, "jsonObject() returned another object")
        readAll(&reader)
        check(reader.allIssues.allSatisfy { !$0.name.isEmpty || object.keys.contains("") }, "an issue without a name")
        do throws(Problem) {
            try reader.finish()
            check(reader.allIssues.isEmpty, "finish() passed with issues")
        } catch {
            check(error.status == .badRequest && !error.invalidParams.isEmpty, "finish() threw \(error.status)")
            _ = error.response(for: request)
        }
    } catch {
        if input.count > 16_384 {
            check(error.status == .contentTooLarge, "a body over maxBytes gave \(error.status)")
        } else {
            check(error.status == .badRequest, "jsonObject() threw \(error.status)")
            if case .success(.object) = parsed { check(false, "jsonObject() refused an object the parser accepts") }
        }
        _ = error.response(for: request)
    }
}

let noQuery = try! QueryParameters(parsing: nil)

/// Reads every member with a getter picked by its position, so each getter meets every kind
/// of value; nested objects are read the same way.
func readAll(_ reader: inout JSONObjectReader, level: Int = 0) {
    for (i, key) in reader.object.keys.enumerated() {
        switch (i + level) % 12 {
        case 0: _ = reader.string(key)
        case 1: _ = reader.optionalString(key, length: 1...8)
        case 2: _ = reader.int(key, in: 1...16)
        case 3: _ = reader.optionalInt(key)
        case 4: _ = reader.double(key, in: -90...90)
        case 5: _ = reader.optionalDouble(key, in: 0...Double.greatestFiniteMagnitude)
        case 6: _ = reader.bool(key)
        case 7: _ = reader.optionalBool(key)
        case 8: _ = reader.object(key) { (inner: inout JSONObjectReader) -> Int? in readAll(&inner, level: level + 1); return 1 }
        case 9: _ = reader.optionalObject(key) { (inner: inout JSONObjectReader) -> Int? in readAll(&inner, level: level + 1); return nil }
        case 10: _ = reader.value(key)
        default: reader.fail(key, "rejected by the fuzzer")
        }
    }
}

func depth(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
    case .object(let object): 1 + (object.members.map { depth($0.value) }.max() ?? 0)
    default: 0
    }
}

/// Checks the limits hold and that every number converts without trapping.
func visit(_ value: JSONValue, _ limits: JSONLimits) {
    switch value {
    case .number(let number):
        check(number.literal.utf8.count <= limits.maxNumberBytes, "number over maxNumberBytes")
        if let int = number.int64 { check(number.isIntegerLiteral, "int64 of \(number) though not an integer literal"); _ = int }
        if let double = number.double { check(double.isFinite, "non-finite double") }
    case .string(let string):
        check(string.utf8.count <= limits.maxStringBytes, "string over maxStringBytes")
    case .array(let elements):
        check(elements.count <= limits.maxElements, "array over maxElements")
        elements.forEach { visit($0, limits) }
    case .object(let object):
        check(object.count <= limits.maxMembers, "object over maxMembers")
        check(Set(object.keys).count == object.count, "duplicate key in an object")
        for member in object.members {
            check(member.key.utf8.count <= limits.maxStringBytes, "key over maxStringBytes")
            check(object[member.key] == member.value, "lookup of \(member.key) finds another value")
            visit(member.value, limits)
        }
    case .null, .bool: break
    }
}

func write(_ value: JSONValue, to writer: inout JSONWriter) {
    switch value {
    case .null: writer.null()
    case .bool(let bool): writer.bool(bool)
    case .number(let number):
        var literal = number.literal
        literal.withUTF8 { writer.raw(UnsafeRawBufferPointer($0)) }
    case .string(let string): writer.string(string)
    case .array(let elements):
        writer.beginArray()
        for element in elements { write(element, to: &writer) }
        writer.endArray()
    case .object(let object):
        writer.beginObject()
        for member in object.members {
            writer.key(dynamic: member.key)
            write(member.value, to: &writer)
        }
        writer.endObject()
    }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        print("INVARIANT BROKEN: \(message())")
        fatalError(message())
    }
}
