import PostgresStorage

extension ListingSearchSQL {
    /// `sql` (written with `:name` placeholders, in the PostgreSQL dialect) as PostgreSQL
    /// takes it: each name becomes `$n` with the type of its value (`bigint`, `float8`,
    /// `text`), so the server never has to guess a type from the context (a cursor's key is a
    /// double even where the sort key is an integer), and the values in `$n` order. `::` is a
    /// cast and left alone. Every name in the text must have a value.
    static func postgresStatement(_ sql: String, _ values: [String: Parameter]) -> (sql: String, parameters: [(any PostgresBindable)?]) {
        var text = ""
        var numbers: [String: Int] = [:]
        var parameters: [(any PostgresBindable)?] = []
        var characters = sql[...]
        while let colon = characters.firstIndex(of: ":") {
            text += characters[..<colon]
            let rest = characters[characters.index(after: colon)...]
            if rest.first == ":" {
                // A cast (`NULL::bigint`), not a placeholder.
                text += "::"
                characters = rest.dropFirst()
                continue
            }
            let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
            let name = ":" + rest[..<nameEnd]
            guard nameEnd > rest.startIndex, let value = values[name] else {
                preconditionFailure("no value for \(name) in a listing search statement")
            }
            let number: Int
            if let known = numbers[name] {
                number = known
            } else {
                switch value {
                case .integer(let integer): parameters.append(integer)
                case .real(let real): parameters.append(real)
                case .text(let string): parameters.append(string)
                }
                number = parameters.count
                numbers[name] = number
            }
            switch value {
            case .integer: text += "$\(number)::bigint"
            case .real: text += "$\(number)::float8"
            case .text: text += "$\(number)::text"
            }
            characters = rest[nameEnd...]
        }
        text += characters
        return (text, parameters)
    }
}
