import HTTP1
import JSON

extension Request {
    /// The body as a JSON object, for a handler to read field by field.
    ///
    /// Throws, before anything is read: 415 `/problems/unsupported-media-type` unless
    /// `Content-Type` is `application/json` (parameters such as `charset=utf-8` allowed,
    /// case-insensitive); 413 `/problems/payload-too-large` over `maxBytes`; 400
    /// `/problems/invalid-body` for malformed JSON (with the byte offset) or a top level
    /// that is not an object. The parser's own limits (`JSONLimits`) bound depth, strings
    /// and member counts, so hostile input costs bounded time and memory.
    public func jsonObject(maxBytes: Int, limits: JSONLimits = JSONLimits()) throws(Problem) -> JSONObjectReader {
        let mediaType = header("Content-Type")?.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw Problem(status: .unsupportedMediaType, title: "Unsupported media type",
                          detail: "The body must be JSON, sent with Content-Type: application/json.",
                          type: "/problems/unsupported-media-type")
        }
        guard head.body.count <= maxBytes else {
            throw Problem(status: .contentTooLarge, title: "Body too large",
                          detail: "This route accepts bodies of at most \(maxBytes) bytes.",
                          type: "/problems/payload-too-large")
        }
        let value: JSONValue
        do {
            value = try JSONParser(limits: limits).parse(head.body)
        } catch {
            throw JSONObjectReader.invalidBody("The body is not valid JSON: \(error).")
        }
        guard case .object(let object) = value else {
            throw JSONObjectReader.invalidBody("The body must be a JSON object, not \(value.kindDescription).")
        }
        return JSONObjectReader(object)
    }
}

/// Reads typed fields of a request's JSON object, collecting every problem instead of
/// stopping at the first: a missing required field, a wrong type, a value out of range,
/// and — at `finish()` — every member that was never asked for (an unknown field is a
/// client bug worth telling, not something to ignore silently).
///
/// A getter returns nil for an absent or bad field (and records why); `finish()` then
/// throws one 400 `/problems/invalid-body` naming each bad field in `invalidParams`.
public struct JSONObjectReader {
    private let object: JSONObject
    private var asked: Set<String> = []
    private var issues: [InvalidParam] = []

    init(_ object: JSONObject) {
        self.object = object
    }

    /// Records a problem with `name` found by the caller (a value that parses but means
    /// nothing, such as an impossible date).
    public mutating func fail(_ name: String, _ reason: String) {
        issues.append(InvalidParam(name: name, reason: reason))
    }

    /// A required string (`required: false`: absent is nil with no problem).
    public mutating func string(_ name: String, required: Bool = true) -> String? {
        switch value(name, required: required) {
        case .string(let text)?: return text
        case nil: return nil
        case let other?:
            fail(name, "must be a string, not \(other.kindDescription)")
            return nil
        }
    }

    /// A required integer within `range` (no fraction, no exponent).
    public mutating func int(_ name: String, in range: ClosedRange<Int>) -> Int? {
        int64(name, in: Int64(range.lowerBound)...Int64(range.upperBound), required: true).map { Int($0) }
    }

    /// An optional integer within `range`: `fallback` when absent.
    public mutating func int(_ name: String, in range: ClosedRange<Int>, default fallback: Int) -> Int? {
        guard object[name] != nil else {
            asked.insert(name)
            return fallback
        }
        return int64(name, in: Int64(range.lowerBound)...Int64(range.upperBound), required: true).map { Int($0) }
    }

    /// An integer within `range` (no fraction, no exponent).
    public mutating func int64(_ name: String, in range: ClosedRange<Int64>, required: Bool = true) -> Int64? {
        switch value(name, required: required) {
        case .number(let number)?:
            guard let value = number.int64, range.contains(value) else {
                fail(name, "must be an integer between \(range.lowerBound) and \(range.upperBound)")
                return nil
            }
            return value
        case nil: return nil
        case let other?:
            fail(name, "must be an integer, not \(other.kindDescription)")
            return nil
        }
    }

    /// Throws the 400 problem when anything was missing, bad or unknown.
    public func finish() throws(Problem) {
        var all = issues
        for key in object.keys where !asked.contains(key) {
            all.append(InvalidParam(name: key, reason: "is not a known field"))
        }
        guard !all.isEmpty else { return }
        throw Problem(status: .badRequest, title: "Invalid body",
                      detail: "One or more fields of the body are missing or invalid.",
                      type: "/problems/invalid-body", invalidParams: all)
    }

    private mutating func value(_ name: String, required: Bool) -> JSONValue? {
        asked.insert(name)
        guard let value = object[name] else {
            if required { fail(name, "is required") }
            return nil
        }
        if case .null = value {
            if required { fail(name, "is required") }
            return nil
        }
        return value
    }

    static func invalidBody(_ detail: String) -> Problem {
        Problem(status: .badRequest, title: "Invalid body", detail: detail, type: "/problems/invalid-body")
    }
}

import Foundation
