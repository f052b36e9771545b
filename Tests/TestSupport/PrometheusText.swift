/// A strict little reader of the Prometheus text exposition format (0.0.4), for tests: every
/// line must be `# HELP name text`, `# TYPE name counter|gauge|histogram|summary|untyped`, or
/// `name{label="value",...} value` with valid names, quoted and escaped label values and a
/// number (or +Inf, -Inf, NaN) for the value.
public struct PrometheusText {
    public struct Sample: Equatable, CustomStringConvertible {
        public var name: String
        public var labels: [String: String]
        public var value: Double
        public var description: String { "\(name)\(labels.sorted { $0.key < $1.key }) \(value)" }
    }

    public private(set) var samples: [Sample] = []
    /// Family name to its `# TYPE`.
    public private(set) var types: [String: String] = [:]

    /// Throws on the first line that is not valid, naming it.
    public init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw ClientError(description: "metrics text does not end with a newline") }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let line = String(raw)
            func fail(_ why: String) -> ClientError { ClientError(description: "bad metrics line (\(why)): \(line)") }
            if line.hasPrefix("# HELP ") {
                let rest = line.dropFirst(7)
                guard let name = rest.split(separator: " ", maxSplits: 1).first, Self.isMetricName(String(name)) else {
                    throw fail("HELP name")
                }
            } else if line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ")
                guard parts.count == 2, Self.isMetricName(String(parts[0])),
                      ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[1]) else {
                    throw fail("TYPE")
                }
                guard types[String(parts[0])] == nil else { throw fail("TYPE twice") }
                types[String(parts[0])] = String(parts[1])
            } else if line.hasPrefix("#") {
                continue   // a comment
            } else {
                samples.append(try Self.sample(line, fail: fail))
            }
        }
    }

    /// The value of the one sample named `name` whose labels include `labels`; nil if none.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }

    /// Every sample named `name` whose labels include `labels`.
    public func all(_ name: String, _ labels: [String: String] = [:]) -> [Sample] {
        samples.filter { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }
    }

    static func isMetricName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isLetter || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
            return false
        }
        return name.utf8.allSatisfy { $0.isLetter || $0.isDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":") }
    }

    static func isLabelName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isLetter || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { $0.isLetter || $0.isDigit || $0 == UInt8(ascii: "_") }
    }

    private static func sample(_ line: String, fail: (String) -> ClientError) throws -> Sample {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count && bytes[index] != UInt8(ascii: "{") && bytes[index] != UInt8(ascii: " ") { index += 1 }
        let name = String(decoding: bytes[0..<index], as: UTF8.self)
        guard isMetricName(name) else { throw fail("metric name") }
        var labels: [String: String] = [:]
        if index < bytes.count && bytes[index] == UInt8(ascii: "{") {
            index += 1
            while true {
                guard index < bytes.count else { throw fail("unterminated labels") }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "=") { index += 1 }
                let key = String(decoding: bytes[start..<index], as: UTF8.self)
                guard isLabelName(key), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
                    throw fail("label name")
                }
                index += 2
                var value: [UInt8] = []
                while true {
                    guard index < bytes.count else { throw fail("unterminated label value") }
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { index += 1; break }
                    if byte == UInt8(ascii: "\\") {
                        guard index + 1 < bytes.count else { throw fail("escape") }
                        switch bytes[index + 1] {
                        case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
                        case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
                        case UInt8(ascii: "n"): value.append(10)
                        default: throw fail("escape")
                        }
                        index += 2
                    } else {
                        guard byte != 10 else { throw fail("raw newline") }
                        value.append(byte)
                        index += 1
                    }
                }
                guard labels[key] == nil else { throw fail("label twice") }
                labels[key] = String(decoding: value, as: UTF8.self)
                if index < bytes.count && bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: " ") else { throw fail("no space before the value") }
        let text = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        let value: Double
        switch text {
        case "+Inf": value = .infinity
        case "-Inf": value = -.infinity
        case "NaN": value = .nan
        default:
            guard let parsed = Double(text), !text.contains(" ") else { throw fail("value") }
            value = parsed
        }
        return Sample(name: name, labels: labels, value: value)
    }
}

private extension UInt8 {
    var isLetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
}
