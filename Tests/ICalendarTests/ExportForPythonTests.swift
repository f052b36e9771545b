import Domain
import Foundation
import ICalendar
import Testing

/// Writes exported feeds and what they must contain to `$STAYS_ICAL_EXPORT_DIR`, for
/// `check_export.py` to read with an independent parser (Python's `icalendar`). Runs only
/// when that variable is set (the script sets it; CI runs the script).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STAYS_ICAL_EXPORT_DIR"] != nil))
struct ExportForPythonTests {
    @Test func writeFeedsAndManifest() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["STAYS_ICAL_EXPORT_DIR"]!)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var manifest: [[String: Any]] = []
        for seed in 0..<40 {
            let calendar = RandomCalendar(seed: UInt64(5000 + seed))
            let listing = ListingID(Int64(100 + seed))
            // A long name with multi-byte characters, so that folding and escaping are exercised.
            let name = "Listing \(listing), \(calendar.zone); 한옥 스테이 \\ 北村 — " + String(repeating: "é", count: seed)
            let text = ICalExport(listing: listing, timeZone: calendar.zone, calendarName: name)
                .render(blocks: calendar.blocks, today: calendar.today, windowEnd: calendar.windowEnd,
                        stamp: Instant(millisecondsSinceEpoch: 1_795_000_000_000))
            let file = "feed-\(seed).ics"
            try Data(text.utf8).write(to: directory.appendingPathComponent(file))
            let uids = calendar.blocks
                .filter { max($0.nights.lowerBound, calendar.today) < min($0.nights.upperBound, calendar.windowEnd) }
                .map { $0.identity.uid(listing: listing) }
            manifest.append([
                "file": file, "name": name, "timeZone": calendar.zone,
                "nights": calendar.expectedNights.map(\.description), "uids": uids.sorted(),
            ])
            #expect(uids.count == calendar.eventCount)
        }
        let json = try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
        try json.write(to: directory.appendingPathComponent("manifest.json"))
    }
}
