import Testing
@testable import DataImport

private func readAll(_ reader: CSVReader) throws -> [Result<CSVRecord, CSVRecordError>] {
    var results: [Result<CSVRecord, CSVRecordError>] = []
    while let result = try reader.next() { results.append(result) }
    return results
}

private func records(_ text: String) throws -> [CSVRecord] {
    try readAll(CSVReader(string: text)).map { try $0.get() }
}

/// Reads `text` from a temporary file with a tiny chunk size, so records straddle chunks.
private func recordsFromFile(_ bytes: [UInt8], chunkSize: Int) throws -> [Result<CSVRecord, CSVRecordError>] {
    let path = try TemporaryFile.write(bytes)
    defer { TemporaryFile.remove(path) }
    return try readAll(CSVReader(path: path, chunkSize: chunkSize))
}

@Suite struct CSVReaderTests {
    @Test func plainRecordsWithAndWithoutTrailingNewline() throws {
        let expected = [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["1", "2"])]
        #expect(try records("a,b\n1,2\n") == expected)
        #expect(try records("a,b\n1,2") == expected)
        #expect(try records("a,b\r\n1,2\r\n") == expected)
    }

    @Test func emptyFields() throws {
        #expect(try records(",,\n") == [CSVRecord(line: 1, fields: ["", "", ""])])
        #expect(try records("a,,c\n\"\",x,") == [
            CSVRecord(line: 1, fields: ["a", "", "c"]),
            CSVRecord(line: 2, fields: ["", "x", ""]),
        ])
    }

    @Test func quotedCommasAndDoubledQuotes() throws {
        let input = "\"$1,366.00\",\"say \"\"hi\"\"\",\"\"\"\"\n"
        #expect(try records(input) == [CSVRecord(line: 1, fields: ["$1,366.00", "say \"hi\"", "\""])])
    }

    @Test func lineBreaksInsideQuotesAreKeptAndLinesCounted() throws {
        let input = "id,about\n1,\"a\nb\"\n2,\"c\r\nd\"\r\n3,\"e\rf\"\n4,x\n"
        #expect(try records(input) == [
            CSVRecord(line: 1, fields: ["id", "about"]),
            CSVRecord(line: 2, fields: ["1", "a\nb"]),
            CSVRecord(line: 4, fields: ["2", "c\r\nd"]),
            CSVRecord(line: 6, fields: ["3", "e\rf"]),
            CSVRecord(line: 7, fields: ["4", "x"]),
        ])
    }

    @Test func emptyLinesAreSkipped() throws {
        #expect(try records("a\n\n\r\nb\n") == [CSVRecord(line: 1, fields: ["a"]), CSVRecord(line: 4, fields: ["b"])])
        #expect(try records("") == [])
        #expect(try records("\n") == [])
    }

    @Test func unterminatedQuoteIsReportedWithTheRecordsLine() throws {
        let results = try readAll(CSVReader(string: "a,b\n1,\"open\n2,3\n"))
        #expect(results.count == 2)
        #expect(try results[0].get() == CSVRecord(line: 1, fields: ["a", "b"]))
        #expect(results[1] == .failure(.unterminatedQuote(line: 2)))
    }

    @Test func strayQuoteFailsOnlyThatRecord() throws {
        let results = try readAll(CSVReader(string: "1,ab\"c\n2,\"x\"y\n3,ok\n"))
        #expect(results == [
            .failure(.unexpectedQuote(line: 1, column: 2)),
            .failure(.unexpectedQuote(line: 2, column: 2)),
            .success(CSVRecord(line: 3, fields: ["3", "ok"])),
        ])
    }

    @Test func invalidUTF8FailsOnlyThatRecord() throws {
        var bytes = Array("1,ok\n2,".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\n3,한글\n".utf8)
        let results = try readAll(CSVReader(bytes: bytes))
        #expect(results == [
            .success(CSVRecord(line: 1, fields: ["1", "ok"])),
            .failure(.invalidUTF8(line: 2, column: 2)),
            .success(CSVRecord(line: 3, fields: ["3", "한글"])),
        ])
    }

    @Test func byteOrderMarkIsIgnored() throws {
        #expect(try records("\u{FEFF}id,name\n") == [CSVRecord(line: 1, fields: ["id", "name"])])
    }

    @Test func headerMapsNamesToIndexes() throws {
        let header = try #require(try CSVReader(string: "id,name,price\n").readHeader()).get()
        #expect(header.index(of: "price") == 2)
        #expect(header.index(of: "missing") == nil)
    }

    @Test(arguments: [1, 2, 3, 7, 64 * 1024])
    func fileReadingMatchesMemoryReadingForAnyChunkSize(chunkSize: Int) throws {
        let input = Array("\u{FEFF}id,about\r\n1,\"a\r\nb, \"\"q\"\"\"\r\n2,\"c\rd\"\n3,서울 \"x\n4,끝".utf8)
        let fromFile = try recordsFromFile(input, chunkSize: chunkSize)
        let fromMemory = try readAll(CSVReader(bytes: input))
        #expect(fromFile == fromMemory)
        #expect(fromMemory.count == 5)
        #expect(try fromMemory[1].get() == CSVRecord(line: 2, fields: ["1", "a\r\nb, \"q\""]))
        #expect(fromMemory[3] == .failure(.unexpectedQuote(line: 5, column: 2)))
        #expect(try fromMemory[4].get() == CSVRecord(line: 6, fields: ["4", "끝"]))
    }

    @Test func missingFileIsAnInputError() {
        #expect(throws: CSVInputError.self) { try CSVReader(path: "/nonexistent/file.csv") }
    }
}
