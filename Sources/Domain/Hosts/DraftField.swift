/// One field of a partial JSON body (`PATCH`): not sent, sent as `null`, or sent with a
/// value. Keeps "leave it as it is" apart from "clear it", which an optional cannot.
public enum DraftField<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The body does not name the field: the current value stays.
    case absent
    /// The body sends `null`: the field returns to its default (refused for fields that
    /// cannot be empty).
    case null
    /// The body sends a value.
    case set(Value)

    /// `.set(value)`, or `.null` for nil: what a JSON reader that saw the key produces.
    public init(_ value: Value?) {
        self = value.map { .set($0) } ?? .null
    }

    /// Whether the body names the field at all.
    public var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }
}
