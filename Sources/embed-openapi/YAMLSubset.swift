/// A YAML reader for exactly the subset docs/openapi.yaml is written in, writing JSON:
/// block mappings and sequences (a sequence's items may be mappings, `- key: value`, and may
/// sit at their parent key's indentation), flow mappings and sequences (`{ a: b, c: [d] }`,
/// nested), plain, single- and double-quoted scalars (plain ones may continue on more
/// indented lines), literal and folded block scalars (`|`, `>`, with `-`/`+` chomping),
/// comments. Plain scalars resolve as PyYAML's YAML 1.1 resolver does for what the spec
/// uses: null, booleans (true/false/yes/no/on/off), decimal integers, floats; everything
/// else (dates included) is a string. No anchors, aliases, tags or documents: they throw.
///
/// A test (`OpenAPIDocumentTests`) holds the output to Python's `yaml.safe_load` + `json`.
struct YAMLSubset {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "openapi.yaml line \(line): \(message)" }
    }

    indirect enum Node {
        case scalar(String, quoted: Bool)
        case mapping([(String, Node)])
        case sequence([Node])
    }

    private var lines: [String]
    private var index = 0

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func json(fromYAML text: String) throws -> String {
        var reader = YAMLSubset(text)
        let node = try reader.document()
        var out = ""
        write(node, to: &out)
        return out
    }

    mutating func document() throws -> Node {
        skipBlank()
        guard index < lines.count else { return .scalar("", quoted: false) }
        let node = try block(indent: Self.indent(lines[index]))
        skipBlank()
        if index < lines.count { throw Failure(line: index + 1, message: "unexpected content") }
        return node
    }

    // MARK: Blocks

    private static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.isEmpty || trimmed.first == "#"
    }

    private mutating func skipBlank() {
        while index < lines.count, Self.isBlankOrComment(lines[index]) { index += 1 }
    }

    private static func isSequenceItem(_ content: Substring) -> Bool {
        content == "-" || content.hasPrefix("- ")
    }

    /// The block (mapping or sequence) whose first line is the next content line, at `indent`.
    private mutating func block(indent: Int) throws -> Node {
        skipBlank()
        let content = lines[index].dropFirst(indent)
        return Self.isSequenceItem(content) ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    private mutating func sequence(indent: Int) throws -> Node {
        var items: [Node] = []
        while true {
            skipBlank()
            guard index < lines.count, Self.indent(lines[index]) == indent else { break }
            let content = lines[index].dropFirst(indent)
            guard Self.isSequenceItem(content) else { break }
            let rest = content.dropFirst(1).drop { $0 == " " }
            if rest.isEmpty || rest.first == "#" {
                index += 1
                skipBlank()
                guard index < lines.count, Self.indent(lines[index]) > indent else {
                    items.append(.scalar("", quoted: false))
                    continue
                }
                items.append(try block(indent: Self.indent(lines[index])))
                continue
            }
            // `- item`: read the item as if it started at its own column.
            let column = lines[index].count - rest.count
            lines[index] = String(repeating: " ", count: column) + rest
            if Self.keyEnd(rest) != nil {
                items.append(try mapping(indent: column))
            } else {
                items.append(try inlineValue(String(rest), parentIndent: indent))
            }
        }
        return .sequence(items)
    }

    private mutating func mapping(indent: Int) throws -> Node {
        var members: [(String, Node)] = []
        while true {
            skipBlank()
            guard index < lines.count else { break }
            let lineIndent = Self.indent(lines[index])
            if lineIndent > indent { throw Failure(line: index + 1, message: "unexpected indentation") }
            guard lineIndent == indent else { break }
            let content = lines[index].dropFirst(indent)
            if Self.isSequenceItem(content) { break }
            guard let (keyText, valueStart) = Self.keyEnd(content) else {
                throw Failure(line: index + 1, message: "expected 'key: value'")
            }
            let key = try Self.keyString(keyText, line: index + 1)
            let rest = Self.stripComment(content[valueStart...]).trimmingSpaces()
            if rest.isEmpty {
                index += 1
                skipBlank()
                if index < lines.count {
                    let next = Self.indent(lines[index])
                    let nextContent = lines[index].dropFirst(next)
                    if next > indent || (next == indent && Self.isSequenceItem(nextContent)) {
                        members.append((key, try block(indent: next)))
                        continue
                    }
                }
                members.append((key, .scalar("", quoted: false)))
            } else {
                members.append((key, try inlineValue(String(content[valueStart...].drop { $0 == " " }), parentIndent: indent)))
            }
        }
        return .mapping(members)
    }

    /// The value after `key:` or `- ` on the current line (consumed, with its continuation lines).
    private mutating func inlineValue(_ raw: String, parentIndent: Int) throws -> Node {
        let line = index + 1
        let text = Self.stripComment(raw[...]).trimmingSpaces()
        if text.first == "&" || text.first == "*" || text.first == "!" {
            throw Failure(line: line, message: "anchors, aliases and tags are not supported")
        }
        if text.first == "|" || text.first == ">" {
            index += 1
            return .scalar(try blockScalar(header: String(text), parentIndent: parentIndent, line: line), quoted: true)
        }
        if text.first == "{" || text.first == "[" {
            var source = String(text)
            index += 1
            while !Self.balanced(source) {
                guard index < lines.count else { throw Failure(line: line, message: "unterminated flow collection") }
                source += " " + Self.stripComment(lines[index][...]).trimmingSpaces()
                index += 1
            }
            var flow = FlowReader(text: Array(source.unicodeScalars), line: line)
            let node = try flow.value()
            try flow.end()
            return node
        }
        if text.first == "\"" || text.first == "'" {
            var source = String(text)
            index += 1
            while !Self.quoteClosed(source) {
                guard index < lines.count else { throw Failure(line: line, message: "unterminated quoted scalar") }
                source += "\n" + lines[index]
                index += 1
            }
            var flow = FlowReader(text: Array(source.unicodeScalars), line: line)
            let node = try flow.value()
            try flow.end()
            return node
        }
        // Plain, possibly continued on more indented lines (folded with spaces; a blank line is a newline).
        var value = String(text)
        index += 1
        var pendingNewlines = 0
        while index < lines.count {
            let next = lines[index]
            let trimmed = next.trimmingSpaces()
            if trimmed.isEmpty { pendingNewlines += 1; index += 1; continue }
            guard Self.indent(next) > parentIndent, trimmed.first != "#" else { break }
            value += pendingNewlines > 0 ? String(repeating: "\n", count: pendingNewlines) : " "
            value += Self.stripComment(trimmed[...]).trimmingSpaces()
            pendingNewlines = 0
            index += 1
        }
        return .scalar(value, quoted: false)
    }

    private mutating func blockScalar(header: String, parentIndent: Int, line: Int) throws -> String {
        let folded = header.first == ">"
        var chomp: Character = " "
        for c in header.dropFirst() {
            if c == "-" || c == "+" { chomp = c } else {
                throw Failure(line: line, message: "block scalar indicator \(header) is not supported")
            }
        }
        var raw: [String] = []
        while index < lines.count {
            let next = lines[index]
            if !next.trimmingSpaces().isEmpty && Self.indent(next) <= parentIndent { break }
            raw.append(next)
            index += 1
        }
        let blockIndent = raw.first { !$0.trimmingSpaces().isEmpty }.map(Self.indent) ?? 0
        var body = raw.map { $0.trimmingSpaces().isEmpty ? "" : String($0.dropFirst(blockIndent)) }
        var trailing = 0
        while let last = body.last, last.isEmpty { body.removeLast(); trailing += 1 }
        var text: String
        if folded {
            text = ""
            var previousWasText = false
            var previousMoreIndented = false
            var blankRun = 0
            for piece in body {
                if piece.isEmpty { blankRun += 1; continue }
                let moreIndented = piece.first == " "
                if previousWasText {
                    if blankRun == 0 {
                        text += (moreIndented || previousMoreIndented) ? "\n" : " "
                    } else {
                        text += String(repeating: "\n", count: blankRun + ((moreIndented || previousMoreIndented) ? 1 : 0))
                    }
                } else if blankRun > 0 {
                    text += String(repeating: "\n", count: blankRun)
                }
                text += piece
                previousWasText = true
                previousMoreIndented = moreIndented
                blankRun = 0
            }
        } else {
            text = body.joined(separator: "\n")
        }
        switch chomp {
        case "-": break
        case "+": text += String(repeating: "\n", count: body.isEmpty ? trailing : trailing + 1)
        default: if !body.isEmpty { text += "\n" }
        }
        return text
    }

    // MARK: Line helpers

    /// The key and where the value starts, if `content` is `key:` or `key: value`.
    static func keyEnd(_ content: Substring) -> (Substring, String.Index)? {
        if content.first == "\"" || content.first == "'" {
            let quote = content.first!
            var i = content.index(after: content.startIndex)
            while i < content.endIndex {
                if content[i] == "\\" && quote == "\"" { i = content.index(i, offsetBy: 2, limitedBy: content.endIndex) ?? content.endIndex; continue }
                if content[i] == quote {
                    let next = content.index(after: i)
                    if quote == "'" && next < content.endIndex && content[next] == "'" { i = content.index(after: next); continue }
                    let afterSpaces = content[next...].drop { $0 == " " }
                    guard afterSpaces.first == ":" else { return nil }
                    let colon = afterSpaces.startIndex
                    let valueStart = content.index(after: colon)
                    guard valueStart == content.endIndex || content[valueStart] == " " else { return nil }
                    return (content[..<next], valueStart)
                }
                i = content.index(after: i)
            }
            return nil
        }
        if content.first == "{" || content.first == "[" || content.first == "#" { return nil }
        var i = content.startIndex
        while i < content.endIndex {
            if content[i] == " " && content.index(after: i) < content.endIndex && content[content.index(after: i)] == "#" { return nil }
            if content[i] == ":" {
                let next = content.index(after: i)
                if next == content.endIndex || content[next] == " " { return (content[..<i], next) }
            }
            i = content.index(after: i)
        }
        return nil
    }

    static func keyString(_ key: Substring, line: Int) throws -> String {
        let trimmed = key.trimmingSpaces()
        if trimmed.first == "\"" || trimmed.first == "'" {
            var flow = FlowReader(text: Array(trimmed.unicodeScalars), line: line)
            guard case .scalar(let text, _) = try flow.value() else { throw Failure(line: line, message: "bad key") }
            return text
        }
        return trimmed
    }

    /// `text` without a trailing ` # comment` outside quotes and flow brackets' strings.
    static func stripComment(_ text: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == "\\" && q == "\"" {
                    i = text.index(i, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                    previous = " "
                    continue
                }
                if c == q { quote = nil }
            } else if c == "#" && (previous == " " || i == text.startIndex) {
                return text[..<i]
            } else if (c == "\"" || c == "'") && (previous == " " || previous == "{" || previous == "[" || previous == ","
                                                   || previous == ":" || i == text.startIndex) {
                quote = c
            }
            previous = c
            i = text.index(after: i)
        }
        return text
    }

    static func balanced(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?
        var escaped = false
        var previous: Character = "{"   // the last character that is not a space
        for c in text {
            defer { if c != " " { previous = c } }
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'":
                // A quote opens a quoted scalar only where a scalar starts (not `listing's`).
                if "{[,:".contains(previous) { quote = c }
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            default: break
            }
        }
        return depth <= 0 && quote == nil
    }

    static func quoteClosed(_ text: String) -> Bool {
        guard let quote = text.first else { return true }
        var escaped = false
        let chars = Array(text.dropFirst())
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if escaped { escaped = false } else if c == "\\" && quote == "\"" { escaped = true } else if c == quote {
                if quote == "'" && i + 1 < chars.count && chars[i + 1] == "'" { i += 2; continue }
                return true
            }
            i += 1
        }
        return false
    }

    // MARK: JSON

    static func write(_ node: Node, to out: inout String) {
        switch node {
        case .scalar(let text, let quoted):
            out += quoted ? quote(text) : resolvePlain(text)
        case .sequence(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .mapping(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += quote(key)
                out += ":"
                write(value, to: &out)
            }
            out += "}"
        }
    }

    /// PyYAML's YAML 1.1 resolution of a plain scalar, as JSON.
    static func resolvePlain(_ text: String) -> String {
        switch text {
        case "", "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return "true"
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return "false"
        default: break
        }
        let scalars = Array(text.utf8)
        var digits = scalars[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if !digits.isEmpty, digits.allSatisfy(isDigit), digits.first != UInt8(ascii: "0") || digits.count == 1 {
            return scalars.first == UInt8(ascii: "+") ? String(text.dropFirst()) : text
        }
        // Floats: digits '.' digits, optionally an exponent with a sign (1.1's rule).
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            let whole = digits[..<dot]
            var fraction = digits[(dot + 1)...]
            var exponent: ArraySlice<UInt8> = []
            if let e = fraction.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                exponent = fraction[(e + 1)...]
                fraction = fraction[..<e]
            }
            let exponentOK = exponent.isEmpty
                || (exponent.count >= 2 && (exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+"))
                    && exponent.dropFirst().allSatisfy(isDigit))
            if whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit), !(whole.isEmpty && fraction.isEmpty), exponentOK,
               let value = Double(text) {
                return "\(value)"
            }
        }
        return quote(text)
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Flow collections and quoted scalars of one (joined) line.
struct FlowReader {
    let text: [Unicode.Scalar]
    let line: Int
    var i = 0

    init(text: [Unicode.Scalar], line: Int) {
        self.text = text
        self.line = line
    }

    func fail(_ message: String) -> YAMLSubset.Failure { YAMLSubset.Failure(line: line, message: message) }

    mutating func spaces() {
        while i < text.count, text[i] == " " || text[i] == "\n" || text[i] == "\t" { i += 1 }
    }

    mutating func end() throws {
        spaces()
        if i < text.count && text[i] != "#" { throw fail("unexpected text after a value") }
    }

    mutating func value() throws -> YAMLSubset.Node {
        spaces()
        guard i < text.count else { throw fail("missing value") }
        switch text[i] {
        case "{":
            i += 1
            var members: [(String, YAMLSubset.Node)] = []
            while true {
                spaces()
                if i < text.count, text[i] == "}" { i += 1; break }
                guard case .scalar(let key, _) = try scalar(inKey: true) else { throw fail("bad key") }
                spaces()
                // `{ a: x, b }`: a key without a value is null (as PyYAML reads it).
                if i < text.count, text[i] == "," || text[i] == "}" {
                    members.append((key, .scalar("", quoted: false)))
                    if text[i] == "," { i += 1; continue }
                    i += 1
                    break
                }
                guard i < text.count, text[i] == ":" else { throw fail("expected ':' in a flow mapping") }
                i += 1
                spaces()
                let member: YAMLSubset.Node = (i < text.count && (text[i] == "," || text[i] == "}")) ? .scalar("", quoted: false) : try value()
                members.append((key, member))
                spaces()
                guard i < text.count else { throw fail("unterminated flow mapping") }
                if text[i] == "," { i += 1; continue }
                if text[i] == "}" { i += 1; break }
                throw fail("expected ',' or '}'")
            }
            return .mapping(members)
        case "[":
            i += 1
            var items: [YAMLSubset.Node] = []
            while true {
                spaces()
                if i < text.count, text[i] == "]" { i += 1; break }
                items.append(try value())
                spaces()
                guard i < text.count else { throw fail("unterminated flow sequence") }
                if text[i] == "," { i += 1; continue }
                if text[i] == "]" { i += 1; break }
                throw fail("expected ',' or ']'")
            }
            return .sequence(items)
        default:
            return try scalar(inKey: false)
        }
    }

    mutating func scalar(inKey: Bool) throws -> YAMLSubset.Node {
        spaces()
        guard i < text.count else { throw fail("missing scalar") }
        if text[i] == "'" {
            i += 1
            var out = String.UnicodeScalarView()
            while true {
                guard i < text.count else { throw fail("unterminated single-quoted scalar") }
                if text[i] == "'" {
                    if i + 1 < text.count, text[i + 1] == "'" { out.append("'"); i += 2; continue }
                    i += 1
                    break
                }
                out.append(text[i])
                i += 1
            }
            return .scalar(Self.foldQuotedLines(String(out)), quoted: true)
        }
        if text[i] == "\"" {
            i += 1
            var out = String.UnicodeScalarView()
            while true {
                guard i < text.count else { throw fail("unterminated double-quoted scalar") }
                let c = text[i]
                if c == "\"" { i += 1; break }
                if c == "\\" {
                    guard i + 1 < text.count else { throw fail("bad escape") }
                    let e = text[i + 1]
                    i += 2
                    switch e {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "0": out.append("\0")
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "/": out.append("/")
                    case " ": out.append(" ")
                    case "u", "x":
                        let count = e == "u" ? 4 : 2
                        guard i + count <= text.count,
                              let value = UInt32(String(String.UnicodeScalarView(text[i..<(i + count)])), radix: 16),
                              let scalar = Unicode.Scalar(value) else { throw fail("bad \\\(e) escape") }
                        out.append(scalar)
                        i += count
                    default: throw fail("unsupported escape \\\(e)")
                    }
                    continue
                }
                out.append(c)
                i += 1
            }
            return .scalar(Self.foldQuotedLines(String(out)), quoted: true)
        }
        var out = String.UnicodeScalarView()
        while i < text.count {
            let c = text[i]
            if c == "," || c == "]" || c == "}" { break }
            if c == ":" && (i + 1 == text.count || text[i + 1] == " " || text[i + 1] == "," || inKey) { break }
            if c == "#" && (out.last == " ") { break }
            out.append(c)
            i += 1
        }
        return .scalar(String(out).trimmingSpaces(), quoted: false)
    }

    /// A quoted scalar over several lines: each line break with its indentation is one space,
    /// an empty line a newline.
    static func foldQuotedLines(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out = String(pieces[0]).trimmingTrailingSpaces()
        var blank = 0
        for piece in pieces.dropFirst() {
            let trimmed = piece.trimmingSpaces()
            if trimmed.isEmpty { blank += 1; continue }
            out += blank > 0 ? String(repeating: "\n", count: blank) : " "
            out += trimmed
            blank = 0
        }
        return out
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }).trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
