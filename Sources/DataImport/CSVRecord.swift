/// One CSV record: its fields (decoded UTF-8, quotes removed) and the 1-based line number
/// of the file on which it starts.
public struct CSVRecord: Hashable, Sendable {
    public var line: Int
    public var fields: [String]
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// The header row of a CSV file: maps column names to indexes. Names are matched exactly
/// (case-sensitive); with duplicate names the first column wins.
public struct CSVHeader: Hashable, Sendable {
    public let names: [String]
    private let indexes: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        var indexes: [String: Int] = [:]
        for (index, name) in names.enumerated() where indexes[name] == nil {
            indexes[name] = index
        }
        self.indexes = indexes
    }

    public func index(of name: String) -> Int? { indexes[name] }
    public func contains(_ name: String) -> Bool { indexes[name] != nil }
    public var count: Int { names.count }
}
