/// A parsed JSON value (RFC 8259), as `JSONParser` produces it.
///
/// Promises: object members keep the order of the input, and an object never holds the same
/// key twice (the parser rejects duplicates); numbers keep their literal text, so nothing is
/// lost to a conversion the caller did not ask for.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's kind, for messages ("a string", "an object", ...).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number as written in the input. The literal is valid per RFC 8259 §6 (no leading
/// zeros, no `+`, no NaN or Infinity), so the conversions below never see anything else.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The number exactly as it appeared, e.g. `-12.50e3`.
    public let literal: String
    /// Whether the literal has neither a fraction nor an exponent (`2.0` and `2e0` do not).
    public let isIntegerLiteral: Bool

    /// Only the parser makes numbers, from text it has validated.
    init(literal: String, isIntegerLiteral: Bool) {
        self.literal = literal
        self.isIntegerLiteral = isIntegerLiteral
    }

    /// The value as an `Int64` when the literal is an integer literal (no fraction, no exponent)
    /// within `Int64.min...Int64.max`; nil otherwise. `-0` is 0. Never rounds.
    public var int64: Int64? {
        isIntegerLiteral ? Int64(literal) : nil
    }

    /// The nearest `Double` (correctly rounded); nil when the magnitude is beyond
    /// `Double.greatestFiniteMagnitude` (such as `1e400`). Tiny values round to zero.
    public var double: Double? {
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    public var description: String { literal }
}

/// A JSON object: its members in input order, keys unique.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
    }

    /// The members in the order they appeared.
    public let members: [Member]

    /// Only the parser makes objects, after checking the keys are unique.
    init(members: [Member]) {
        self.members = members
    }

    /// The value of `key`, or nil when there is no such member. A linear search: objects a
    /// request carries are small, and the parser bounds their size (`JSONLimits.maxMembers`).
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
}
