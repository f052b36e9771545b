/// One content line after unfolding: `name *(";" param) ":" value` (RFC 5545 3.1).
///
/// Promises: `name` and parameter names are upper-cased; a parameter's values have their
/// surrounding double quotes removed; `value` is the raw text after the first `:` outside
/// quotes (TEXT values still escaped). `lineNumber` is the 1-based physical line where the
/// content line begins, for messages.
public struct ICalContentLine: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let values: [String]
    }

    public let name: String
    public let parameters: [Parameter]
    public let value: String
    public let lineNumber: Int

    /// The first value of parameter `name` (upper-case), if present.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// Parses one unfolded line; nil when it is not `name[;params]:value`.
    public init?(_ bytes: ArraySlice<UInt8>, lineNumber: Int) {
        self.lineNumber = lineNumber
        var index = bytes.startIndex
        func isNameByte(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        func readName() -> String? {
            let start = index
            while index < bytes.endIndex, isNameByte(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
        }
        guard let name = readName() else { return nil }
        self.name = name
        var parameters: [Parameter] = []
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") {
            index += 1
            guard let parameterName = readName(), index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else {
                return nil
            }
            index += 1
            var values: [String] = []
            while true {
                if index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") {
                    // quoted-string: any byte but DQUOTE and controls (RFC 5545 3.1).
                    let start = index + 1
                    guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    values.append(String(decoding: bytes[start..<close], as: UTF8.self))
                    index = close + 1
                } else {
                    let start = index
                    scan: while index < bytes.endIndex {
                        switch bytes[index] {
                        case UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\""): break scan
                        default: index += 1
                        }
                    }
                    values.append(String(decoding: bytes[start..<index], as: UTF8.self))
                }
                guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters.append(Parameter(name: parameterName, values: values))
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return nil }
        self.parameters = parameters
        self.value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
    }
}
