import Domain
import ICalendar
import Testing

/// Export, then import, of random calendars blocks exactly the original nights.
@Suite struct ExportImportPropertyTests {
    @Test(arguments: 0..<300)
    func exportThenImportBlocksTheSameNights(seed: Int) throws {
        let calendar = RandomCalendar(seed: UInt64(seed))
        let text = calendar.render(listing: ListingID(Int64(seed)))
        let result = try ICalImport(timeZone: calendar.zone, today: calendar.today, windowEnd: calendar.windowEnd)
            .read(Array(text.utf8))
        #expect(result.nights == calendar.expectedNights, "seed \(seed), zone \(calendar.zone)")
        #expect(result.eventCount == calendar.eventCount)
        #expect(result.events.count == calendar.eventCount)
        #expect(result.warnings.isEmpty)
        // Every event comes back under its UID with its nights.
        let uids = Set(result.events.compactMap(\.uid))
        #expect(uids.count == calendar.eventCount)
        // Rendering again gives the same bytes (a stable ETag).
        #expect(text == calendar.render(listing: ListingID(Int64(seed))))
    }

    /// The same feed, read with bare LF line ends, or with every line folded after each
    /// octet group, blocks the same nights.
    @Test(arguments: 0..<20)
    func lineEndsAndFoldingDoNotMatter(seed: Int) throws {
        let calendar = RandomCalendar(seed: UInt64(1000 + seed))
        let text = calendar.render(listing: ListingID(1))
        let reader = ICalImport(timeZone: calendar.zone, today: calendar.today, windowEnd: calendar.windowEnd)
        let lf = Array(text.utf8).filter { $0 != 0x0D }
        var refolded: [UInt8] = []
        for line in text.split(separator: "\r\n") {
            for (index, byte) in line.utf8.enumerated() {
                if index > 0, index % 7 == 0 { refolded += [0x0D, 0x0A, index % 14 == 0 ? 0x20 : 0x09] }
                refolded.append(byte)
            }
            refolded += [0x0D, 0x0A]
        }
        #expect(try reader.read(lf).nights == calendar.expectedNights)
        #expect(try reader.read(refolded).nights == calendar.expectedNights)
    }
}
