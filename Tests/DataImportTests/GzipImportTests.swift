import Foundation
import Testing
import Domain
@testable import DataImport

/// `stays import` reads Inside Airbnb's gzipped files as they are published, and names the
/// file it read in what it reports.
@Suite struct GzipImportTests {
    let options = ImportOptions(currency: CurrencyCode(rawValue: "SGD"), timeZone: "Asia/Singapore", cityName: "Singapore")

    /// `gzip -c source > directory/name`, with the system's gzip: an encoder independent of zlib's reader here.
    func gzipped(_ source: String, as name: String, in directory: URL) throws -> String {
        let target = directory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", source]
        process.standardOutput = try FileHandle(forWritingTo: target)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return target.path
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stays-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func gzippedFilesImportExactlyAsThePlainOnes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = FakeCatalogWriter()
        let plainSummary = try Importer().import(
            listingsFile: Fixtures.singapore + "/listings_detailed.csv", calendarFile: Fixtures.singapore + "/calendar.csv",
            options: options, writer: plain, progress: { _ in })
        let gzip = FakeCatalogWriter()
        var phases: [String] = []
        let gzipSummary = try Importer().import(
            listingsFile: try gzipped(Fixtures.singapore + "/listings_detailed.csv", as: "listings.csv.gz", in: directory),
            calendarFile: try gzipped(Fixtures.singapore + "/calendar.csv", as: "calendar.csv.gz", in: directory),
            options: options, writer: gzip,
            progress: { if case .phaseStarted(let name, let total, _) = $0 { phases.append("\(name) \(total.map(String.init) ?? "-")") } })
        #expect(gzipSummary.listingsImported == 60)
        #expect(gzipSummary.report == plainSummary.report)
        #expect(gzipSummary.calendarEntriesWritten == plainSummary.calendarEntriesWritten)
        #expect(gzip.state.listings == plain.state.listings)
        #expect(gzip.state.calendars == plain.state.calendars)
        // Progress names the file read; a compressed size is no total for decompressed bytes.
        #expect(phases.first == "checking listings listings.csv.gz -", "\(phases)")
        #expect(phases.contains("saving calendar calendar.csv.gz -"), "\(phases)")
    }

    @Test func skippedRowsNameTheFileRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let summary = try Importer().import(
            listingsFile: try gzipped(Fixtures.edgeCases + "/listings_bad.csv", as: "sg-listings.csv.gz", in: directory),
            calendarFile: Fixtures.edgeCases + "/calendar_bad.csv",
            options: options, writer: FakeCatalogWriter(), progress: { _ in })
        #expect(summary.listingsSkipped == 5)
        let listings = summary.issues.filter { $0.file == .listings }
        #expect(listings.first?.description.hasPrefix("sg-listings.csv.gz line 3: invalid listing id") == true,
                "\(listings.map(\.description))")
        #expect(summary.issues.first { $0.file == .calendar }?.description.hasPrefix("calendar_bad.csv line 4:") == true)
    }

    /// Decided by the first bytes, not the name; read in tiny chunks as in large ones.
    @Test func aGzipFileIsReadWhateverItsNameAndChunkSize() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Fixtures.singapore + "/listings.csv"
        let gzip = try gzipped(source, as: "listings.csv", in: directory)
        func records(_ reader: CSVReader) throws -> [[String]] {
            var result: [[String]] = []
            while let record = try reader.next() { result.append(try record.get().fields) }
            return result
        }
        let expected = try records(try CSVReader(path: source))
        #expect(expected.count > 10)
        #expect(try records(try CSVReader(path: gzip)) == expected)
        #expect(try records(try CSVReader(path: gzip, chunkSize: 7)) == expected)
    }

    @Test func aDamagedGzipFileIsAnErrorNamingIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: try gzipped(Fixtures.singapore + "/listings.csv", as: "whole.gz", in: directory)))
        let cut = directory.appendingPathComponent("cut.csv.gz")
        try whole.prefix(whole.count / 2).write(to: cut)
        let error = #expect(throws: CSVInputError.self) {
            let reader = try CSVReader(path: cut.path)
            while try reader.next() != nil {}
        }
        #expect(error?.description.hasPrefix("\(cut.path): not a CSV file: the gzip data is damaged") == true,
                "\(String(describing: error))")
    }
}
